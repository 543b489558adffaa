import { and, eq } from "drizzle-orm";
import type { AutomationRuleView } from "../../contracts/views/automation";
import { NOT_EVERY_RULE } from "../../contracts/automation/ruleChecks";
import { automationRules } from "../../db/tenant";
import { rulesChanged } from "../automation/rules/rulesChanged";
import type { Ctx } from "../context";
import { fieldError } from "../errors";
import { ruleViews } from "./ruleViews";
import { assertAutomationAccess } from "./view";

/**
 * The order the company's rules run in, first to last. `ids` must name every rule exactly once (a page that missed a
 * rule made meanwhile is told so, rather than the rule landing anywhere).
 */
export async function reorderAutomationRules({ ctx, input }: { ctx: Ctx; input: { ids: number[] } }): Promise<AutomationRuleView[]> {
  assertAutomationAccess(ctx);
  ctx.db.transaction((tx) => {
    const current = tx.select({ id: automationRules.id }).from(automationRules).where(eq(automationRules.companyId, ctx.companyId)).all();
    const given = new Set(input.ids);
    const every = given.size === input.ids.length && given.size === current.length && current.every((r) => given.has(r.id));
    if (!every) throw fieldError({ ids: NOT_EVERY_RULE });
    input.ids.forEach((id, i) => {
      tx.update(automationRules)
        .set({ position: i + 1 })
        .where(and(eq(automationRules.companyId, ctx.companyId), eq(automationRules.id, id)))
        .run();
    });
  });
  await rulesChanged(ctx);
  return ruleViews(ctx);
}
