import type { InsightFilter } from "../../contracts/insight";
import type { Ctx } from "../context";
import { insightPeriod, resolvedFacts, startedFacts } from "./serviceFacts";

/** GET /dashboard/ticketsDay: per day of the period (company's time zone), tickets opened (created or reopened) and resolved. */
export async function ticketsPerDay({ ctx, input, now = new Date() }: { ctx: Ctx; input: InsightFilter; now?: Date }) {
  const period = await insightPeriod(ctx, input, now);
  const created = startedFacts(ctx, period, input, []).perDay();
  const resolved = resolvedFacts(ctx, period, input, []).perDay();
  const data = period.days.map((date, i) => ({ date, created: created[i]!, resolved: resolved[i]! }));
  return { data, count: data.reduce((n, d) => n + d.created, 0), timezone: period.timezone };
}
