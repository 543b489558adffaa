import { and, asc, count, eq, gte, lt, type SQL } from "drizzle-orm";
import type { ListContactsQuery } from "../../contracts/contacts";
import { companies, contacts } from "../../db/tenant";
import { dayRangeIn } from "../../lib/time";
import type { Ctx } from "../context";
import { pageOf } from "../shared/paging";
import { contactSearchWhere } from "./search";
import { contactColumns, withExtraInfo } from "./view";

/**
 * The contacts page: the company's contacts by name, 20 per page, searched over name, number and email, and
 * optionally limited to a day (date) or a span of days (dateStart..dateEnd) of last interaction, in the
 * company's time zone, or to a marketing consent state (consent). Every logged-in user of the company uses it.
 */
export async function listContacts({ ctx, input }: { ctx: Ctx; input: ListContactsQuery }) {
  const search = contactSearchWhere(input.searchParam);
  if (search === null) return { contacts: [], count: 0, hasMore: false };
  const where: (SQL | undefined)[] = [eq(contacts.companyId, ctx.companyId), search];
  if (input.consent) where.push(eq(contacts.marketingConsent, input.consent));
  if (input.date || input.dateStart || input.dateEnd) {
    const company = await ctx.db.select({ timezone: companies.timezone }).from(companies).where(eq(companies.id, ctx.companyId)).get();
    const tz = company?.timezone ?? "America/Sao_Paulo";
    if (input.date) {
      const [from, to] = dayRangeIn(tz, input.date);
      where.push(gte(contacts.lastInteractionAt, from), lt(contacts.lastInteractionAt, to));
    }
    if (input.dateStart) where.push(gte(contacts.lastInteractionAt, dayRangeIn(tz, input.dateStart)[0]));
    if (input.dateEnd) where.push(lt(contacts.lastInteractionAt, dayRangeIn(tz, input.dateEnd)[1]));
  }
  const condition = and(...where);
  const page = pageOf(input.pageNumber);
  const [rows, total] = await Promise.all([
    ctx.db
      .select(contactColumns)
      .from(contacts)
      .where(condition)
      .orderBy(asc(contacts.name), asc(contacts.id))
      .limit(page.limit)
      .offset(page.offset),
    ctx.db.select({ n: count() }).from(contacts).where(condition).get(),
  ]);
  const n = total?.n ?? 0;
  return { contacts: await withExtraInfo(ctx.db, ctx.companyId, rows), count: n, hasMore: page.hasMore(n) };
}
