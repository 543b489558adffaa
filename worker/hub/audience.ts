import { roomNames, type Audience, type HubActor, type PublishedEvent } from "../contracts/ws";
import { canSeeTicket } from "../domain/tickets/visibility";

export interface SocketState extends HubActor {
  rooms: string[];
  /** The tab's last reported visibility; absent until it says (a tab opening its socket is taken as visible). */
  hidden?: boolean;
}

/** Whether a socket's user is among an event's audience. Pure, so it is tested on its own. */
export function audienceIncludes(audience: Audience, socket: SocketState): boolean {
  switch (audience.kind) {
    case "company":
      return true;
    case "admins":
      return socket.profile === "admin";
    case "users":
      return audience.userIds.includes(socket.userId);
    case "userSessionsExcept":
      return socket.userId === audience.userId && socket.sessionId !== audience.keepSessionId;
    case "room":
      return socket.rooms.includes(audience.room);
    case "ticket": {
      return (
        (audience.before !== null && canSeeTicket(socket, audience.before, audience.settings)) ||
        (audience.after !== null && canSeeTicket(socket, audience.after, audience.settings))
      );
    }
    case "chatBox":
      return socket.rooms.includes(roomNames.chatBox(audience.ticketId)) && canSeeTicket(socket, audience.ticket, audience.settings);
  }
}

/**
 * What a socket of a locked-out company (expired, or blocked) still hears until it is let in again (ADR 0036): its
 * session's events (ended elsewhere) and billing's (the payment that lets it in, the platform's change of the
 * company). Its inbox, contacts and everything else stay as closed as the REST API, which answers 402.
 */
const HEARD_WHILE_LOCKED: ReadonlySet<PublishedEvent["type"]> = new Set(["auth", "payment", "company"]);

/** Whether an event reaches a socket, its company being `locked` out or not. Platform admins are never locked out. */
export function eventReaches(audience: Audience, event: PublishedEvent, socket: SocketState, locked: boolean): boolean {
  if (locked && !socket.super && !HEARD_WHILE_LOCKED.has(event.type)) return false;
  return audienceIncludes(audience, socket);
}
