import { and, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { messages, tickets } from "../../db/tenant";
import { MESSAGES_PAGE_SIZE } from "../../contracts/messages";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { presentTickets, ticketsQuery } from "../tickets/presentTicket";
import { scopeOf, visibilitySettings } from "../tickets/ticketEvents";
import { canSeeTicket, viewerOf } from "../tickets/visibility";
import { messagesQuery, presentMessageRow } from "./presentMessage";

/**
 * A ticket's messages. `+company_id` keeps the company's filter out of the index choice: without statistics SQLite
 * otherwise walks the company's messages newest first (messages_company_created_idx) until it has found a page of the
 * ticket's — nearly all of them for an old ticket in a large company — instead of the ticket's own index.
 */
export function ticketMessagesWhere(companyId: number, ticketId: number): SQL {
  return and(sql`+${messages.companyId} = ${companyId}`, eq(messages.ticketId, ticketId))!;
}

/**
 * A page of a ticket's messages, oldest to newest within the page; page 1 is the newest. Scrolling up asks for
 * the next page number. The ticket, the page's ids, the count and the messages come in one D1 round trip; the
 * visibility rule is applied to the ticket before anything is answered.
 */
export async function listMessages({ ctx, input }: { ctx: Ctx; input: { ticketId: number; pageNumber: number } }) {
  const ticketWhere = and(eq(tickets.companyId, ctx.companyId), eq(tickets.id, input.ticketId));
  const where = ticketMessagesWhere(ctx.companyId, input.ticketId);
  const idsQuery = ctx.db
    .select({ id: messages.id })
    .from(messages)
    .where(where)
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(MESSAGES_PAGE_SIZE + 1)
    .offset((input.pageNumber - 1) * MESSAGES_PAGE_SIZE);
  const pageQuery = messagesQuery(ctx.db, and(eq(messages.companyId, ctx.companyId), inArray(messages.id, idsQuery))!);
  const countQuery = ctx.db.select({ n: count() }).from(messages).where(where);
  const [ticketRows, ids, rows, counted] =
    input.pageNumber === 1
      ? await ctx.db.batch([ticketsQuery(ctx.db, ticketWhere, { limit: 1 }), idsQuery, pageQuery, countQuery])
      : [...(await ctx.db.batch([ticketsQuery(ctx.db, ticketWhere, { limit: 1 }), idsQuery, pageQuery])), undefined];

  const [ticket] = presentTickets(ticketRows);
  if (!ticket) throw new AppError("ERR_NO_TICKET_FOUND");
  if (!canSeeTicket(viewerOf(ctx.user), scopeOf(ticket), await visibilitySettings(ctx))) {
    throw new AppError("ERR_NO_PERMISSION", "Acesso não permitido");
  }
  const page = ids.slice(0, MESSAGES_PAGE_SIZE).map((r) => r.id);
  const byId = new Map(rows.map((m) => [m.id, presentMessageRow(m)]));
  return {
    messages: page.reverse().map((id) => byId.get(id)!),
    ticket,
    count: counted?.[0]?.n ?? null,
    hasMore: ids.length > MESSAGES_PAGE_SIZE,
  };
}
