import type { AutomationRuleRun } from "../../../contracts/automation/ruleRun";
import type { AutomationRunDetail } from "../../../contracts/views/automation";
import type { SystemCtx } from "../../context";
import { AppError } from "../../errors";
import { activeRules } from "./activeRules";
import { chainKey, RUNS_PER_TICKET_PER_CHAIN, withChain } from "./chain";
import { conditionFailed } from "./conditionFailed";
import { logRuns, type RunLine } from "./logRun";
import { outsideServiceHours } from "./outsideServiceHours";
import { ruleFacts } from "./ruleFacts";
import { MOVES_FACTS, runAction } from "./runAction";

/**
 * The company's enabled rules of a trigger, in their order, on one ticket, as the system, in the chain of events
 * the run belongs to (the loop guard: the events its actions raise carry it on, rules/chain.ts). Each rule reads the ticket as the rules before it left it; each
 * logs one line: `acted`, `skipped` (the first condition that did not hold), `failed` (the action refused, the
 * ones before it stand) or `loopGuard` (it already acted RUNS_PER_TICKET_PER_CHAIN times on the ticket in this chain).
 */
export async function runRules({ ctx: systemCtx, input: run }: { ctx: SystemCtx; input: AutomationRuleRun }): Promise<void> {
  const now = new Date(run.at ?? Date.now());
  const enabled = activeRules(systemCtx.db, systemCtx.companyId, run.trigger);
  const rules = run.ruleIds ? enabled.filter((rule) => run.ruleIds!.includes(rule.id)) : enabled;
  if (rules.length === 0) return;
  const ctx = withChain(systemCtx, run.chain);
  if (run.trigger === "outsideServiceHours" && !(await outsideServiceHours(ctx, run.ticketId, now))) return;
  const logged: RunLine[] = [];
  const log = (ruleId: number, ticketId: number | null, outcome: RunLine["outcome"], detail: AutomationRunDetail[]) =>
    logged.push({ trigger: run.trigger, triggerKey: run.triggerKey ?? null, ruleId, ticketId, outcome, detail });
  let facts = await ruleFacts(ctx, run.ticketId, run.messageText, now);
  try {
    for (const rule of rules) {
      if (!facts) {
        log(rule.id, null, "skipped", [{ code: "ticketGone" }]);
        continue;
      }
      const ticketId = facts.ticket.id;
      const key = chainKey(rule.id, ticketId);
      const times = ctx.automationChain.runs.get(key) ?? 0;
      if (times >= RUNS_PER_TICKET_PER_CHAIN) {
        // One line says the guard stopped it; later turns in the same chain stay silent.
        if (times === RUNS_PER_TICKET_PER_CHAIN) log(rule.id, ticketId, "loopGuard", [{ code: "loopGuard", args: { times } }]);
        ctx.automationChain.runs.set(key, times + 1);
        continue;
      }
      const failed = conditionFailed(rule.conditions, facts);
      if (failed) {
        log(rule.id, ticketId, "skipped", [{ code: `condition.${failed.field}` }]);
        continue;
      }
      ctx.automationChain.runs.set(key, times + 1);
      const detail: AutomationRunDetail[] = [];
      let outcome: "acted" | "failed" = "acted";
      for (const action of rule.actions) {
        try {
          detail.push(await runAction(ctx, rule, action, facts));
        } catch (err) {
          if (!(err instanceof AppError)) console.error("automation action failed", { companyId: ctx.companyId, ruleId: rule.id, err: String(err) });
          detail.push({ code: `actionFailed.${action.type}`, args: { error: err instanceof AppError ? err.code : "ERR_INTERNAL" } });
          outcome = "failed";
          break;
        } finally {
          // The next action, and the next rule, see the ticket as this one left it.
          if (MOVES_FACTS.has(action.type)) facts = (await ruleFacts(ctx, ticketId, run.messageText, now)) ?? facts;
        }
      }
      log(rule.id, ticketId, outcome, detail);
    }
  } finally {
    // The turn's lines together, also when a turn ends in an unexpected error (what ran is still told).
    logRuns(ctx, logged, now);
  }
}
