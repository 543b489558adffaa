import { and, eq } from "drizzle-orm";
import { tickets } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { scopeOf, visibilitySettings } from "../tickets/ticketEvents";
import { canSeeTicket, viewerOf } from "../tickets/visibility";

/**
 * The ticket a user wants to write on: it must be theirs to see, open, and theirs to answer (admins may answer
 * any). A closed ticket receives nothing until it is reopened or accepted.
 */
export async function ticketForMessaging(ctx: Ctx, ticketId: number) {
  const ticket = await ctx.db
    .select()
    .from(tickets)
    .where(and(eq(tickets.id, ticketId), eq(tickets.companyId, ctx.companyId)))
    .get();
  if (!ticket) throw new AppError("ERR_NO_TICKET_FOUND");
  if (!canSeeTicket(viewerOf(ctx.user), scopeOf(ticket), await visibilitySettings(ctx))) {
    throw new AppError("ERR_NO_PERMISSION", "Acesso não permitido");
  }
  if (ticket.status === "closed") throw new AppError("ERR_TICKET_CLOSED");
  if (ticket.status === "pending") throw new AppError("ERR_TICKET_NOT_OPEN");
  if (ticket.userId !== ctx.user.id && ctx.user.profile !== "admin") throw new AppError("ERR_NO_PERMISSION");
  return ticket;
}

/** "*Name*:\n" before the text, as the composer's sign toggle asks. */
export function signed(ctx: Ctx, body: string, sign: boolean) {
  return sign && body ? `*${ctx.user.name}*:\n${body}` : body;
}
