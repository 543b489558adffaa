import { and, asc, eq, or } from "drizzle-orm";
import { quickMessages } from "../../db/tenant";
import type { Ctx } from "../context";
import { presentQuickMessage } from "./view";

/**
 * GET /quick-messages/list: what the composer's "/" menu offers the user — the active general quick messages
 * and their own active ones, by shortcode. The spec's companyId and userId parameters are not read: both come
 * from the session (even an admin's menu holds only general ones and their own).
 */
export async function listUsableQuickMessages({ ctx }: { ctx: Ctx }) {
  const rows = await ctx.db
    .select()
    .from(quickMessages)
    .where(
      and(
        eq(quickMessages.companyId, ctx.companyId),
        eq(quickMessages.status, true),
        or(eq(quickMessages.geral, true), eq(quickMessages.userId, ctx.user.id)),
      ),
    )
    .orderBy(asc(quickMessages.shortcode), asc(quickMessages.id));
  return rows.map(presentQuickMessage);
}
