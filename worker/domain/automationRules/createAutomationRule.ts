import { eq, sql } from "drizzle-orm";
import type { CreateAutomationRuleInput } from "../../contracts/automation/rules";
import type { AutomationRuleView } from "../../contracts/views/automation";
import { automationRules } from "../../db/tenant";
import { rulesChanged } from "../automation/rules/rulesChanged";
import type { Ctx } from "../context";
import { assertRuleParts } from "./ruleReferences";
import { ruleViews } from "./ruleViews";
import { assertAutomationAccess } from "./view";

/** An admin writes a rule: it runs after the company's others (last in the order) from the next event on. */
export async function createAutomationRule({ ctx, input }: { ctx: Ctx; input: CreateAutomationRuleInput }): Promise<AutomationRuleView> {
  assertAutomationAccess(ctx);
  assertRuleParts(ctx, input);
  const row = ctx.db.transaction((tx) => {
    const last = tx
      .select({ position: sql<number>`coalesce(max(${automationRules.position}), 0)` })
      .from(automationRules)
      .where(eq(automationRules.companyId, ctx.companyId))
      .get();
    return tx
      .insert(automationRules)
      .values({
        companyId: ctx.companyId,
        name: input.name,
        enabled: input.enabled,
        position: (last?.position ?? 0) + 1,
        trigger: input.trigger.type,
        triggerMinutes: input.trigger.minutes ?? null,
        conditions: input.conditions,
        actions: input.actions,
        createdBy: ctx.user.id,
      })
      .returning()
      .get();
  });
  await rulesChanged(ctx);
  return ruleViews(ctx, row.id)[0]!;
}
