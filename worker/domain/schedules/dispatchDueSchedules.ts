import { and, asc, eq, inArray, lte, min } from "drizzle-orm";
import { allowedMediaTypes } from "../../contracts/messages";
import type { Db } from "../../db/client";
import { contacts, schedules, settings, tickets, users, whatsapps, type ScheduleRecurrence } from "../../db/tenant";
import type { SystemCtx } from "../context";
import type { ErrorCode } from "../errors";
import { storeOutboundMessage } from "../messages/storeOutboundMessage";
import { contactVariables, fillVariables } from "../outbound/fillVariables";
import { findLiveTicket } from "../tickets/findOpenTicket";
import { openTicket } from "../tickets/openTicket";
import { visibilitySettings } from "../tickets/ticketEvents";
import { authorViewer, companyTimeZone, mayWriteInto } from "./checks";
import { nextOccurrence } from "./recurrence";
import { publishSchedule } from "./view";
import { marketingBlocked } from "../consent/marketingBlocked";

/** Schedules sent per turn of the hub's command queue (agents' commands go on between turns). */
export const SCHEDULE_SLICE = 25;
/** Later than this after its time, a schedule was due while the system was down (setting scheduleMissed decides). */
export const MISSED_AFTER_MS = 5 * 60 * 1000;

/** When the company's next schedule is due (the hub's alarm is armed for it), or null with none pending. */
export function nextScheduleDue(db: Db, companyId: number): number | null {
  const row = db
    .select({ at: min(schedules.sendAt) })
    .from(schedules)
    .where(and(eq(schedules.companyId, companyId), eq(schedules.status, "PENDENTE")))
    .get();
  return row?.at ? new Date(row.at).getTime() : null;
}

/**
 * The hub's alarm: every PENDENTE schedule whose time has come, the oldest first, in slices that each take one
 * turn of the command queue. Each becomes a message in the contact's live ticket on its connection (found or
 * opened as the external API does), signed with its author's name and queued for delivery like an agent's
 * message; in the same transaction the schedule is claimed (AGENDADA, pointing at the message) and a recurring
 * one's next occurrence is written. So a schedule is sent once even when the alarm runs again after a crash,
 * and one due while the system was down is sent on recovery, or marked missed when the company says so.
 * The author must still be allowed to act on the live ticket it would go into (the inbox's visibility rule, read
 * afresh: queues and tickets move after it is made); otherwise it is ERRO with ERR_SCHEDULE_TICKET_HIDDEN, which the
 * author reads on the page, and nothing is written into that conversation.
 * Delivery then makes it ENVIADA or ERRO (deliverOutbound, markDeliveryFailed).
 */
export async function dispatchDueSchedules({
  ctx,
  input,
  serially,
}: {
  ctx: SystemCtx;
  input: { now: number };
  serially: <T>(task: () => Promise<T>) => Promise<T>;
}): Promise<{ sent: number; failed: number }> {
  const totals = { sent: 0, failed: 0 };
  for (;;) {
    const slice = await serially(() => dispatchSlice(ctx, input.now));
    totals.sent += slice.sent;
    totals.failed += slice.failed;
    if (slice.sent + slice.failed < SCHEDULE_SLICE) return totals;
  }
}

