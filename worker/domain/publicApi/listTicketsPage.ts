import { and, asc, eq, gt, gte, inArray, or, sql, type SQL } from "drizzle-orm";
import { pageFrom, type CursorPosition } from "../../contracts/publicApi/paging";
import type { ListPublicTicketsQuery } from "../../contracts/publicApi/tickets";
import { tickets } from "../../db/tenant";
import type { Ctx } from "../context";
import { presentTickets, ticketsQuery } from "../tickets/presentTicket";
import { visibilitySettings } from "../tickets/ticketEvents";
import { viewerOf, visibleTicketsWhere } from "../tickets/visibility";

/**
 * GET /api/v1/tickets: the tickets the caller may see, by last change then id, oldest first, a cursor page at a
 * time. An integration syncs with `updatedSince` and follows the cursor: a ticket that changes while it pages comes
 * again later, never lost. The order walks tickets_company_updated_idx from the cursor on (no sort, no full scan);
 * filters are checked on the way, so a rare one reads further down the index before the page fills.
 * Campaign sends nobody answered are no conversation here either (listTickets leaves them out).
 */
export async function listTicketsPage({ ctx, input }: { ctx: Ctx; input: ListPublicTicketsQuery }) {
  const where: (SQL | undefined)[] = [
    eq(tickets.companyId, ctx.companyId),
    eq(tickets.outreach, false),
    visibleTicketsWhere(viewerOf(ctx.user), await visibilitySettings(ctx)),
  ];
  if (input.status) where.push(eq(tickets.status, input.status));
  if (input.queueId) where.push(eq(tickets.queueId, input.queueId));
  if (input.userId) where.push(eq(tickets.userId, input.userId));
  if (input.contactId) where.push(eq(tickets.contactId, input.contactId));
  if (input.updatedSince) where.push(gte(tickets.updatedAt, input.updatedSince));
  if (input.cursor) where.push(after(input.cursor));
  const idsQuery = ctx.db
    .select({ id: tickets.id, updatedAt: tickets.updatedAt })
    .from(tickets)
    .where(and(...where))
    // A contact has few tickets: its index and a small sort beat walking the company's (`+` keeps SQLite from it).
    .orderBy(input.contactId ? sql`+${tickets.updatedAt}` : asc(tickets.updatedAt), asc(tickets.id))
    .limit(input.limit + 1);
  const keysOfPage = idsQuery.as("page_keys");
  const pageIds = ctx.db.select({ id: keysOfPage.id }).from(keysOfPage);
  const [keys, rows] = await ctx.db.batch([idsQuery, ticketsQuery(ctx.db, and(eq(tickets.companyId, ctx.companyId), inArray(tickets.id, pageIds)))]);
  const byId = new Map(presentTickets(rows).map((t) => [t.id, t]));
  const page = pageFrom(keys, input.limit, (k) => [k.updatedAt.getTime(), k.id]);
  return { items: page.items.map((k) => byId.get(k.id)!), cursor: page.cursor };
}

/** Past the cursor's ticket in (updatedAt, id) order. */
function after([updatedAt, id]: CursorPosition): SQL | undefined {
  const at = new Date(Number(updatedAt));
  return or(gt(tickets.updatedAt, at), and(eq(tickets.updatedAt, at), gt(tickets.id, id)));
}
