import { and, eq } from "drizzle-orm";
import { messages, tickets } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { scopeOf, visibilitySettings } from "../tickets/ticketEvents";
import { canSeeTicket, viewerOf } from "../tickets/visibility";

/** A message of the company on a ticket the user can see, with that ticket. */
export async function visibleMessage(ctx: Ctx, messageId: number) {
  const row = await ctx.db
    .select({ message: messages, ticket: tickets })
    .from(messages)
    .innerJoin(tickets, eq(tickets.id, messages.ticketId))
    .where(and(eq(messages.id, messageId), eq(messages.companyId, ctx.companyId)))
    .get();
  if (!row) throw new AppError("ERR_NOT_FOUND", "Message not found.");
  if (!canSeeTicket(viewerOf(ctx.user), scopeOf(row.ticket), await visibilitySettings(ctx))) {
    throw new AppError("ERR_NO_PERMISSION", "Acesso não permitido");
  }
  return row;
}

/** Edit and delete apply only to messages the user sent themself (spec 000 section 6). */
export async function ownSentMessage(ctx: Ctx, messageId: number) {
  const row = await visibleMessage(ctx, messageId);
  if (!row.message.fromMe || row.message.userId !== ctx.user.id) throw new AppError("ERR_NO_PERMISSION");
  if (row.message.isDeleted) throw new AppError("ERR_MESSAGE_NOT_EDITABLE");
  return row;
}
