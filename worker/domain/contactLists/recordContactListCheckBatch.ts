import { and, eq, inArray, sql } from "drizzle-orm";
import type { ContactListCheckJob } from "../../contracts/outbound";
import { contactListChecks, contactListItems, type WhatsappCheckResult } from "../../db/tenant";
import type { SystemCtx } from "../context";
import { CHECK_BATCH_SIZE, publishCheck } from "./checkView";
import type { CheckBatchOutcome } from "../../contracts/hubJobs";
export type { CheckBatchOutcome };


/**
 * A batch's answers, written in one transaction with the check's progress: only the job whose run and cursor are
 * current moves the cursor, so a redelivered job neither counts twice nor forks the chain. Answers the next job,
 * or null when the check is done or stopped.
 */
export async function recordContactListCheckBatch({ ctx, input }: { ctx: SystemCtx; input: Omit<ContactListCheckJob, "kind" | "companyId"> & CheckBatchOutcome }) {
  const now = new Date();
  const byResult = new Map<WhatsappCheckResult, number[]>();
  for (const r of input.results) byResult.set(r.result, [...(byResult.get(r.result) ?? []), r.itemId]);
  const check = ctx.db.transaction((tx) => {
    const current = tx
      .select()
      .from(contactListChecks)
      .where(and(eq(contactListChecks.companyId, ctx.companyId), eq(contactListChecks.id, input.checkId)))
      .get();
    if (!current || current.status !== "running" || current.run !== input.run || current.cursor !== input.cursor) return null;
    if (input.stop) {
      return tx.update(contactListChecks).set({ status: "failed", error: input.stop, updatedAt: now }).where(eq(contactListChecks.id, current.id)).returning().get();
    }
    for (const [result, ids] of byResult) {
      tx.update(contactListItems)
        .set({ whatsappCheck: result, whatsappCheckedAt: now, isWhatsappValid: result === "valid" })
        .where(and(eq(contactListItems.contactListId, current.contactListId), inArray(contactListItems.id, ids)))
        .run();
    }
    const cursor = Math.max(current.cursor, ...input.results.map((r) => r.itemId));
    const done = input.results.length < CHECK_BATCH_SIZE;
    const n = (result: WhatsappCheckResult) => byResult.get(result)?.length ?? 0;
    return tx
      .update(contactListChecks)
      .set({
        cursor,
        checked: sql`${contactListChecks.checked} + ${input.results.length}`,
        valid: sql`${contactListChecks.valid} + ${n("valid")}`,
        invalid: sql`${contactListChecks.invalid} + ${n("invalid")}`,
        unknown: sql`${contactListChecks.unknown} + ${n("unknown")}`,
        // Items added or deleted while it ran: at the end the total is what was walked.
        ...(done ? { total: sql`${contactListChecks.checked} + ${input.results.length}` } : {}),
        ...(done ? { status: "done" as const, finishedAt: now } : {}),
        updatedAt: now,
      })
      .where(eq(contactListChecks.id, current.id))
      .returning()
      .get();
  });
  if (!check) return null;
  await publishCheck(ctx, check);
  if (input.results.length > 0) await ctx.hub.publish([{ audience: { kind: "admins" }, event: { type: "contactListItem", action: "reload", contactListId: check.contactListId } }]);
  return check.status === "running" ? { checkId: check.id, run: check.run, cursor: check.cursor } : null;
}
