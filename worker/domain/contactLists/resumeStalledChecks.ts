import { and, eq, isNull, lt, min } from "drizzle-orm";
import type { Db } from "../../db/client";
import { contactListChecks } from "../../db/tenant";
import type { SystemCtx } from "../context";
import { enqueueOutboundAll } from "../messages/enqueueOutbound";
import { CHECK_STALL_MS, publishCheck } from "./checkView";

/** When the running check that moved least recently would count as stalled (null: none is running). */
export function nextCheckStallDue(db: Db, companyId: number): number | null {
  const row = db
    .select({ at: min(contactListChecks.updatedAt) })
    .from(contactListChecks)
    .where(and(eq(contactListChecks.companyId, companyId), eq(contactListChecks.status, "running")))
    .get();
  return row?.at ? new Date(row.at).getTime() + CHECK_STALL_MS : null;
}

/**
 * The hub's alarm: a running check that has not moved for CHECK_STALL_MS lost its job chain (a deploy, a queue
 * outage; a batch's retries end well within it), so its current batch is queued again, as the page's "resume"
 * does. Jobs carry the check's run and cursor, so if the old chain was only slow, whichever job comes second finds
 * its batch recorded and stops. A check whose connection was deleted meanwhile stops as failed (ERR_NO_WAPP_FOUND),
 * resumable on another connection from the page. Answers how many were resumed.
 */
export async function resumeStalledChecks({ ctx, input }: { ctx: SystemCtx; input: { now: number } }): Promise<number> {
  const now = new Date(input.now);
  const stalled = and(eq(contactListChecks.companyId, ctx.companyId), eq(contactListChecks.status, "running"), lt(contactListChecks.updatedAt, new Date(input.now - CHECK_STALL_MS)));
  const stopped = await ctx.db
    .update(contactListChecks)
    .set({ status: "failed", error: "ERR_NO_WAPP_FOUND", updatedAt: now })
    .where(and(stalled, isNull(contactListChecks.whatsappId)))
    .returning();
  const resumed = await ctx.db.update(contactListChecks).set({ updatedAt: now }).where(stalled).returning();
  if (resumed.length) console.warn("contact list checks resumed after a stall", { companyId: ctx.companyId, checks: resumed.map((c) => c.id) });
  await enqueueOutboundAll(
    ctx,
    resumed.map((c) => ({ kind: "contactListCheck" as const, companyId: ctx.companyId, checkId: c.id, run: c.run, cursor: c.cursor })),
  );
  for (const check of [...resumed, ...stopped]) await publishCheck(ctx, check);
  return resumed.length;
}
