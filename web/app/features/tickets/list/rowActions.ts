import type { ListTicket } from "../shared/types";
import type { Viewer } from "./filters";

/**
 * The actions a ticket row offers (spec 000 sections 4 and 6), as the server allows them
 * (worker/domain/tickets/updateTicket): accept a waiting ticket; close one's own ticket or a waiting one
 * (admins: any); preview a waiting ticket without opening it; admins spy on someone else's conversation.
 */
export interface RowActions {
  accept: boolean;
  close: boolean;
  preview: boolean;
  spy: boolean;
}

export function rowActions(ticket: Pick<ListTicket, "status" | "userId">, viewer: Viewer, spyAllowed: boolean): RowActions {
  const live = ticket.status !== "closed";
  const mine = ticket.userId === viewer.userId;
  const pending = ticket.status === "pending";
  return {
    accept: pending,
    close: live && (mine || pending || viewer.profile === "admin"),
    preview: pending,
    spy: spyAllowed && ticket.status === "open" && !mine,
  };
}
