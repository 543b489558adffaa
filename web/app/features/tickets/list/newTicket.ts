import type { OpenTicketConflict } from "../../../../../worker/contracts/tickets";

/**
 * The new-ticket form's rules (spec 000 section 5): a contact must be chosen; a queue is required unless the
 * user is an admin (as worker/domain/tickets/createTicket checks). Contact search starts at 3 characters.
 */
export const CONTACT_SEARCH_MIN = 3;

export interface NewTicketErrors {
  contact?: "contactRequired";
  queue?: "queueRequired";
}

export function validateNewTicket(input: { contactId: number | null; queueId: number | null }, isAdmin: boolean): NewTicketErrors {
  const errors: NewTicketErrors = {};
  if (!input.contactId) errors.contact = "contactRequired";
  if (!input.queueId && !isAdmin) errors.queue = "queueRequired";
  return errors;
}

/**
 * What to do when the contact already has a live ticket: the caller's own, or a visible one nobody has taken yet,
 * is simply opened; any other is held elsewhere, and the dialog says where and offers to ask for it.
 */
export function conflictOutcome(conflict: OpenTicketConflict, me: number): { kind: "open"; uuid: string } | { kind: "held" } {
  const ticket = conflict.ticket;
  if (ticket && (ticket.userId === null || ticket.userId === me)) return { kind: "open", uuid: ticket.uuid };
  return { kind: "held" };
}
