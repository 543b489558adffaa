import type { AnyCtx } from "../../context";
import { forgetActiveRules } from "./activeRules";

/**
 * What every change of a company's rules (made, edited, enabled, disabled, reordered, deleted) tells the hub: the
 * enabled rules are read afresh, and the alarm is armed again, so the minute's timed rules (agentSilent,
 * contactSilent: hub/dueWork.ts) start when the first appears and stop when the last goes.
 */
export async function rulesChanged(ctx: Pick<AnyCtx, "db" | "hub">) {
  forgetActiveRules(ctx.db);
  await ctx.hub.workChanged();
}
