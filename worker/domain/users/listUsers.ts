import { and, asc, count, eq, or } from "drizzle-orm";
import type { PagedSearchQuery } from "../../contracts/users";
import { users } from "../../db/tenant";
import { requirePermission, type Ctx } from "../context";
import { containsText, pageOf } from "../shared/paging";
import { userColumns, withQueues } from "./view";

/** The users page: the company's users by name, searched over name and email, 20 per page. */
export async function listUsers({ ctx, input }: { ctx: Ctx; input: PagedSearchQuery }) {
  requirePermission(ctx, "users:manage");
  const term = input.searchParam;
  const where = and(
    eq(users.companyId, ctx.companyId),
    term ? or(containsText(users.name, term), containsText(users.email, term)) : undefined,
  );
  const page = pageOf(input.pageNumber);
  const [rows, total] = await Promise.all([
    ctx.db.select(userColumns).from(users).where(where).orderBy(asc(users.name), asc(users.id)).limit(page.limit).offset(page.offset),
    ctx.db.select({ n: count() }).from(users).where(where).get(),
  ]);
  const n = total?.n ?? 0;
  return { users: await withQueues(ctx.db, ctx.companyId, rows), count: n, hasMore: page.hasMore(n) };
}
