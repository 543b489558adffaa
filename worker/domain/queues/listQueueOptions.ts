import type { ListQueueOptionsQuery } from "../../contracts/queues";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { findOption, loadOptionTree, loadQueue } from "./view";

/**
 * GET /queue-options?queueId=&parentId=: one level of a queue's menu (parentId -1 or absent: the top level), in
 * ordinal order, each option with its subtree under `children`. Anyone of the company may read it.
 */
export async function listQueueOptions({ ctx, input }: { ctx: Ctx; input: ListQueueOptionsQuery }) {
  if (!(await loadQueue(ctx.db, ctx.companyId, input.queueId))) throw new AppError("ERR_NO_QUEUE_FOUND");
  const tree = await loadOptionTree(ctx.db, ctx.companyId, input.queueId);
  if (input.parentId === null) return tree;
  const parent = findOption(tree, input.parentId);
  if (!parent) throw new AppError("ERR_NO_QUEUE_OPTION_FOUND");
  return parent.children;
}
