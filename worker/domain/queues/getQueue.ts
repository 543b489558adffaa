import type { Ctx } from "../context";
import { AppError } from "../errors";
import { loadQueueView } from "./view";

/** GET /queue/:id: the queue with its option tree (anyone of the company; 404 for another company's). */
export async function getQueue({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  const queue = await loadQueueView(ctx.db, ctx.companyId, input.id);
  if (!queue) throw new AppError("ERR_NO_QUEUE_FOUND");
  return queue;
}
