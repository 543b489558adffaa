import type { CreateQueueInput } from "../../contracts/queues";
import { queues } from "../../db/tenant";
import type { Ctx } from "../context";
import { requirePermission } from "../context";
import { assertUnderPlanLimit, withinPlanLimit } from "../plans/planLimits";
import { assertQueueReferences } from "./references";
import { assertQueueNameAndColorFree, uniqueConflict } from "./uniqueness";
import { presentQueue, publishQueue } from "./view";
import { forgetAssigningQueues } from "../assignment/assigningQueues";
import { forgetQueueTargets } from "../serviceLevels/queueTargets";
import { recordAudit } from "../audit/recordAudit";

/** POST /queue (admins): within the plan's queue limit (counted with the insert), with a free name and colour. Starts without options. */
export async function createQueue({ ctx, input }: { ctx: Ctx; input: CreateQueueInput }) {
  requirePermission(ctx, "queues:manage");
  // A quick refusal when the plan is full already; the count that decides is the one in the insert's transaction.
  assertUnderPlanLimit(ctx.db, ctx.companyId, "queues");
  await assertQueueNameAndColorFree(ctx, input);
  await assertQueueReferences(ctx, input);
  let row;
  try {
    row = withinPlanLimit(ctx, "queues", () => {
      const created = ctx.db.insert(queues).values({ companyId: ctx.companyId, ...input }).returning().get();
      // In the insert's transaction: the entry commits with the queue or not at all.
      recordAudit(ctx, { action: "queue.created", target: { type: "queue", id: created.id, label: created.name }, detail: { color: created.color, assignmentMode: created.assignmentMode } });
      return created;
    });
  } catch (err) {
    throw uniqueConflict(err) ?? err;
  }
  forgetAssigningQueues(ctx.db);
  forgetQueueTargets(ctx.db);
  const queue = { ...presentQueue(row), options: [] };
  await publishQueue(ctx, "create", queue);
  return queue;
}