async function dispatchSlice(ctx: SystemCtx, now: number) {
  const due = await ctx.db
    .select({ schedule: schedules, contact: { name: contacts.name, number: contacts.number, email: contacts.email }, author: users.name })
    .from(schedules)
    .innerJoin(contacts, eq(contacts.id, schedules.contactId))
    .leftJoin(users, eq(users.id, schedules.userId))
    .where(and(eq(schedules.companyId, ctx.companyId), eq(schedules.status, "PENDENTE"), lte(schedules.sendAt, new Date(now))))
    .orderBy(asc(schedules.sendAt), asc(schedules.id))
    .limit(SCHEDULE_SLICE);
  const result = { sent: 0, failed: 0 };
  if (due.length === 0) return result;
  const policy = await missedPolicy(ctx);
  const timeZone = await companyTimeZone(ctx);
  for (const row of due) {
    const s = row.schedule;
    if (policy === "mark" && now - s.sendAt.getTime() > MISSED_AFTER_MS) {
      await failSchedule(ctx, s, "ERR_SCHEDULE_MISSED", timeZone);
      result.failed++;
      continue;
    }
    // A marketing message to a contact who revoked consent is skipped, with why (a recurring one goes on to its next).
    if (s.marketing && marketingBlocked(ctx.db, ctx.companyId, row.contact.number)) {
      await failSchedule(ctx, s, "ERR_MARKETING_OPTED_OUT", timeZone);
      result.failed++;
      continue;
    }
    const connectionId = await connectionFor(ctx, s);
    if (connectionId === null) {
      await failSchedule(ctx, s, "ERR_NO_DEF_WAPP_FOUND", timeZone);
      result.failed++;
      continue;
    }
    let failure: ErrorCode | null = null;
    try {
      const ticketId = await conversationFor(ctx, s, connectionId);
      if (ticketId === "hidden") failure = "ERR_SCHEDULE_TICKET_HIDDEN";
      else await sendSchedule(ctx, row, ticketId, connectionId, timeZone);
    } catch (err) {
      // Not left PENDENTE to fail again on every alarm: ERRO, with a retry action on the page.
      console.error("schedule could not be sent", { companyId: ctx.companyId, scheduleId: s.id, err: String(err) });
      failure = "ERR_CREATING_MESSAGE";
    }
    if (failure) {
      await failSchedule(ctx, s, failure, timeZone);
      result.failed++;
    } else result.sent++;
  }
  return result;
}

async function sendSchedule(
  ctx: SystemCtx,
  row: { schedule: typeof schedules.$inferSelect; contact: { name: string; number: string; email: string }; author: string | null },
  ticketId: number,
  connectionId: number,
  timeZone: string,
) {
  const s = row.schedule;
  const text = fillVariables(s.body, contactVariables(row.contact));
  const body = row.author ? `*${row.author}*:\n${text}` : text;
  const media = await attachmentOf(ctx, s);
  await storeOutboundMessage(ctx, ticketId, { body, ...media }, (messageId) => {
      const claimed = ctx.db
        .update(schedules)
        .set({ status: "AGENDADA", messageId, ticketId, whatsappId: connectionId, error: null, updatedAt: new Date() })
        .where(and(eq(schedules.companyId, ctx.companyId), eq(schedules.id, s.id), eq(schedules.status, "PENDENTE")))
        .returning({ id: schedules.id })
        .all();
      // Claimed already (it cannot be, in the hub's queue, but a second send is worse than none): the message goes too.
      if (claimed.length === 0) throw new Error(`schedule ${s.id} was claimed meanwhile`);
      writeNextOccurrence(ctx, s, timeZone);
    });
  await publishSchedule(ctx, "update", s.id);
}

async function missedPolicy(ctx: SystemCtx): Promise<"send" | "mark"> {
  const value = ctx.companySettings?.scheduleMissed;
  if (value === "send" || value === "mark") return value;
  const row = await ctx.db
    .select({ value: settings.value })
    .from(settings)
    .where(and(eq(settings.companyId, ctx.companyId), eq(settings.key, "scheduleMissed")))
    .get();
  return row?.value === "mark" ? "mark" : "send";
}

/** The schedule's connection, else its ticket's, else the company's default; null when there is none. */
async function connectionFor(ctx: SystemCtx, s: typeof schedules.$inferSelect): Promise<number | null> {
  const candidates = await ctx.db
    .select({ id: whatsapps.id, isDefault: whatsapps.isDefault })
    .from(whatsapps)
    .where(eq(whatsapps.companyId, ctx.companyId));
  if (s.whatsappId && candidates.some((c) => c.id === s.whatsappId)) return s.whatsappId;
  if (s.ticketId) {
    const ticket = await ctx.db
      .select({ whatsappId: tickets.whatsappId })
      .from(tickets)
      .where(and(eq(tickets.companyId, ctx.companyId), eq(tickets.id, s.ticketId)))
      .get();
    if (ticket?.whatsappId && candidates.some((c) => c.id === ticket.whatsappId)) return ticket.whatsappId;
  }
  return candidates.find((c) => c.isDefault)?.id ?? null;
}

/**
 * The contact's live ticket on the connection when the author may act on it ("hidden" when not), or a new pending
 * one without an agent (as the external API opens).
 */
