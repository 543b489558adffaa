import { and, eq } from "drizzle-orm";
import type { DeliveryJob } from "../../contracts/outbound";
import { messages } from "../../db/tenant";
import type { SystemCtx } from "../context";
import type { ErrorCode } from "../errors";
import { publishMessageUpdate } from "../messages/publishMessageUpdate";
import { scheduleDelivered } from "../schedules/dispatchDueSchedules";
import { campaignDelivered } from "../campaigns/campaignDelivered";

/** A send that will not succeed by retrying: the message shows as failed, with why, until someone retries it. */
export async function markDeliveryFailed(ctx: SystemCtx, job: DeliveryJob, code: ErrorCode) {
  if (job.kind !== "send") return;
  const updated = await ctx.db
    .update(messages)
    .set({ sendError: code, updatedAt: new Date() })
    .where(and(eq(messages.companyId, job.companyId), eq(messages.id, job.messageId)))
    .returning({ id: messages.id });
  if (updated[0]) {
    await publishMessageUpdate(ctx, job.messageId);
    await scheduleDelivered(ctx, job.messageId, { sent: false, code });
    await campaignDelivered(ctx, job.messageId, { sent: false, code });
  }
}
