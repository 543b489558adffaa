import type { OutboundJob } from "../../contracts/outbound";
import type { Ctx } from "../context";

/**
 * Hands a stored message to the delivery queue. The message is already saved with ack 0, so a failed enqueue
 * loses nothing: it is logged and the message stays pending, visible as such, to be retried.
 */
export async function enqueueOutbound(ctx: Pick<Ctx, "env">, job: OutboundJob) {
  try {
    await ctx.env.OUTBOUND.send(job);
  } catch (err) {
    console.error("could not enqueue outbound job", job, String(err));
  }
}
