import { and, eq, isNotNull } from "drizzle-orm";
import { queueOptions, queues } from "../../db/tenant";
import type { Ctx } from "../context";
import { removeStoredMedia } from "./media";
import { manageableQueue, publishQueueDeleted } from "./view";
import { forgetAssigningQueues } from "../assignment/assigningQueues";
import { forgetQueueTargets } from "../serviceLevels/queueTargets";
import { recordAudit } from "../audit/recordAudit";

/**
 * DELETE /queue/:id (admins). The row's foreign keys do the rest in the same statement: its options, and its
 * links to users and connections, go with it; tickets, messages and prompts keep their rows with no queue.
 * Attachments are removed from storage once nothing points at them.
 */
export async function deleteQueue({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  const queue = await manageableQueue(ctx, input.id);
  const optionMedia = await ctx.db
    .select({ key: queueOptions.mediaPath })
    .from(queueOptions)
    .where(and(eq(queueOptions.queueId, queue.id), eq(queueOptions.companyId, ctx.companyId), isNotNull(queueOptions.mediaPath)));
  // The deletion and its entry: one transaction.
  ctx.db.transaction(() => {
    ctx.db.delete(queues).where(and(eq(queues.id, queue.id), eq(queues.companyId, ctx.companyId))).run();
    recordAudit(ctx, { action: "queue.deleted", target: { type: "queue", id: queue.id, label: queue.name } });
  });
  forgetAssigningQueues(ctx.db);
  forgetQueueTargets(ctx.db);
  await removeStoredMedia(ctx, [queue.mediaPath, ...optionMedia.map((o) => o.key)]);
  await publishQueueDeleted(ctx, queue.id);
}
