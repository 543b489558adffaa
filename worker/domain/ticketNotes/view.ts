import { and, desc, eq, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { ticketNotes, users } from "../../db/tenant";
import type { TicketNoteView } from "../../contracts/views/ticketNote";

/** Notes with their author ({ id, name }, null once the author is deleted), newest first. */
export async function loadNotes(db: Db, companyId: number, where: SQL | undefined): Promise<TicketNoteView[]> {
  const rows = await db
    .select({
      id: ticketNotes.id,
      note: ticketNotes.note,
      ticketId: ticketNotes.ticketId,
      contactId: ticketNotes.contactId,
      userId: ticketNotes.userId,
      byAutomation: ticketNotes.byAutomation,
      createdAt: ticketNotes.createdAt,
      updatedAt: ticketNotes.updatedAt,
      userName: users.name,
    })
    .from(ticketNotes)
    .leftJoin(users, eq(users.id, ticketNotes.userId))
    .where(and(eq(ticketNotes.companyId, companyId), where))
    .orderBy(desc(ticketNotes.createdAt), desc(ticketNotes.id));
  return rows.map(({ userName, ...note }) => ({
    ...note,
    user: note.userId !== null && userName !== null ? { id: note.userId, name: userName } : null,
  }));
}
