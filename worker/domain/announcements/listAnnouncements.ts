import { count, desc } from "drizzle-orm";
import { PAGE_SIZE, type PagedSearchQuery } from "../../contracts/paging";
import { announcements } from "../../db/control";
import { requirePermission, type Ctx } from "../context";
import { containsText } from "../shared/paging";
import { presentAnnouncement, targetsOf } from "./view";

/** GET /announcements (super users): every announcement, newest first, searched by title, 20 a page. */
export async function listAnnouncements({ ctx, input }: { ctx: Ctx; input: PagedSearchQuery }) {
  requirePermission(ctx, "announcements:manage");
  const where = input.searchParam ? containsText(announcements.title, input.searchParam) : undefined;
  const rows = await ctx.control
    .select()
    .from(announcements)
    .where(where)
    .orderBy(desc(announcements.createdAt), desc(announcements.id))
    .limit(PAGE_SIZE + 1)
    .offset((input.pageNumber - 1) * PAGE_SIZE)
    .all();
  const total = await ctx.control.select({ n: count() }).from(announcements).where(where).get();
  const page = rows.slice(0, PAGE_SIZE);
  const records = await Promise.all(page.map(async (r) => presentAnnouncement(r, await targetsOf(ctx.control, r))));
  return { records, count: total?.n ?? 0, hasMore: rows.length > PAGE_SIZE };
}
