import { and, asc, eq } from "drizzle-orm";
import type { AutomationTrigger } from "../../../contracts/automation/rules";
import type { Db } from "../../../db/client";
import { automationRules, type AutomationRuleRow } from "../../../db/tenant";
import { hubMemory } from "../../shared/hubMemory";

/**
 * The company's enabled automation rules by trigger, in the order they run (hub memory: shared/hubMemory.ts), so
 * that a ticket move or a message in a company without rules costs a map lookup. Every change of a rule (made,
 * edited, enabled, disabled, reordered, deleted) calls `forgetActiveRules` (through rulesChanged).
 */
const memory = hubMemory((db, companyId) => {
  const byTrigger = new Map<AutomationTrigger, AutomationRuleRow[]>();
  const rows = db
    .select()
    .from(automationRules)
    .where(and(eq(automationRules.companyId, companyId), eq(automationRules.enabled, true)))
    .orderBy(asc(automationRules.position), asc(automationRules.id))
    .all();
  for (const row of rows) {
    const list = byTrigger.get(row.trigger);
    if (list) list.push(row);
    else byTrigger.set(row.trigger, [row]);
  }
  return byTrigger;
});

export function activeRules(db: Db, companyId: number, trigger: AutomationTrigger): readonly AutomationRuleRow[] {
  return memory.get(db, companyId).get(trigger) ?? [];
}

export const forgetActiveRules = memory.forget;
