import { roomNames, type Audience, type HubActor } from "../contracts/ws";
import { canSeeTicket } from "../domain/tickets/visibility";

export interface SocketState extends HubActor {
  rooms: string[];
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
