import { and, asc, eq } from "drizzle-orm";
import type { AutomationAction } from "../contracts/automation/actions";
import type { AutomationCondition, AutomationTrigger } from "../contracts/automation/rules";
import { automationRules, automationRuns, messages, tickets } from "../db/tenant";
import { forgetActiveRules } from "../domain/automation/rules/activeRules";
import { inHub, inTenant } from "./fixtures";

/**
 * Automation rules' test kit (issue 26): a rule written straight into the company's table (as the rules' API saves
 * it; the hub's cache forgotten as its verbs do), waiting for what an event set off, and reading the run log.
 */
export async function addRule(
  companyId: number,
  rule: { name?: string; trigger: AutomationTrigger; minutes?: number; conditions?: AutomationCondition[]; actions: AutomationAction[]; enabled?: boolean },
) {
  return inHub(companyId, (hub) => {
    const position = (hub.db.select({ id: automationRules.id }).from(automationRules).where(eq(automationRules.companyId, companyId)).all().length ?? 0) + 1;
    const row = hub.db
      .insert(automationRules)
      .values({
        companyId,
        name: rule.name ?? `Regra ${position}`,
        enabled: rule.enabled ?? true,
        position,
        trigger: rule.trigger,
        triggerMinutes: rule.minutes ?? null,
        conditions: rule.conditions ?? [],
        actions: rule.actions,
      })
      .returning()
      .get();
    forgetActiveRules(hub.db);
    return row;
  });
}

/** Resolves once everything the company's events set off (rules, and what their actions set off) has run. */
export const settled = (companyId: number) => inHub(companyId, (hub) => hub.settled());

export const runsOf = (companyId: number, ruleId?: number) =>
  inTenant(companyId, (db) =>
    db
      .select()
      .from(automationRuns)
      .where(and(eq(automationRuns.companyId, companyId), ruleId === undefined ? undefined : eq(automationRuns.ruleId, ruleId)))
      .orderBy(asc(automationRuns.id))
      .all(),
  );

export const ticketOf = (companyId: number, id: number) => inTenant(companyId, (db) => db.select().from(tickets).where(eq(tickets.id, id)).get()!);

export const ticketsOf = (companyId: number) => inTenant(companyId, (db) => db.select().from(tickets).where(eq(tickets.companyId, companyId)).orderBy(asc(tickets.id)).all());

export const saidOn = (companyId: number, ticketId: number) =>
  inTenant(companyId, (db) => db.select().from(messages).where(and(eq(messages.ticketId, ticketId), eq(messages.fromMe, true))).orderBy(asc(messages.id)).all());
