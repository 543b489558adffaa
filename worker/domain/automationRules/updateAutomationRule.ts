import { eq } from "drizzle-orm";
import type { UpdateAutomationRuleInput } from "../../contracts/automation/rules";
import type { AutomationRuleView } from "../../contracts/views/automation";
import { automationRules } from "../../db/tenant";
import { rulesChanged } from "../automation/rules/rulesChanged";
import type { Ctx } from "../context";
import { assertRuleParts } from "./ruleReferences";
import { ruleViews } from "./ruleViews";
import { assertAutomationAccess, findAutomationRule } from "./view";

/** Changes what a rule's body gives (its name, switch, trigger, conditions or actions); its place stays. */
export async function updateAutomationRule({ ctx, input }: { ctx: Ctx; input: { id: number; body: UpdateAutomationRuleInput } }): Promise<AutomationRuleView> {
  assertAutomationAccess(ctx);
  const current = findAutomationRule(ctx, input.id);
  const { trigger, ...fields } = input.body;
  assertRuleParts(ctx, fields);
  ctx.db
    .update(automationRules)
    .set({
      ...fields,
      ...(trigger ? { trigger: trigger.type, triggerMinutes: trigger.minutes ?? null } : {}),
      updatedAt: new Date(),
    })
    .where(eq(automationRules.id, current.id))
    .run();
  await rulesChanged(ctx);
  return ruleViews(ctx, current.id)[0]!;
}
