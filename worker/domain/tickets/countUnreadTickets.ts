import { and, count, eq, gt, or } from "drizzle-orm";
import { tickets } from "../../db/tenant";
import type { Ctx } from "../context";
import { visibilitySettings } from "./ticketEvents";
import { viewerOf, visibleTicketsWhere } from "./visibility";

/**
 * How many tickets wait to be read by the user — their own open ones and the waiting ones they may take — for the
 * browser tab's title ("(3) ZapDesk"). Closed tickets have nothing unread.
 */
export async function countUnreadTickets({ ctx }: { ctx: Ctx }) {
  const settings = await visibilitySettings(ctx);
  const row = await ctx.db
    .select({ n: count() })
    .from(tickets)
    .where(
      and(
        eq(tickets.companyId, ctx.companyId),
        visibleTicketsWhere(viewerOf(ctx.user), settings),
        or(and(eq(tickets.status, "open"), eq(tickets.userId, ctx.user.id)), eq(tickets.status, "pending")),
        gt(tickets.unreadMessages, 0),
      ),
    )
    .get();
  return { count: row?.n ?? 0 };
}
