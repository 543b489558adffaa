import { and, eq } from "drizzle-orm";
import type { UpdateQueueOptionInput } from "../../contracts/queues";
import { queueOptions } from "../../db/schema";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { findOption, manageableOption, presentQueueOption, publishQueueChanged } from "./view";

/** PUT /queue-options/:id (admins): title and message. */
export async function updateQueueOption({ ctx, input }: { ctx: Ctx; input: { id: number; patch: UpdateQueueOptionInput } }) {
  const current = await manageableOption(ctx, input.id);
  const changes = Object.fromEntries(Object.entries(input.patch).filter(([, v]) => v !== undefined)) as UpdateQueueOptionInput;
  const row = await ctx.db
    .update(queueOptions)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(queueOptions.id, current.id), eq(queueOptions.companyId, ctx.companyId)))
    .returning()
    .get();
  if (!row) throw new AppError("ERR_NO_QUEUE_OPTION_FOUND");
  const queue = await publishQueueChanged(ctx, row.queueId);
  // The option as the tree has it, so the answer keeps its children.
  return (queue && findOption(queue.options, row.id)) ?? presentQueueOption(row);
}
