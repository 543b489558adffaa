import { and, eq, type SQL } from "drizzle-orm";
import type { DeliveryJob } from "../../contracts/outbound";
import { campaignOptOuts, contacts, messages } from "../../db/tenant";
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
  if (code === "ERR_WAPP_OPTED_OUT") await recordMarketingOptOut(ctx, id);
  await publishMessageUpdate(ctx, id);
  await scheduleDelivered(ctx, id, { sent: false, code });
  await campaignDelivered(ctx, id, { sent: false, code });
}

/**
 * Meta's 131050: the person stopped marketing messages from the business. The number is opted out as if it had
 * sent an opt-out word (word "131050"), so later campaigns skip it (ADR 0050).
 */
async function recordMarketingOptOut(ctx: SystemCtx, messageId: number) {
  const contact = await ctx.db
    .select({ number: contacts.number })
    .from(messages)
    .innerJoin(contacts, eq(contacts.id, messages.contactId))
    .where(and(eq(messages.companyId, ctx.companyId), eq(messages.id, messageId)))
    .get();
  if (!contact) return;
  await ctx.db.insert(campaignOptOuts).values({ companyId: ctx.companyId, number: contact.number, word: "131050", createdAt: new Date() }).onConflictDoNothing();
}

