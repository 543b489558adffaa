import { and, asc, count, eq, inArray } from "drizzle-orm";
import type { InsightFilter } from "../../contracts/insight";
import { tickets, users } from "../../db/tenant";
import type { Ctx } from "../context";
import { insightPeriod, resolvedFacts } from "./serviceFacts";

/** GET /dashboard/ticketsUsers: per agent, tickets resolved in the period and those open with them now. */
export async function ticketsPerUser({ ctx, input, now = new Date() }: { ctx: Ctx; input: InsightFilter; now?: Date }) {
  const period = await insightPeriod(ctx, input, now);
  const [team, openNow] = await Promise.all([
    ctx.db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(and(eq(users.companyId, ctx.companyId), input.userId ? eq(users.id, input.userId) : undefined))
      .orderBy(asc(users.name))
      .all(),
    ctx.db
      .select({ userId: tickets.userId, n: count() })
      .from(tickets)
      .where(and(eq(tickets.companyId, ctx.companyId), inArray(tickets.status, ["open"]), input.queueId ? eq(tickets.queueId, input.queueId) : undefined))
      .groupBy(tickets.userId)
      .all(),
  ]);
  const resolved = new Map<number, number>();
  for (const a of resolvedFacts(ctx, period, input, team.map((u) => u.id)).agents) if (a.userId !== null) resolved.set(a.userId, a.tickets);
  const open = new Map(openNow.map((r) => [r.userId, r.n]));
  const data = team
    .map((u) => ({ userId: u.id, name: u.name, resolved: resolved.get(u.id) ?? 0, open: open.get(u.id) ?? 0 }))
    .sort((a, b) => b.resolved - a.resolved || a.name.localeCompare(b.name));
  return { data, timezone: period.timezone };
}
