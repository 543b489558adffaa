import { and, eq } from "drizzle-orm";
import type { UpdateQueueOptionInput } from "../../contracts/queues";
import { queueOptions } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { ownFileList } from "../fileLists/view";
import { recordAudit } from "../audit/recordAudit";
import { changesDetail } from "../audit/changes";
import { findOption, loadQueue, manageableOption, presentQueueOption, publishQueueChanged } from "./view";

/** PUT /queue-options/:id (admins): title, message and the file list sent before it (the company's). */
export async function updateQueueOption({ ctx, input }: { ctx: Ctx; input: { id: number; patch: UpdateQueueOptionInput } }) {
  const current = await manageableOption(ctx, input.id);
  if (input.patch.fileListId) {
    await ownFileList(ctx, input.patch.fileListId).catch(() => {
      throw new AppError("ERR_NO_FILE_LIST_FOUND", undefined, { fields: { fileListId: "Not found" } });
    });
  }
  const changes = Object.fromEntries(Object.entries(input.patch).filter(([, v]) => v !== undefined)) as UpdateQueueOptionInput;
  const detail = changesDetail(current, changes, { text: ["message"] });
  const queueName = (await loadQueue(ctx.db, ctx.companyId, current.queueId))?.name ?? null;
  // The edit and its entry (on the option's queue): one transaction.
  const row = ctx.db.transaction(() => {
    const updated = ctx.db
      .update(queueOptions)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(queueOptions.id, current.id), eq(queueOptions.companyId, ctx.companyId)))
      .returning()
      .get();
    if (updated && Object.keys(detail).length > 0) {
      recordAudit(ctx, { action: "queue.updated", target: { type: "queue", id: updated.queueId, label: queueName }, detail: { option: "updated", optionId: updated.id, ...detail } });
    }
    return updated;
  });
  if (!row) throw new AppError("ERR_NO_QUEUE_OPTION_FOUND");
  const queue = await publishQueueChanged(ctx, row.queueId);
  // The option as the tree has it, so the answer keeps its children.
  return (queue && findOption(queue.options, row.id)) ?? presentQueueOption(row);
}
