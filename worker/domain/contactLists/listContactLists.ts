import { and, asc, count, eq } from "drizzle-orm";
import type { PagedSearchQuery } from "../../contracts/paging";
import { contactListItems, contactLists } from "../../db/tenant";
import type { Ctx } from "../context";
import { containsText, pageOf } from "../shared/paging";
import { requireCampaigns } from "./view";

/** GET /contact-lists: by name, searched, 20 per page, each with its contactsCount (spec 002: records, hasMore). */
export async function listContactLists({ ctx, input }: { ctx: Ctx; input: PagedSearchQuery }) {
  await requireCampaigns(ctx);
  const where = and(eq(contactLists.companyId, ctx.companyId), input.searchParam ? containsText(contactLists.name, input.searchParam) : undefined);
  const page = pageOf(input.pageNumber);
  const [rows, total] = await Promise.all([
    ctx.db
      .select({
        id: contactLists.id,
        name: contactLists.name,
        contactsCount: count(contactListItems.id),
        createdAt: contactLists.createdAt,
        updatedAt: contactLists.updatedAt,
      })
      .from(contactLists)
      .leftJoin(contactListItems, eq(contactListItems.contactListId, contactLists.id))
      .where(where)
      .groupBy(contactLists.id)
      .orderBy(asc(contactLists.name), asc(contactLists.id))
      .limit(page.limit)
      .offset(page.offset),
    ctx.db.select({ n: count() }).from(contactLists).where(where).get(),
  ]);
  const n = total?.n ?? 0;
  return { records: rows, count: n, hasMore: page.hasMore(n) };
}

/** GET /contact-lists/list: every list by name (the campaign dialog's selector). */
export async function listAllContactLists({ ctx }: { ctx: Ctx }) {
  await requireCampaigns(ctx);
  return ctx.db
    .select({ id: contactLists.id, name: contactLists.name })
    .from(contactLists)
    .where(eq(contactLists.companyId, ctx.companyId))
    .orderBy(asc(contactLists.name), asc(contactLists.id));
}
