import { and, eq, isNotNull, ne, or, sql, type SQL } from "drizzle-orm";
import { inList } from "../../db/inList";
import { campaignShipping, messages, schedules, ticketNotes, tickets, typebotSessions } from "../../db/tenant";
import type { AnyCtx } from "../context";

/**
 * THE anonymiser (issue 28), used by a contact's erasure (eraseContact) and by retention (applyRetention): it blanks
 * what people wrote and sent in some tickets and keeps every row the statistics count, so `getDashboard` answers the
 * same numbers before and after.
 *
 * Every tenant table (worker/db/tenant/), and what happens to it here:
 * - messages: body, media (R2 key and name), the provider's raw payload (data_json: numbers, names, texts), the group
 *   participant's JID and the send error are blanked, the message marked deleted (the chat shows a deleted message);
 *   the row stays (ids, times, direction, type, ack, queue, user). Quoted bodies are read through the quoted row, and
 *   edits and reactions are messages of their own: blanked with it. A voice note's transcript is its body.
 *   messages_fts follows through its update trigger (the old terms are deleted from the index).
 * - tickets: last_message blanked, the Typebot session id dropped; status, times, queue, user, rating flags, service
 *   level times stay. updated_at is kept as it was (the lists' order and retention's own cursor read it).
 * - ticket_notes (agents' notes on the contact's ticket) and typebot_sessions (a bot's memory: the choices offered)
 *   are deleted.
 * - schedules of the tickets: body, file and error blanked (a file's R2 key is removed).
 * - campaign_shippings whose message is one of the tickets': the personalised message, confirmation, name, e-mail and
 *   variables are blanked; the row (status, times) stays for the campaign's counts.
 * - ticket_trackings, user_ratings (scores), ticket_service_periods, message_hours, service_days, service_hours,
 *   service_durations, automation_runs' ticket ids, ticket_tags: no personal text, kept for the statistics.
 * Handled by the erasure only (eraseContact, they belong to the contact rather than to tickets): contacts (a
 * placeholder), contacts_fts (trigger), contact_custom_fields, contact_cloud_ids, contact_list_items, campaign_opt_outs
 * (kept as a hash), campaign_shippings by number, schedules of the contact, the contact's messages in group tickets,
 * audit_log's labels of the contact, webhook_deliveries, api_requests and external_api_requests naming the number.
 * Not the contact's data (written by the team or the company, or platform data): users, user_sessions, queues,
 * queue_options, queue_integrations, prompts, prompt_usage, whatsapps, whatsapp_queues, whatsapp_session_keys,
 * whatsapp_templates, automatic_templates, quick_messages, tags, file_lists, file_list_options, campaigns,
 * campaign_settings, campaign_paces, campaign_sends, contact_lists, contact_list_checks, chats, chat_users,
 * chat_messages, chat_mentions, announcement_receipts, settings, automation_rules, macros, api_tokens,
 * webhook_subscriptions, companies, plans. automation_runs' details and webhook_deliveries' payloads are pruned by
 * housekeeping after a few days.
 */

/** A message still holding something to blank. */
const notBlank = or(
  ne(messages.body, ""),
  isNotNull(messages.mediaUrl),
  isNotNull(messages.mediaName),
  isNotNull(messages.dataJson),
  isNotNull(messages.participant),
  isNotNull(messages.sendError),
  eq(messages.isDeleted, false),
)!;

/** What a slice freed: the R2 keys no row needs any more (removed by `removeMedia` after the slice's turn). */
export interface AnonymisedSlice {
  messages: number;
  mediaKeys: string[];
}

/**
 * Blanks up to `limit` messages matching `where` (of this company) that still hold something; all of them when no
 * limit is given. Synchronous: it runs inside one turn of the hub's command queue.
 */
