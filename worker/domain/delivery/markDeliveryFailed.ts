import { and, eq, isNull, type SQL } from "drizzle-orm";
import type { DeliveryJob } from "../../contracts/outbound";
import { contactListItems, contacts, messages } from "../../db/tenant";
import { recordConsent } from "../consent/recordConsent";
import type { SystemCtx } from "../context";
import type { ErrorCode } from "../errors";
import { publishMessageUpdate } from "../messages/publishMessageUpdate";
import { scheduleDelivered } from "../schedules/dispatchDueSchedules";
import { campaignDelivered, campaignRetryScheduled } from "../campaigns/campaignDelivered";
import { publishContact } from "../contacts/events";
import { loadContactView } from "../contacts/view";
import { enqueueOutbound } from "../messages/enqueueOutbound";

/** Meta's marketing cap (131049) lifts within a day: the send is tried again once, this long after. */
export const MARKETING_RETRY_MS = 24 * 60 * 60 * 1000;

/** A send that will not succeed by retrying: the message shows as failed, with why, until someone retries it. */
export async function markDeliveryFailed(ctx: SystemCtx, job: DeliveryJob, code: ErrorCode) {
  if (job.kind !== "send") return;
  await markMessageFailed(ctx, eq(messages.id, job.messageId), code, job.notBefore !== undefined);
}

/**
 * A message WhatsApp refused after taking it (the Cloud API reports `failed` by webhook, by the id it answered),
 * told the same way.
 */
export async function markSentMessageFailed(ctx: SystemCtx, wid: string, code: ErrorCode) {
  await markMessageFailed(ctx, and(eq(messages.wid, wid), eq(messages.fromMe, true))!, code);
}

async function markMessageFailed(ctx: SystemCtx, which: SQL, code: ErrorCode, deferredSend = false) {
  if (code === "ERR_WAPP_MARKETING_LIMIT" && (await deferForMarketingCap(ctx, which, deferredSend))) return;
  const updated = await ctx.db
    .update(messages)
    .set({ sendError: code, updatedAt: new Date() })
    .where(and(eq(messages.companyId, ctx.companyId), which))
    .returning({ id: messages.id });
  const id = updated[0]?.id;
  if (id === undefined) return;
  if (code === "ERR_WAPP_OPTED_OUT") await recordMarketingOptOut(ctx, id);
  if (code === "ERR_WAPP_INVALID_CONTACT") await markNumberUndeliverable(ctx, id);
  await publishMessageUpdate(ctx, id);
  await scheduleDelivered(ctx, id, { sent: false, code });
  await campaignDelivered(ctx, id, { sent: false, code });
}

/**
 * Meta's 131050: the person stopped marketing messages from the business. The contact's marketing consent is revoked
 * (how "cloud131050"), so later campaigns and marketing schedules skip it (ADR 0050, issue 28).
 */
async function recordMarketingOptOut(ctx: SystemCtx, messageId: number) {
  const contact = await ctx.db
    .select({ id: contacts.id })
    .from(messages)
    .innerJoin(contacts, eq(contacts.id, messages.contactId))
    .where(and(eq(messages.companyId, ctx.companyId), eq(messages.id, messageId)))
    .get();
  if (!contact) return;
  await recordConsent(ctx, contact.id, { state: "revoked", how: "cloud131050", detail: `message ${messageId}` });
}


/**
 * Meta's 131049: it holds marketing messages back from a person who got many lately. Not at once and not by the
 * queue's retries: the message waits (pending, with why) and its send is queued again for 24 hours later (the
 * queue's longest delay; the job's notBefore guards the time). Once: `retryAt` stays set, so the retry's own refusal
 * (the deferred send's job refused, or the status of what it sent, ack ≥ 1) fails it, while the first refusal again
 * (a redelivered webhook or job, during the wait: ack 0) changes nothing. False when it is to be failed.
 */
async function deferForMarketingCap(ctx: SystemCtx, which: SQL, deferredSend: boolean): Promise<boolean> {
  const mine = and(eq(messages.companyId, ctx.companyId), which);
  const row = await ctx.db.select({ id: messages.id, ack: messages.ack, retryAt: messages.retryAt }).from(messages).where(mine).get();
  if (!row) return true;
  if (row.retryAt !== null) return !(deferredSend || row.ack >= 1);
  const retryAt = new Date(Date.now() + MARKETING_RETRY_MS);
  const deferred = await ctx.db
    .update(messages)
    .set({ ack: 0, sendError: "ERR_WAPP_MARKETING_LIMIT", retryAt, updatedAt: new Date() })
    .where(and(eq(messages.companyId, ctx.companyId), eq(messages.id, row.id), isNull(messages.retryAt)))
    .returning({ id: messages.id });
  if (!deferred[0]) return true;
  await enqueueOutbound(ctx, { kind: "send", companyId: ctx.companyId, messageId: row.id, notBefore: retryAt.getTime() }, { delaySeconds: MARKETING_RETRY_MS / 1000 });
  await publishMessageUpdate(ctx, row.id);
  await campaignRetryScheduled(ctx, row.id, "ERR_WAPP_MARKETING_LIMIT");
  return true;
}

/**
 * WhatsApp cannot deliver to the message's number (131026 on the Cloud API: not on WhatsApp, an old app, or its
 * terms not accepted; the session host's "not on WhatsApp"): the contact shows it until it writes again, the
 * number's contact list entries read as the list check's "not on WhatsApp", and campaigns skip it.
 */
async function markNumberUndeliverable(ctx: SystemCtx, messageId: number) {
  const contact = await ctx.db
    .select({ id: contacts.id, number: contacts.number })
    .from(messages)
    .innerJoin(contacts, eq(contacts.id, messages.contactId))
    .where(and(eq(messages.companyId, ctx.companyId), eq(messages.id, messageId), eq(contacts.isGroup, false)))
    .get();
  if (!contact) return;
  const now = new Date();
  await ctx.db.update(contacts).set({ undeliverableAt: now, updatedAt: now }).where(and(eq(contacts.companyId, ctx.companyId), eq(contacts.id, contact.id)));
  await ctx.db
    .update(contactListItems)
    .set({ isWhatsappValid: false, whatsappCheck: "invalid", whatsappCheckedAt: now, updatedAt: now })
    .where(and(eq(contactListItems.companyId, ctx.companyId), eq(contactListItems.number, contact.number)));
  const view = await loadContactView(ctx.db, ctx.companyId, contact.id);
  if (view) await publishContact(ctx, "update", view);
}
