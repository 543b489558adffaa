import type { InsightFilter } from "../../contracts/insight";
import type { Ctx } from "../context";
import { dayIndex } from "./period";
import { insightPeriod, resolvedFacts, startedFacts } from "./serviceFacts";

/** GET /dashboard/ticketsDay: per day of the period (company's time zone), tickets opened (created or reopened) and resolved. */
export async function ticketsPerDay({ ctx, input, now = new Date() }: { ctx: Ctx; input: InsightFilter; now?: Date }) {
  const period = await insightPeriod(ctx, input, now);
  const data = period.days.map((date) => ({ date, created: 0, resolved: 0 }));
  for (const h of startedFacts(ctx, period, input).perHour) data[dayIndex(period, h.at)]!.created += h.n;
  for (const h of resolvedFacts(ctx, period, input).perHour) data[dayIndex(period, h.at)]!.resolved += h.n;
  return { data, count: data.reduce((n, d) => n + d.created, 0), timezone: period.timezone };
}
