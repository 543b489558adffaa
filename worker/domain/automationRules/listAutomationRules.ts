import type { AutomationRuleView } from "../../contracts/views/automation";
import type { Ctx } from "../context";
import { ruleViews } from "./ruleViews";
import { assertAutomationAccess } from "./view";

/** The company's automation rules in the order they run, each with its last run and what it did in 24 hours. */
export async function listAutomationRules({ ctx }: { ctx: Ctx }): Promise<AutomationRuleView[]> {
  assertAutomationAccess(ctx);
  return ruleViews(ctx);
}
