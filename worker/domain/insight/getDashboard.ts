import { and, asc, count, eq, gte, inArray, lt } from "drizzle-orm";
import type { InsightFilter } from "../../contracts/insight";
import { companies as controlCompanies, connectionRoutes } from "../../db/control";
import { contacts, messageHours, tickets, users } from "../../db/tenant";
import type { Ctx } from "../context";
import { weekHour, type Period } from "./period";
import { insightPeriod, resolvedFacts, startedFacts } from "./serviceFacts";
import { minutes, Ratings } from "./stats";
import type { DashboardView } from "../../contracts/views/insight";
import { serviceLevelShares } from "./serviceLevelShares";

const HOUR_MS = 3_600_000;


/**
 * GET /dashboard: the service figures of a period in the company's time zone, from the service episodes
 * (`ticket_service_periods`, ADR 0024). Cards count tickets now (in service, waiting) and episodes in the period
 * (resolved, times, ratings); the attendants table and the series come from the same rows. Super users also get
 * the platform's figures, apart (`platform`), never added into the company's.
 */
export async function getDashboard({ ctx, input, now = new Date() }: { ctx: Ctx; input: InsightFilter; now?: Date }): Promise<DashboardView> {
  const period = await insightPeriod(ctx, input, now);
  const team = await ctx.db
    .select({ id: users.id, name: users.name, online: users.online })
    .from(users)
    .where(and(eq(users.companyId, ctx.companyId), input.userId ? eq(users.id, input.userId) : undefined))
    .orderBy(asc(users.name))
    .all();
  const teamIds = team.map((u) => u.id);
  const resolved = resolvedFacts(ctx, period, input, teamIds);
  const started = startedFacts(ctx, period, input, teamIds);

  const resolvedPerDay = resolved.perDay();
  const createdPerDay = started.perDay();
  const perDay = period.days.map((date, i) => ({ date, created: createdPerDay[i]!, resolved: resolvedPerDay[i]! }));

  const ratings = new Ratings();
  for (const a of resolved.agents) ratings.addCounts(a.asked, a.rates);
  const byAgent = new Map(resolved.agents.filter((a) => a.userId !== null).map((a) => [a.userId!, a]));
  const byResponder = new Map(started.responders.map((r) => [r.userId, r]));

  const [now_, newContacts, heatmap, platform, serviceLevels] = await Promise.all([
    ticketsNow(ctx, input),
    input.queueId || input.userId ? Promise.resolve(null) : newContactsIn(ctx, period),
    heatmapOf(ctx, period),
    ctx.user.super ? platformFigures(ctx) : Promise.resolve(undefined),
    serviceLevelShares(ctx, period, input),
  ]);

  const attendants = team
    .map((u) => {
      const a = byAgent.get(u.id);
      const fr = byResponder.get(u.id);
      const r = new Ratings();
      if (a) r.addCounts(a.asked, a.rates);
      const rs = r.summary();
      return {
        id: u.id,
        name: u.name,
        online: u.online,
        tickets: a?.tickets ?? 0,
        avgSupportTime: a && a.handlingCount ? minutes(a.handlingSum / a.handlingCount) : null,
        medianSupportTime: minutes(a?.handlingMedian ?? null),
        avgFirstResponseTime: fr && fr.firstResponseCount ? minutes(fr.firstResponseSum / fr.firstResponseCount) : null,
        rating: rs.average,
        ratings: rs.answered,
        csat: rs.csat,
      };
    })
    .sort((x, y) => y.tickets - x.tickets || x.name.localeCompare(y.name));

  const resolutionSum = resolved.agents.reduce((n, a) => n + a.resolutionSum, 0);
  const avg = (sum: number, n: number) => (n === 0 ? null : minutes(sum / n));
  return {
    period: { from: period.days[0]!, to: period.days[period.days.length - 1]!, timezone: period.timezone, days: period.days.length },
    // Spec 000's counters (times in minutes)…
    supportHappening: now_.open,
    supportPending: now_.pending,
    supportFinished: resolved.total,
    avgSupportTime: avg(resolutionSum, resolved.total),
    avgWaitTime: avg(started.waitSum, started.waitCount),
    // …and ours.
    medianSupportTime: minutes(resolved.resolutionMedian()),
    medianWaitTime: minutes(started.waitMedian()),
    waited: started.waitCount,
    avgFirstResponseTime: avg(started.firstResponseSum, started.firstResponseCount),
    medianFirstResponseTime: minutes(started.firstResponseMedian()),
    responded: started.firstResponseCount,
    created: started.started,
    newContacts,
    ratings: ratings.summary(),
    attendants,
    serviceLevels,
    series: { days: perDay, heatmap },
    ...(platform ? { platform, totalCompanies: platform.totalCompanies, totalWhatsappSessions: platform.totalWhatsappSessions } : {}),
  };
}

/** Tickets in service and waiting right now (not in the period: a queue's state), with the filters. */
async function ticketsNow(ctx: Ctx, input: InsightFilter) {
  const rows = await ctx.db
    .select({ status: tickets.status, n: count() })
    .from(tickets)
    .where(
      and(
        eq(tickets.companyId, ctx.companyId),
        inArray(tickets.status, ["open", "pending"]),
        input.queueId ? eq(tickets.queueId, input.queueId) : undefined,
        input.userId ? eq(tickets.userId, input.userId) : undefined,
      ),
    )
    .groupBy(tickets.status)
    .all();
  const of = (s: string) => rows.find((r) => r.status === s)?.n ?? 0;
  return { open: of("open"), pending: of("pending") };
}

async function newContactsIn(ctx: Ctx, period: Period) {
  const row = await ctx.db
    .select({ n: count() })
    .from(contacts)
    .where(and(eq(contacts.companyId, ctx.companyId), gte(contacts.createdAt, new Date(period.from)), lt(contacts.createdAt, new Date(period.to))))
    .get();
  return row?.n ?? 0;
}

/**
 * Messages contacts sent, by local weekday (0 = Sunday) and hour: 7 rows of 24. Hours are counted per UTC hour
 * (`message_hours`), each put in the local hour it starts in.
 */
async function heatmapOf(ctx: Ctx, period: Period) {
  const grid = Array.from({ length: 7 }, () => new Array<number>(24).fill(0));
  const rows = await ctx.db
    .select({ hour: messageHours.hour, inbound: messageHours.inbound })
    .from(messageHours)
    .where(and(eq(messageHours.companyId, ctx.companyId), gte(messageHours.hour, period.from - HOUR_MS + 1), lt(messageHours.hour, period.to)))
    .all();
  for (const r of rows) {
    const at = weekHour(period, Math.max(r.hour, period.from));
    if (at) grid[at.weekday]![at.hour]! += r.inbound;
  }
  return grid;
}

/** The platform's figures, from the control database (super users only). */
async function platformFigures(ctx: Ctx) {
  const [companiesRow, sessionsRow] = await Promise.all([
    ctx.control.select({ n: count() }).from(controlCompanies).get(),
    ctx.control.select({ n: count() }).from(connectionRoutes).where(eq(connectionRoutes.status, "CONNECTED")).get(),
  ]);
  return { totalCompanies: companiesRow?.n ?? 0, totalWhatsappSessions: sessionsRow?.n ?? 0 };
}
