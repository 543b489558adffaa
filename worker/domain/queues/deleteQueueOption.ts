import { and, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { inList } from "../../db/inList";
import { queueOptions } from "../../db/tenant";
import type { Ctx } from "../context";
import { removeStoredMedia } from "./media";
import { auditStatement } from "../audit/recordAudit";
import { loadQueue, manageableOption, optionOrder, publishQueueChanged } from "./view";

/**
 * DELETE /queue-options/:id (admins): the option and its whole subtree go, and the remaining siblings are
 * renumbered 1…n in their order (spec 002), all in one batch so a failure changes nothing. Answers the queue's
 * option tree as it now stands.
 */
export async function deleteQueueOption({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  const target = await manageableOption(ctx, input.id);
  const all = await ctx.db
    .select({ id: queueOptions.id, parentId: queueOptions.parentId, option: queueOptions.option, mediaPath: queueOptions.mediaPath })
    .from(queueOptions)
    .where(and(eq(queueOptions.queueId, target.queueId), eq(queueOptions.companyId, ctx.companyId)))
    .orderBy(...optionOrder);

  const subtree = new Set([target.id]);
  // Rows come in ordinal order, not tree order: sweep until no more descendants turn up.
  for (let grew = true; grew; ) {
    grew = false;
    for (const o of all) {
      if (o.parentId !== null && subtree.has(o.parentId) && !subtree.has(o.id)) {
        subtree.add(o.id);
        grew = true;
      }
    }
  }
  const siblings = all.filter((o) => o.parentId === target.parentId && o.id !== target.id);

  const mine = (ids: number[]) => and(inList(queueOptions.id, ids), eq(queueOptions.companyId, ctx.companyId));
  const statements: BatchItem<"sqlite">[] = [ctx.db.delete(queueOptions).where(mine([...subtree]))];
  siblings.forEach((o, index) => {
    const ordinal = String(index + 1);
    if (o.option !== ordinal) {
      statements.push(ctx.db.update(queueOptions).set({ option: ordinal, updatedAt: new Date() }).where(mine([o.id])));
    }
  });
  const queueName = (await loadQueue(ctx.db, ctx.companyId, target.queueId))?.name ?? null;
  // The entry (on the option's queue) in the deletion's batch: it commits with it or not at all.
  statements.push(
    auditStatement(ctx, { action: "queue.updated", target: { type: "queue", id: target.queueId, label: queueName }, detail: { option: "deleted", optionId: target.id, title: target.title, removed: subtree.size } }),
  );
  await ctx.db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);

  await removeStoredMedia(ctx, all.filter((o) => subtree.has(o.id)).map((o) => o.mediaPath));
  const queue = await publishQueueChanged(ctx, target.queueId);
  return { message: "Queue option deleted", options: queue?.options ?? [] };
}
