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
import { recordAudit } from "../audit/recordAudit";
import { changesDetail } from "../audit/changes";

/** PUT /queue/:id (admins): any subset of the fields; schedules are replaced as a whole. */
export async function updateQueue({ ctx, input }: { ctx: Ctx; input: { id: number; patch: UpdateQueueInput } }) {
  const { id, patch } = input;
  const current = await manageableQueue(ctx, id);
  await assertQueueNameAndColorFree(ctx, patch, id);
  await assertQueueReferences(ctx, patch);
  const changes = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as UpdateQueueInput;
  // Each changed field, the texts and the week's hours only as changed.
  const detail = changesDetail(current, changes, { text: ["greetingMessage", "outOfHoursMessage", "schedules"] });
  try {
    // The edit and its entry: one transaction.
    ctx.db.transaction(() => {
      ctx.db
        .update(queues)
        .set({ ...changes, updatedAt: new Date() })
        .where(and(eq(queues.id, id), eq(queues.companyId, ctx.companyId)))
        .run();
      if (Object.keys(detail).length > 0) {
        recordAudit(ctx, { action: "queue.updated", target: { type: "queue", id, label: changes.name ?? current.name }, detail });
      }
    });
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