async function conversationFor(ctx: SystemCtx, s: typeof schedules.$inferSelect, connectionId: number): Promise<number | "hidden"> {
  const live = await findLiveTicket(ctx.db, ctx.companyId, s.contactId, connectionId);
  if (live) {
    const author = await authorViewer(ctx.db, ctx.companyId, s.userId);
    return mayWriteInto(author, live, await visibilitySettings(ctx)) ? live.id : "hidden";
  }
  const contact = await ctx.db.select({ isGroup: contacts.isGroup }).from(contacts).where(eq(contacts.id, s.contactId)).get();
  const opened = await openTicket(ctx, { contactId: s.contactId, isGroup: contact?.isGroup ?? false, whatsappId: connectionId, userId: null, queueId: null, status: "pending" });
  return opened.id;
}

/** The schedule's file, sent with the text as its caption; a file gone from storage is sent as text only. */
async function attachmentOf(ctx: SystemCtx, s: typeof schedules.$inferSelect) {
  if (!s.mediaPath) return {};
  const head = await ctx.env.MEDIA.head(s.mediaPath);
  if (!head) return {};
  const type = head.httpMetadata?.contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
  return { mediaType: allowedMediaTypes[type] ?? "application", mediaUrl: s.mediaPath, mediaName: s.mediaName ?? "file" };
}

/** A recurring schedule's next occurrence, its own PENDENTE record (written in the caller's transaction). */
function writeNextOccurrence(ctx: SystemCtx, s: typeof schedules.$inferSelect, timeZone: string) {
  const rule = s.recurrence as ScheduleRecurrence | null;
  if (!rule) return;
  let next = nextOccurrence(s.sendAt, rule, timeZone);
  // Long downtime: occurrences already past are not all sent at once; the series resumes at its next time to come.
  while (next && next.getTime() <= Date.now() - MISSED_AFTER_MS) next = nextOccurrence(next, rule, timeZone);
  if (!next) return;
  const now = new Date();
  ctx.db
    .insert(schedules)
    .values({
      companyId: ctx.companyId,
      body: s.body,
      sendAt: next,
      contactId: s.contactId,
      ticketId: s.ticketId,
      userId: s.userId,
      whatsappId: s.whatsappId,
      mediaPath: s.mediaPath,
      mediaName: s.mediaName,
      recurrence: rule,
      seriesId: s.seriesId ?? s.id,
      marketing: s.marketing,
      createdAt: now,
      updatedAt: now,
    })
    .run();
}

/** ERRO with its reason; a recurring schedule still goes on to its next occurrence. */
async function failSchedule(ctx: SystemCtx, s: typeof schedules.$inferSelect, code: ErrorCode, timeZone: string) {
  ctx.db.transaction(() => {
    const failed = ctx.db
      .update(schedules)
      .set({ status: "ERRO", error: code, updatedAt: new Date() })
      .where(and(eq(schedules.companyId, ctx.companyId), eq(schedules.id, s.id), eq(schedules.status, "PENDENTE")))
      .returning({ id: schedules.id })
      .all();
    // Claimed after all (a failure after its message was stored): it was sent, and its next occurrence written.
    if (failed.length > 0) writeNextOccurrence(ctx, s, timeZone);
  });
  await publishSchedule(ctx, "update", s.id);
}

/**
 * Delivery's word on a schedule's message: ENVIADA once WhatsApp took it (also after an agent's retry of a failed
 * one), ERRO with the reason when it will not go. Called by deliverOutbound and markDeliveryFailed.
 */
export async function scheduleDelivered(ctx: SystemCtx, messageId: number, outcome: { sent: true } | { sent: false; code: ErrorCode }) {
  const now = new Date();
  const changed = await ctx.db
    .update(schedules)
    .set(outcome.sent ? { status: "ENVIADA", sentAt: now, error: null, updatedAt: now } : { status: "ERRO", error: outcome.code, updatedAt: now })
    .where(and(eq(schedules.companyId, ctx.companyId), eq(schedules.messageId, messageId), inArray(schedules.status, ["AGENDADA", "ERRO"])))
    .returning({ id: schedules.id });
  for (const { id } of changed) await publishSchedule(ctx, "update", id);
}
