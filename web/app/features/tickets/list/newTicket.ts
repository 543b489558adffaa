import type { OpenTicketConflict } from "../../../../../worker/contracts/tickets";

/** Contact search starts at 3 characters (spec 000 section 5). */
export const CONTACT_SEARCH_MIN = 3;

/**
 * What to do when the contact already has a live ticket: the caller's own, or a visible one nobody has taken yet,
 * is simply opened; any other is held elsewhere, and the dialog says where and offers to ask for it.
 */
export function conflictOutcome(conflict: OpenTicketConflict, me: number): { kind: "open"; uuid: string } | { kind: "held" } {
  const ticket = conflict.ticket;
  if (ticket && (ticket.userId === null || ticket.userId === me)) return { kind: "open", uuid: ticket.uuid };
  return { kind: "held" };
}
