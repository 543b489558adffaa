import { and, eq, type SQL } from "drizzle-orm";
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
  await markMessageFailed(ctx, eq(messages.id, job.messageId), code);
}

/**
 * A message WhatsApp refused after taking it (the Cloud API reports `failed` by webhook, by the id it answered),
 * told the same way.
 */
export async function markSentMessageFailed(ctx: SystemCtx, wid: string, code: ErrorCode) {
  await markMessageFailed(ctx, and(eq(messages.wid, wid), eq(messages.fromMe, true))!, code);
}

async function markMessageFailed(ctx: SystemCtx, which: SQL, code: ErrorCode) {
  const updated = await ctx.db
    .update(messages)
    .set({ sendError: code, updatedAt: new Date() })
    .where(and(eq(messages.companyId, ctx.companyId), which))
    .returning({ id: messages.id });
  const id = updated[0]?.id;
  if (id === undefined) return;
  await publishMessageUpdate(ctx, id);
  await scheduleDelivered(ctx, id, { sent: false, code });
  await campaignDelivered(ctx, id, { sent: false, code });
}
