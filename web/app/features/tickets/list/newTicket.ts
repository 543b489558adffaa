import type { OpenTicketConflict } from "../shared/types";

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
 * What to do when the contact already has a live ticket: someone else's is reported (who has it); the caller's
 * own, or one nobody has taken yet, is simply opened.
 */
export function conflictOutcome(conflict: OpenTicketConflict, me: number): { kind: "open"; uuid: string } | { kind: "taken"; owner: string; queue: string | null } {
  if (conflict.userId !== null && conflict.userId !== me) {
    return { kind: "taken", owner: conflict.user?.name ?? "", queue: conflict.queue?.name ?? null };
  }
  return { kind: "open", uuid: conflict.uuid };
}
