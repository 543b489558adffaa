/** A note on a ticket's contact, with its author (domain/ticketNotes/view.ts). */
export type TicketNoteView = {
  id: number;
  note: string;
  ticketId: number;
  contactId: number;
  userId: number | null;
  user: { id: number; name: string } | null;
  /** Written by an automation rule (no author); a null user otherwise means the author was deleted. */
  byAutomation: boolean;
  createdAt: Date;
  updatedAt: Date;
};
