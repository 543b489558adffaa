import { and, eq } from "drizzle-orm";
import { tickets } from "../../db/schema";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { loadTicket } from "./presentTicket";
import { scopeOf, visibilitySettings } from "./ticketEvents";
import { canSeeTicket, viewerOf } from "./visibility";

/** Opens a ticket by id or by uuid. Another company's ticket does not exist; another queue's is not allowed. */
export async function showTicket({ ctx, input }: { ctx: Ctx; input: { id: number } | { uuid: string } }) {
  const by = "id" in input ? eq(tickets.id, input.id) : eq(tickets.uuid, input.uuid);
  const row = await ctx.db
    .select({ id: tickets.id, status: tickets.status, userId: tickets.userId, queueId: tickets.queueId, isGroup: tickets.isGroup })
    .from(tickets)
    .where(and(by, eq(tickets.companyId, ctx.companyId)))
    .get();
  if (!row) throw new AppError("ERR_NO_TICKET_FOUND");
  if (!canSeeTicket(viewerOf(ctx.user), scopeOf(row), await visibilitySettings(ctx))) {
    throw new AppError("ERR_NO_PERMISSION", "Acesso não permitido");
  }
  return (await loadTicket(ctx.db, ctx.companyId, row.id))!;
}
