/** A note on a ticket's contact, with its author (domain/ticketNotes/view.ts). */
export type TicketNoteView = {
  id: number;
  note: string;
  ticketId: number;
  contactId: number;
  userId: number | null;
  user: { id: number; name: string } | null;
  createdAt: Date;
  updatedAt: Date;
};
