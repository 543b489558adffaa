import { and, eq, gt, sql } from "drizzle-orm";
import { automationRules } from "../../db/tenant";
import { rulesChanged } from "../automation/rules/rulesChanged";
import type { Ctx } from "../context";
import { assertAutomationAccess, findAutomationRule } from "./view";

/** Deletes a rule with its run log (the runs go with it); the rules after it move up one place. */
export async function deleteAutomationRule({ ctx, input }: { ctx: Ctx; input: { id: number } }): Promise<void> {
  assertAutomationAccess(ctx);
  const current = findAutomationRule(ctx, input.id);
  ctx.db.transaction((tx) => {
    tx.delete(automationRules).where(eq(automationRules.id, current.id)).run();
    tx.update(automationRules)
      .set({ position: sql`${automationRules.position} - 1` })
      .where(and(eq(automationRules.companyId, ctx.companyId), gt(automationRules.position, current.position)))
      .run();
  });
  await rulesChanged(ctx);
}
