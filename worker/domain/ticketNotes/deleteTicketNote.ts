import { and, eq } from "drizzle-orm";
import { ticketNotes } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError } from "../errors";

/** Deletes a note: its author, or an admin. */
export async function deleteTicketNote({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  const mine = and(eq(ticketNotes.id, input.id), eq(ticketNotes.companyId, ctx.companyId));
  const note = await ctx.db.select({ userId: ticketNotes.userId }).from(ticketNotes).where(mine).get();
  if (!note) throw new AppError("ERR_NO_TICKET_NOTE_FOUND");
  if (note.userId !== ctx.user.id && ctx.user.profile !== "admin") throw new AppError("ERR_NO_PERMISSION");
  await ctx.db.delete(ticketNotes).where(mine);
}