export function blankMessages(ctx: AnyCtx, where: SQL, limit?: number): AnonymisedSlice {
  const base = ctx.db
    .select({ id: messages.id, mediaUrl: messages.mediaUrl })
    .from(messages)
    .where(and(eq(messages.companyId, ctx.companyId), where, notBlank));
  const rows = limit === undefined ? base.all() : base.limit(limit).all();
  if (rows.length === 0) return { messages: 0, mediaKeys: [] };
  const ids = rows.map((r) => r.id);
  // The campaign's copy of what it sent (personalised with the recipient's name and variables).
  ctx.db
    .update(campaignShipping)
    .set({ message: "", confirmationMessage: "", name: "", email: "", variables: {} })
    .where(and(eq(campaignShipping.companyId, ctx.companyId), inList(campaignShipping.messageId, ids)))
    .run();
  ctx.db
    .update(messages)
    .set({
      body: "",
      mediaUrl: null,
      mediaName: null,
      dataJson: null,
      participant: null,
      sendError: null,
      isDeleted: true,
      updatedAt: sql`${messages.updatedAt}`,
    })
    .where(and(eq(messages.companyId, ctx.companyId), inList(messages.id, ids)))
    .run();
  return { messages: rows.length, mediaKeys: [...new Set(rows.flatMap((r) => (r.mediaUrl ? [r.mediaUrl] : [])))] };
}

/** The rows of the tickets themselves, once their messages are blank: texts, notes, bot memory, schedules. */
export function blankTicketRows(ctx: AnyCtx, ticketIds: number[]): string[] {
  if (ticketIds.length === 0) return [];
  ctx.db
    .update(tickets)
    .set({ lastMessage: "", typebotSessionId: null, updatedAt: sql`${tickets.updatedAt}` })
    .where(and(eq(tickets.companyId, ctx.companyId), inList(tickets.id, ticketIds)))
    .run();
  ctx.db.delete(ticketNotes).where(and(eq(ticketNotes.companyId, ctx.companyId), inList(ticketNotes.ticketId, ticketIds))).run();
  ctx.db.delete(typebotSessions).where(and(eq(typebotSessions.companyId, ctx.companyId), inList(typebotSessions.ticketId, ticketIds))).run();
  const scheduled = and(eq(schedules.companyId, ctx.companyId), inList(schedules.ticketId, ticketIds))!;
  return blankSchedules(ctx, scheduled);
}

/** Blanks schedules' texts and files; answers the files' R2 keys. */
export function blankSchedules(ctx: AnyCtx, where: SQL): string[] {
  const files = ctx.db.select({ key: schedules.mediaPath }).from(schedules).where(and(where, isNotNull(schedules.mediaPath))).all();
  ctx.db.update(schedules).set({ body: "", mediaPath: null, mediaName: null, error: null, updatedAt: sql`${schedules.updatedAt}` }).where(where).run();
  return files.flatMap((f) => (f.key ? [f.key] : []));
}

/**
 * Removes files from R2 once no message points at them any more (a forwarded copy shares its original's file: a
 * file another contact's message still shows stays). Only keys under the company's own prefix are touched.
 */
export async function removeMedia(ctx: AnyCtx, keys: string[]): Promise<number> {
  const own = [...new Set(keys)].filter((k) => k.startsWith(`companies/${ctx.companyId}/`));
  if (own.length === 0) return 0;
  const used = new Set(
    ctx.db
      .select({ key: messages.mediaUrl })
      .from(messages)
      // isNotNull: the partial index messages_company_media_idx is taken only for a WHERE that implies its own.
      .where(and(eq(messages.companyId, ctx.companyId), isNotNull(messages.mediaUrl), inList(messages.mediaUrl, own)))
      .all()
      .map((r) => r.key),
  );
  const orphaned = own.filter((k) => !used.has(k));
  for (let i = 0; i < orphaned.length; i += 1000) await ctx.env.MEDIA.delete(orphaned.slice(i, i + 1000));
  return orphaned.length;
}
