import { and, asc, eq } from "drizzle-orm";
import type { AutomationTrigger } from "../../../contracts/automation/rules";
import type { Db } from "../../../db/client";
import { automationRules, type AutomationRuleRow } from "../../../db/tenant";

/**
 * The company's enabled automation rules by trigger, in the order they run, kept in the hub's memory (keyed by its
 * database, one per hub instance) so that a ticket move or a message in a company without rules costs a map
 * lookup. Every change of a rule (made, edited, enabled, disabled, reordered, deleted) runs in the same hub and
 * calls `forgetActiveRules`; a new instance reads them afresh.
 */
const cached = new WeakMap<Db, Map<AutomationTrigger, AutomationRuleRow[]>>();

export function activeRules(db: Db, companyId: number, trigger: AutomationTrigger): readonly AutomationRuleRow[] {
  let byTrigger = cached.get(db);
  if (!byTrigger) {
    byTrigger = new Map();
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
    cached.set(db, byTrigger);
  }
  return byTrigger.get(trigger) ?? [];
}

export function forgetActiveRules(db: Db) {
  cached.delete(db);
}
