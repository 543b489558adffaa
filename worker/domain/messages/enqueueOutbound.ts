import type { OutboundJob } from "../../contracts/outbound";
import type { Ctx } from "../context";

/**
 * Hands a stored message to the delivery queue. The message is already saved with ack 0, so a failed enqueue
 * loses nothing: it is logged and the message stays pending, visible as such, to be retried.
 */
export async function enqueueOutbound(ctx: Pick<Ctx, "env">, job: OutboundJob, options?: QueueSendOptions) {
  try {
    await ctx.env.OUTBOUND.send(job, options);
  } catch (err) {
    console.error("could not enqueue outbound job", job, String(err));
  }
}

/** Several stored messages handed to the delivery queue in one call (at most 100, Queues' batch limit). */
export async function enqueueOutboundAll(ctx: Pick<Ctx, "env">, jobs: OutboundJob[]) {
  if (jobs.length === 0) return;
  try {
    await ctx.env.OUTBOUND.sendBatch(jobs.map((body) => ({ body })));
  } catch (err) {
    console.error("could not enqueue outbound jobs", jobs, String(err));
  }
}
