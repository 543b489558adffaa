import type { InsightFilter } from "../../contracts/insight";
import type { Ctx } from "../context";
import { dayIndex } from "./period";
import { insightPeriod, resolvedIn, startedIn } from "./serviceFacts";

/** GET /dashboard/ticketsDay: per day of the period (company's time zone), tickets opened (created or reopened) and resolved. */
export async function ticketsPerDay({ ctx, input, now = new Date() }: { ctx: Ctx; input: InsightFilter; now?: Date }) {
  const period = await insightPeriod(ctx, input, now);
  const data = period.days.map((date) => ({ date, created: 0, resolved: 0 }));
  for (const [startedAt] of startedIn(ctx, period, input)) {
    const i = dayIndex(period, startedAt);
    if (i >= 0) data[i]!.created++;
  }
  for (const row of resolvedIn(ctx, period, input)) {
    const i = dayIndex(period, row[3]);
    if (i >= 0) data[i]!.resolved++;
  }
  return { data, count: data.reduce((n, d) => n + d.created, 0), timezone: period.timezone };
}
