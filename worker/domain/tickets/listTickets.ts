import { and, count, desc, eq, gt, gte, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { inList } from "../../db/inList";
import { companies, contacts, messages, tickets, ticketTags } from "../../db/tenant";
import { TICKETS_PAGE_SIZE, type ListTicketsQuery } from "../../contracts/tickets";
import { ftsQuery } from "../../lib/fts";
import { contactSearchWhere } from "../contacts/search";
import { dayRangeIn } from "../../lib/time";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { can } from "../permissions";
import { presentTickets, ticketsQuery } from "./presentTicket";
import { visibilitySettings } from "./ticketEvents";
import { viewerOf, visibleTicketsWhere } from "./visibility";

/**
 * The ticket list of the inbox: one tab (open, pending, closed, group) or a search, newest activity first,
 * 40 per page. Every condition lands on an index that starts with company_id; text search uses FTS5.
 */
export async function listTickets({ ctx, input }: { ctx: Ctx; input: ListTicketsQuery }) {
  const isAdmin = ctx.user.profile === "admin";
  const settings = await visibilitySettings(ctx);
  if (input.status === "closed" && !isAdmin && !settings.viewclosed) throw new AppError("ERR_NO_PERMISSION");
  if (input.status === "group" && !isAdmin && !settings.viewgroups) throw new AppError("ERR_NO_PERMISSION");
  const showAll = !!input.showAll && can(ctx.user, "tickets-manager:showall");

  // A campaign's send nobody answered is not a conversation (storeCampaignMessage): in no tab, no search.
  const where: (SQL | undefined)[] = [eq(tickets.companyId, ctx.companyId), eq(tickets.outreach, false)];
  if (!(showAll && isAdmin)) where.push(visibleTicketsWhere(viewerOf(ctx.user), settings));

  switch (input.status) {
    case "group":
      where.push(eq(tickets.isGroup, true), inArray(tickets.status, ["open", "pending"]));
      break;
    case "open":
      where.push(eq(tickets.status, "open"), eq(tickets.isGroup, false));
      // "Assigned to me" unless the show-all toggle is on.
      if (!showAll) where.push(eq(tickets.userId, ctx.user.id));
      break;
    case "pending":
    case "closed":
      where.push(eq(tickets.status, input.status), eq(tickets.isGroup, false));
      break;
  }
  if (input.queueIds?.length) where.push(or(inList(tickets.queueId, input.queueIds), isNull(tickets.queueId)));
  if (input.users?.length && can(ctx.user, "tickets:filterByUser")) where.push(inList(tickets.userId, input.users));
  if (input.withUnreadMessages) where.push(gt(tickets.unreadMessages, 0));
  if (input.tags?.length) {
    where.push(
      sql`exists (select 1 from ${ticketTags} where ${ticketTags.ticketId} = ${tickets.id} and ${inList(ticketTags.tagId, input.tags)})`,
    );
  }
  if (input.date || input.updatedAt) {
    const company = await ctx.db.select({ timezone: companies.timezone }).from(companies).where(eq(companies.id, ctx.companyId)).get();
    const tz = company?.timezone ?? "America/Sao_Paulo";
    if (input.date) {
      const [from, to] = dayRangeIn(tz, input.date);
      where.push(gte(tickets.createdAt, from), lt(tickets.createdAt, to));
    }
    if (input.updatedAt) {
      const [from, to] = dayRangeIn(tz, input.updatedAt);
      where.push(gte(tickets.updatedAt, from), lt(tickets.updatedAt, to));
    }
  }
  if (input.searchParam) {
    const search = textSearch(ctx.companyId, input.searchParam);
    if (!search) return { tickets: [], count: 0, hasMore: false };
    where.push(search);
  }

  const condition = and(...where);
  const offset = (input.pageNumber - 1) * TICKETS_PAGE_SIZE;
  // Ids first with the core builder (it keeps other tables' columns straight in subqueries), with the count in
  // the same round trip. The closed tab shows no count (counting tens of thousands of rows is the slow part).
  const idsQuery = ctx.db
    .select({ id: tickets.id })
    .from(tickets)
    .where(condition)
    .orderBy(desc(tickets.updatedAt), desc(tickets.id))
    .limit(TICKETS_PAGE_SIZE + 1)
    .offset(offset);
  const wantsCount = input.pageNumber === 1 && input.status !== "closed";
  // The page's tickets are loaded by the same id query as a subquery, so ids, count and tickets come back in one
  // D1 round trip (the benchmark showed each round trip costs more than the SQL itself).
  const pageQuery = ticketsQuery(ctx.db, and(eq(tickets.companyId, ctx.companyId), inArray(tickets.id, idsQuery)));
  const [ids, rows, counted] = wantsCount
    ? await ctx.db.batch([idsQuery, pageQuery, ctx.db.select({ n: count() }).from(tickets).where(condition)])
    : [...(await ctx.db.batch([idsQuery, pageQuery])), undefined];
  const total = counted?.[0];
  const page = ids.slice(0, TICKETS_PAGE_SIZE).map((r) => r.id);
  const byId = new Map(presentTickets(rows).map((t) => [t.id, t]));
  return {
    tickets: page.map((id) => byId.get(id)!),
    count: total?.n ?? null,
    hasMore: ids.length > TICKETS_PAGE_SIZE,
  };
}

/**
 * Tickets whose contact matches (name, number or email — the contacts page's rule, so phone numbers typed any
 * way work) or whose messages contain the words (FTS5). Null when nothing typed can match.
 */
function textSearch(companyId: number, term: string): SQL | null {
  const contactMatch = contactSearchWhere(term);
  const words = ftsQuery(term);
  const byContact = contactMatch
    ? sql`${tickets.contactId} in (select ${contacts.id} from ${contacts} where ${contacts.companyId} = ${companyId} and ${contactMatch})`
    : undefined;
  const byMessage = words
    ? sql`${tickets.id} in (
        select ${messages.ticketId} from ${messages}
        where ${messages.id} in (select rowid from messages_fts where messages_fts match ${words})
          and ${messages.companyId} = ${companyId}
      )`
    : undefined;
  return or(byContact, byMessage) ?? null;
}
