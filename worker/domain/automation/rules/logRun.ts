import { and, eq, lt, sql } from "drizzle-orm";
import type { AutomationRunOutcome, AutomationTrigger } from "../../../contracts/automation/rules";
import type { AutomationRunDetail } from "../../../contracts/views/automation";
import type { Db } from "../../../db/client";
import { automationRuns } from "../../../db/tenant";
import type { SystemCtx } from "../../context";

/**
 * How many `skipped` runs a rule keeps. A rule on messageReceived whose conditions rarely hold is skipped on every
 * contact message; logging each is what tells an admin why it did not act, but a busy company would grow the table
 * by thousands of rows a day between housekeeping's sweeps. So a rule keeps only its latest skipped runs (its acted,
 * failed and loop-guard runs are kept whole until the sweep): enough to explain the last hours of traffic, bounded.
 */
export const SKIPPED_RUNS_KEPT = 200;
/** The older skipped runs are pruned once per this many skipped runs of a rule (not on each: it costs a delete). */
export const PRUNE_EVERY = 20;

const skippedSincePrune = new WeakMap<Db, Map<number, number>>();

export interface RunLine {
  ruleId: number;
  ticketId: number | null;
  trigger: AutomationTrigger;
  triggerKey: string | null;
  outcome: AutomationRunOutcome;
  detail: AutomationRunDetail[];
}

/** Rows per insert: the hub's SQLite binds at most 100 parameters per statement, and a run binds 8. */
const RUNS_PER_STATEMENT = 12;

/**
 * A turn's lines of the rules' run log, written together (a turn of 25 rules on a message is one or two inserts,
 * not 25); a rule's skipped runs now and then prune its older skipped ones.
 */
export function logRuns(ctx: SystemCtx, lines: RunLine[], now: Date) {
  for (let i = 0; i < lines.length; i += RUNS_PER_STATEMENT) {
    ctx.db
      .insert(automationRuns)
      .values(lines.slice(i, i + RUNS_PER_STATEMENT).map((line) => ({ companyId: ctx.companyId, ...line, createdAt: now })))
      .run();
  }
  let counts = skippedSincePrune.get(ctx.db);
  if (!counts) skippedSincePrune.set(ctx.db, (counts = new Map()));
  for (const line of lines) {
    if (line.outcome !== "skipped") continue;
    // The first skipped run after the hub wakes prunes too, so eviction cannot put pruning off for ever.
    const count = counts.get(line.ruleId) ?? 0;
    counts.set(line.ruleId, (count + 1) % PRUNE_EVERY);
    if (count === 0) pruneSkipped(ctx, line.ruleId);
  }
}

function pruneSkipped(ctx: SystemCtx, ruleId: number) {
  const ofRule = and(eq(automationRuns.companyId, ctx.companyId), eq(automationRuns.ruleId, ruleId));
  const oldestKept = ctx.db
    .select({ id: automationRuns.id })
    .from(automationRuns)
    .where(and(ofRule, eq(automationRuns.outcome, "skipped")))
    .orderBy(sql`${automationRuns.id} desc`)
    .limit(1)
    .offset(SKIPPED_RUNS_KEPT - 1)
    .get();
  if (!oldestKept) return;
  ctx.db
    .delete(automationRuns)
    .where(and(ofRule, eq(automationRuns.outcome, "skipped"), lt(automationRuns.id, oldestKept.id)))
    .run();
}
