import { and, eq } from "drizzle-orm";
import type { UpdateQueueInput } from "../../contracts/queues";
import { queues } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { assertQueueReferences } from "./references";
import { assertQueueNameAndColorFree, uniqueConflict } from "./uniqueness";
import { loadQueueView, manageableQueue, publishQueue } from "./view";
import { forgetAssigningQueues } from "../assignment/assigningQueues";
import { scheduleAssignment } from "../assignment/scheduleAssignment";
import { forgetQueueTargets } from "../serviceLevels/queueTargets";

/** PUT /queue/:id (admins): any subset of the fields; schedules are replaced as a whole. */
export async function updateQueue({ ctx, input }: { ctx: Ctx; input: { id: number; patch: UpdateQueueInput } }) {
  const { id, patch } = input;
  await manageableQueue(ctx, id);
  await assertQueueNameAndColorFree(ctx, patch, id);
  await assertQueueReferences(ctx, patch);
  const changes = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as UpdateQueueInput;
  try {
    await ctx.db
      .update(queues)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(queues.id, id), eq(queues.companyId, ctx.companyId)));
  } catch (err) {
    throw uniqueConflict(err) ?? err;
  }
  forgetAssigningQueues(ctx.db);
  // Assignment turned on (or changed): the queue's waiting tickets go to its free agents now.
  if (changes.assignmentMode !== undefined) scheduleAssignment(ctx, { queueIds: [id] });
  forgetQueueTargets(ctx.db);
  const queue = await loadQueueView(ctx.db, ctx.companyId, id);
  if (!queue) throw new AppError("ERR_NO_QUEUE_FOUND"); // deleted meanwhile
  await publishQueue(ctx, "update", queue);
  return queue;
}
