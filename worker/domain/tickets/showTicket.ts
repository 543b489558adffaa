import { and, eq } from "drizzle-orm";
import { tickets } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { loadTickets } from "./presentTicket";
import { scopeOf, visibilitySettings } from "./ticketEvents";
import { canSeeTicket, viewerOf } from "./visibility";

/** Opens a ticket by id or by uuid. Another company's ticket does not exist; another queue's is not allowed. */
export async function showTicket({ ctx, input }: { ctx: Ctx; input: { id: number } | { uuid: string } }) {
  const by = "id" in input ? eq(tickets.id, input.id) : eq(tickets.uuid, input.uuid);
  const [ticket] = await loadTickets(ctx.db, and(by, eq(tickets.companyId, ctx.companyId)), { limit: 1 });
  if (!ticket) throw new AppError("ERR_NO_TICKET_FOUND");
  if (!canSeeTicket(viewerOf(ctx.user), scopeOf(ticket), await visibilitySettings(ctx))) {
    throw new AppError("ERR_NO_PERMISSION", "Acesso não permitido");
  }
  return ticket;
}
