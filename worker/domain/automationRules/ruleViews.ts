import { and, asc, eq, sql } from "drizzle-orm";
import type { AutomationRuleView } from "../../contracts/views/automation";
import { automationRules, automationRuns, users } from "../../db/tenant";
import type { AnyCtx } from "../context";
import { presentAutomationRule } from "./view";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The company's rules as the page lists them, in the order they run (or just the one `id`), each with its maker, its
 * last run and how many of its runs acted in the last 24 hours: one query, the runs summed per rule.
 */
export function ruleViews(ctx: AnyCtx, id?: number): AutomationRuleView[] {
  const since = Date.now() - DAY_MS;
  const runs = ctx.db
    .select({
      ruleId: automationRuns.ruleId,
      lastRunAt: sql<number | null>`max(${automationRuns.createdAt})`.as("last_run_at"),
      acted: sql<number>`sum(case when ${automationRuns.outcome} = 'acted' and ${automationRuns.createdAt} >= ${since} then 1 else 0 end)`.as("acted"),
    })
    .from(automationRuns)
    .where(and(eq(automationRuns.companyId, ctx.companyId), id === undefined ? undefined : eq(automationRuns.ruleId, id)))
    .groupBy(automationRuns.ruleId)
    .as("runs");
  const rows = ctx.db
    .select({ rule: automationRules, makerName: users.name, lastRunAt: runs.lastRunAt, acted: runs.acted })
    .from(automationRules)
    .leftJoin(users, eq(users.id, automationRules.createdBy))
    .leftJoin(runs, eq(runs.ruleId, automationRules.id))
    .where(and(eq(automationRules.companyId, ctx.companyId), id === undefined ? undefined : eq(automationRules.id, id)))
    .orderBy(asc(automationRules.position), asc(automationRules.id))
    .all();
  return rows.map(({ rule, makerName, lastRunAt, acted }) =>
    presentAutomationRule(rule, {
      createdBy: rule.createdBy !== null && makerName !== null ? { id: rule.createdBy, name: makerName } : null,
      lastRunAt: lastRunAt === null ? null : new Date(lastRunAt),
      actedLast24h: acted ?? 0,
    }),
  );
}
