import { and, eq } from "drizzle-orm";
import type { AutomationRuleView } from "../../contracts/views/automation";
import { automationRules, type AutomationRuleRow } from "../../db/tenant";
import type { AnyCtx, Ctx } from "../context";
import { requirePermission } from "../context";
import { AppError } from "../errors";

/** Automation rules and their log are an admin's (`automations:manage`); checked before any body is read. */
export function assertAutomationAccess(ctx: Ctx) {
  requirePermission(ctx, "automations:manage");
}

/** The company's rule, or 404 (another company's id reads as unknown). */
export function findAutomationRule(ctx: AnyCtx, id: number): AutomationRuleRow {
  const row = ctx.db
    .select()
    .from(automationRules)
    .where(and(eq(automationRules.companyId, ctx.companyId), eq(automationRules.id, id)))
    .get();
  if (!row) throw new AppError("ERR_NOT_FOUND");
  return row;
}

/** What the list adds to a rule's row: who made it and how its runs went (from automation_runs). */
export interface RuleSummary {
  createdBy: AutomationRuleView["createdBy"];
  lastRunAt: Date | null;
  actedLast24h: number;
}

export function presentAutomationRule(row: AutomationRuleRow, summary: RuleSummary): AutomationRuleView {
  return {
    id: row.id,
    name: row.name,
    enabled: row.enabled,
    position: row.position,
    trigger: row.triggerMinutes === null ? { type: row.trigger } : { type: row.trigger, minutes: row.triggerMinutes },
    conditions: row.conditions,
    actions: row.actions,
    createdBy: summary.createdBy,
    lastRunAt: summary.lastRunAt,
    actedLast24h: summary.actedLast24h,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
