import type { InsightFilter } from "../../contracts/insight";
import type { Ctx } from "../context";
import { ticketServicePeriods as sp } from "../../db/tenant";
import { insightPeriod, perDay } from "./serviceFacts";

/** GET /dashboard/ticketsDay: per day of the period (company's time zone), tickets opened (created or reopened) and resolved. */
export async function ticketsPerDay({ ctx, input, now = new Date() }: { ctx: Ctx; input: InsightFilter; now?: Date }) {
  const period = await insightPeriod(ctx, input, now);
  // Episodes started (created or reopened) and resolved per day: the series alone, none of the period's totals.
  const created = perDay(ctx, sp.startedAt, input, period);
  const resolved = perDay(ctx, sp.finishedAt, input, period);
  const data = period.days.map((date, i) => ({ date, created: created[i]!, resolved: resolved[i]! }));
  return { data, count: data.reduce((n, d) => n + d.created, 0), timezone: period.timezone };
}
