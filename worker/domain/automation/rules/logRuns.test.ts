import { describe, expect, it } from "vitest";
import { addRule, runsOf } from "../../../testing/automationRules";
import { companyWithTeam, inHub } from "../../../testing/fixtures";
import { logRuns, PRUNE_EVERY, SKIPPED_RUNS_KEPT, type RunLine } from "./logRun";

describe("the rules' run log", () => {
  it("keeps a rule's latest skipped runs only, and every acted one", async () => {
    const { company } = await companyWithTeam();
    const rule = await addRule(company.id, { trigger: "messageReceived", actions: [{ type: "close" }] });
    const line = (outcome: RunLine["outcome"]): RunLine => ({ ruleId: rule.id, ticketId: null, trigger: "messageReceived", triggerKey: null, outcome, detail: [] });

    await inHub(company.id, (hub) => {
      const ctx = hub.systemCtx(company.id);
      logRuns(ctx, [line("acted")], new Date());
      // One turn at a time, as messages come.
      for (let i = 0; i < SKIPPED_RUNS_KEPT + 3 * PRUNE_EVERY; i++) logRuns(ctx, [line("skipped")], new Date());
    });

    const runs = await runsOf(company.id, rule.id);
    const skipped = runs.filter((r) => r.outcome === "skipped");
    expect(skipped.length).toBeLessThanOrEqual(SKIPPED_RUNS_KEPT + PRUNE_EVERY);
    expect(skipped.length).toBeGreaterThanOrEqual(SKIPPED_RUNS_KEPT);
    expect(runs.filter((r) => r.outcome === "acted")).toHaveLength(1);
    // The newest are the ones kept.
    expect(skipped.at(-1)!.id).toBe(runs.at(-1)!.id);
  });
});
