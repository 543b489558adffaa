import { and, asc, eq, gt, gte, inArray, or, sql, type SQL } from "drizzle-orm";
import { pageFrom, type CursorPosition } from "../../contracts/publicApi/paging";
import type { ListPublicTicketsQuery } from "../../contracts/publicApi/tickets";
import { tickets } from "../../db/tenant";
import type { Db } from "../../db/client";
import type { Ctx } from "../context";
import { presentTickets, ticketsQuery } from "../tickets/presentTicket";
import { visibilitySettings } from "../tickets/ticketEvents";
import { viewerOf, visibleTicketsWhere } from "../tickets/visibility";

/**
 * GET /api/v1/tickets: the tickets the caller may see, by last change then id, oldest first, a cursor page at a
 * time. An integration syncs with `updatedSince` and follows the cursor: a ticket that changes while it pages comes
 * again later, never lost. The order walks tickets_company_changed_idx from the cursor on (no sort, no full scan);
 * filters are checked on the way, so a rare one reads further down the index before the page fills. Conditions and
 * order on the last change are written on `changedAt` (updated_at + 0), the expression that index is on; with a
 * contact, on the plain column instead: the contact's few tickets come by its index, sorted.
 * Campaign sends nobody answered are no conversation here either (listTickets leaves them out).
 */
export async function listTicketsPage({ ctx, input }: { ctx: Ctx; input: ListPublicTicketsQuery }) {
  const visible = visibleTicketsWhere(viewerOf(ctx.user), await visibilitySettings(ctx));
  const keysQuery = ticketPageKeysQuery(ctx.db, ctx.companyId, input, visible);
  const keysOfPage = keysQuery.as("page_keys");
  const pageIds = ctx.db.select({ id: keysOfPage.id }).from(keysOfPage);
  const [keys, rows] = await ctx.db.batch([keysQuery, ticketsQuery(ctx.db, and(eq(tickets.companyId, ctx.companyId), inArray(tickets.id, pageIds)))]);
  const byId = new Map(presentTickets(rows).map((t) => [t.id, t]));
  const page = pageFrom(keys, input.limit, (k) => [k.updatedAt.getTime(), k.id]);
  return { items: page.items.map((k) => byId.get(k.id)!), cursor: page.cursor };
}

/** The page's tickets' ids and last changes, in order, one more than the page to tell whether more follow. */
export function ticketPageKeysQuery(db: Db, companyId: number, input: ListPublicTicketsQuery, visible?: SQL) {
  const lastChange = input.contactId ? sql<number>`${tickets.updatedAt}` : changedAt;
  const where: (SQL | undefined)[] = [eq(tickets.companyId, companyId), eq(tickets.outreach, false), visible];
  if (input.status) where.push(eq(tickets.status, input.status));
  if (input.queueId) where.push(eq(tickets.queueId, input.queueId));
  if (input.userId) where.push(eq(tickets.userId, input.userId));
  if (input.contactId) where.push(eq(tickets.contactId, input.contactId));
  if (input.updatedSince) where.push(gte(lastChange, input.updatedSince.getTime()));
  if (input.cursor) where.push(after(lastChange, input.cursor));
  return db
    .select({ id: tickets.id, updatedAt: tickets.updatedAt })
    .from(tickets)
    .where(and(...where))
    .orderBy(asc(lastChange), asc(tickets.id))
    .limit(input.limit + 1);
}

/** The ticket's last change in milliseconds, as tickets_company_changed_idx holds it. */
const changedAt = sql<number>`(${tickets.updatedAt} + 0)`;

/** Past the cursor's ticket in (updatedAt, id) order. */
function after(lastChange: SQL<number>, [updatedAt, id]: CursorPosition): SQL | undefined {
  const at = Number(updatedAt);
  return or(gt(lastChange, at), and(eq(lastChange, at), gt(tickets.id, id)));
}
