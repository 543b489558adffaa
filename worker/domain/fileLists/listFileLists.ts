import { and, asc, count, eq, inArray, or } from "drizzle-orm";
import type { PagedSearchQuery } from "../../contracts/paging";
import { fileListOptions, fileLists } from "../../db/tenant";
import type { Ctx } from "../context";
import { containsText, pageOf } from "../shared/paging";
import { presentFileList } from "./view";

/** GET /files: the company's file lists by name, searched over name and message (spec 002: files, hasMore). */
export async function listFileLists({ ctx, input }: { ctx: Ctx; input: PagedSearchQuery }) {
  const term = input.searchParam;
  const where = and(eq(fileLists.companyId, ctx.companyId), term ? or(containsText(fileLists.name, term), containsText(fileLists.message, term)) : undefined);
  const page = pageOf(input.pageNumber);
  const [rows, total] = await Promise.all([
    ctx.db.select().from(fileLists).where(where).orderBy(asc(fileLists.name), asc(fileLists.id)).limit(page.limit).offset(page.offset).all(),
    ctx.db.select({ n: count() }).from(fileLists).where(where).get(),
  ]);
  const options = rows.length
    ? await ctx.db.select().from(fileListOptions).where(inArray(fileListOptions.fileListId, rows.map((r) => r.id))).orderBy(asc(fileListOptions.position), asc(fileListOptions.id)).all()
    : [];
  const n = total?.n ?? 0;
  return { files: rows.map((r) => presentFileList(r, options.filter((o) => o.fileListId === r.id))), count: n, hasMore: page.hasMore(n) };
}

/** GET /files/list: every list's id and name, for the selectors of queue options and campaigns. */
export async function listAllFileLists({ ctx }: { ctx: Ctx }) {
  return ctx.db.select({ id: fileLists.id, name: fileLists.name }).from(fileLists).where(eq(fileLists.companyId, ctx.companyId)).orderBy(asc(fileLists.name)).all();
}
