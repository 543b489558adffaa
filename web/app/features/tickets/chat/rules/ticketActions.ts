import type { ChatTicket } from "../types";

export interface ChatActor {
  id: number;
  profile: "admin" | "supervisor" | "user";
}

/**
 * What the header offers and what the composer area shows, by status (spec 000 sections 2 and 4), mirroring
 * what the server allows (worker/domain/tickets/updateTicket, worker/domain/messages/ticketForMessaging):
 * closed → reopen; pending → accept; open → return, resolve, transfer — for its owner or an admin.
 */
export interface TicketActions {
  reopen: boolean;
  accept: boolean;
  returnToQueue: boolean;
  resolve: boolean;
  transfer: boolean;
  composer: "write" | "accept" | "reopen" | "readOnly";
}

export function ticketActions(ticket: Pick<ChatTicket, "status" | "userId">, actor: ChatActor): TicketActions {
  const isAdmin = actor.profile === "admin";
  const mine = ticket.userId === actor.id;
  const manage = mine || isAdmin;
  switch (ticket.status) {
    case "closed":
      return { reopen: true, accept: false, returnToQueue: false, resolve: false, transfer: false, composer: "reopen" };
    case "pending":
      return { reopen: false, accept: true, returnToQueue: false, resolve: false, transfer: true, composer: "accept" };
    default:
      return {
        reopen: false,
        accept: false,
        returnToQueue: manage,
        resolve: manage,
        transfer: manage,
        composer: manage ? "write" : "readOnly",
      };
  }
}

/** The PUT body of each transition (spec 000 section 4). */
export const transitions = {
  reopen: () => ({ status: "open" as const }),
  accept: () => ({ status: "open" as const }),
  returnToQueue: () => ({ status: "pending" as const, userId: null }),
  resolve: () => ({ status: "closed" as const }),
  transfer: (t: { userId: number | null; queueId: number; whatsappId: number }) => ({
    userId: t.userId,
    queueId: t.queueId,
    whatsappId: t.whatsappId,
    status: t.userId ? ("open" as const) : ("pending" as const),
  }),
};
