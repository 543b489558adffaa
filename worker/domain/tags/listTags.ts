import { and, asc, count, eq } from "drizzle-orm";
import type { ListTagsQuery } from "../../contracts/tags";
import { tags } from "../../db/tenant";
import type { Ctx } from "../context";
import { containsText, pageOf } from "../shared/paging";
import { tagColumns, ticketsCount } from "./view";

/** The tags page: the company's tags by name with how many tickets carry each, 20 per page. */
export async function listTags({ ctx, input }: { ctx: Ctx; input: ListTagsQuery }) {
  const where = and(eq(tags.companyId, ctx.companyId), input.searchParam ? containsText(tags.name, input.searchParam) : undefined);
  const page = pageOf(input.pageNumber);
  const [rows, total] = await Promise.all([
    ctx.db
      .select({ ...tagColumns, ticketsCount })
      .from(tags)
      .where(where)
      .orderBy(asc(tags.name), asc(tags.id))
      .limit(page.limit)
      .offset(page.offset),
    ctx.db.select({ n: count() }).from(tags).where(where).get(),
  ]);
  const n = total?.n ?? 0;
  return { tags: rows, count: n, hasMore: page.hasMore(n) };
}
