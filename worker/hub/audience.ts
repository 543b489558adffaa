import type { Audience, HubActor } from "../contracts/ws";

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
  }
}
