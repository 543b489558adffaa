import { and, eq, isNull, sql } from "drizzle-orm";
import type { CreateQueueOptionInput } from "../../contracts/queues";
import { queueOptions } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { ownFileList } from "../fileLists/view";
import { recordAudit } from "../audit/recordAudit";
import { manageableQueue, presentQueueOption, publishQueueChanged } from "./view";

/**
 * POST /queue-options (admins): adds an option after its siblings. The ordinal is computed in the insert itself,
 * so two options added at once still get different numbers.
 */
export async function createQueueOption({ ctx, input }: { ctx: Ctx; input: CreateQueueOptionInput }) {
  const queue = await manageableQueue(ctx, input.queueId);
  if (input.parentId !== null) {
    const parent = await ctx.db
      .select({ id: queueOptions.id })
      .from(queueOptions)
      .where(and(eq(queueOptions.id, input.parentId), eq(queueOptions.queueId, queue.id), eq(queueOptions.companyId, ctx.companyId)))
      .get();
    if (!parent) throw new AppError("ERR_NO_QUEUE_OPTION_FOUND", undefined, { fields: { parentId: "Not found" } });
  }
  if (input.fileListId !== null) await ownFileList(ctx, input.fileListId).catch(() => {
    throw new AppError("ERR_NO_FILE_LIST_FOUND", undefined, { fields: { fileListId: "Not found" } });
  });
  const siblings = and(
    eq(queueOptions.queueId, queue.id),
    input.parentId === null ? isNull(queueOptions.parentId) : eq(queueOptions.parentId, input.parentId),
  );
  const nextOrdinal = sql<string>`(select cast(coalesce(max(cast(${queueOptions.option} as integer)), 0) + 1 as text) from ${queueOptions} where ${siblings})`;
  // The option and its entry (a queue's menu is part of the queue): one transaction.
  const row = ctx.db.transaction(() => {
    const created = ctx.db
      .insert(queueOptions)
      .values({ companyId: ctx.companyId, queueId: queue.id, parentId: input.parentId, option: nextOrdinal, title: input.title, message: input.message, fileListId: input.fileListId, marketingConsent: input.marketingConsent })
      .returning()
      .get();
    recordAudit(ctx, { action: "queue.updated", target: { type: "queue", id: queue.id, label: queue.name }, detail: { option: "created", optionId: created.id, title: created.title } });
    return created;
  });
  await publishQueueChanged(ctx, queue.id);
  return presentQueueOption(row);
}
