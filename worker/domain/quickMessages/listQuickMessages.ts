import { and, asc, count, eq, or } from "drizzle-orm";
import type { ListQuickMessagesQuery } from "../../contracts/quickMessages";
import { quickMessages } from "../../db/tenant";
import { can } from "../permissions";
import type { Ctx } from "../context";
import { containsText, pageOf } from "../shared/paging";
import { presentQuickMessage } from "./view";

/**
 * The quick messages page, by shortcode, searched over shortcode and message, 20 per page, under `records`
 * (the key the spec's other record tables use). Admins and supervisors see all of the company's; anyone else
 * the general ones and their own.
 */
export async function listQuickMessages({ ctx, input }: { ctx: Ctx; input: ListQuickMessagesQuery }) {
  const term = input.searchParam;
  const where = and(
    eq(quickMessages.companyId, ctx.companyId),
    can(ctx.user, "quick-messages:editAny") ? undefined : or(eq(quickMessages.geral, true), eq(quickMessages.userId, ctx.user.id)),
    term ? or(containsText(quickMessages.shortcode, term), containsText(quickMessages.message, term)) : undefined,
  );
  const page = pageOf(input.pageNumber);
  const [rows, total] = await Promise.all([
    ctx.db
      .select()
      .from(quickMessages)
      .where(where)
      .orderBy(asc(quickMessages.shortcode), asc(quickMessages.id))
      .limit(page.limit)
      .offset(page.offset),
    ctx.db.select({ n: count() }).from(quickMessages).where(where).get(),
  ]);
  const n = total?.n ?? 0;
  return { records: rows.map(presentQuickMessage), count: n, hasMore: page.hasMore(n) };
}
