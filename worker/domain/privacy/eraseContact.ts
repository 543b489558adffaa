import { and, eq, like, or, sql } from "drizzle-orm";
import { confirmsErasure, ERASED_CONTACT_NAME, type ContactErasureView, type EraseContactInput } from "../../contracts/privacy";
import { inList } from "../../db/inList";
import {
  apiRequests,
  auditLog,
  campaignShipping,
  contactCloudIds,
  contactConsentChanges,
  contactCustomFields,
  contactListItems,
  contacts,
  externalApiRequests,
  messages,
  schedules,
  tickets,
  webhookDeliveries,
} from "../../db/tenant";
import { recordAudit } from "../audit/recordAudit";
import { publishContact } from "../contacts/events";
import { loadContactView } from "../contacts/view";
import { requirePermission, type Ctx } from "../context";
import { AppError, fieldError } from "../errors";
import { blankMessages, blankSchedules, blankTicketRows, removeMedia } from "./anonymise";
import { keepOptOutsAsHashes } from "../consent/hashedOptOuts";

/** Messages blanked per turn of the hub's command queue: the inbox's commands take their turns in between. */
export const ERASE_MESSAGES_PER_SLICE = 2000;

/** The number an erased contact keeps: not a phone number (no message is ever routed to it), unique in the company. */
export const erasedNumber = (contactId: number) => `apagado-${contactId}`;

/**
 * POST /api/contacts/:id/erase (issue 28, admins and supervisors): erases a contact's personal data. Their messages
 * are blanked and media removed in slices, each one turn of the hub's command queue (eraseContactSlice), so a contact
 * with thousands of messages does not stall the inbox; the last slice replaces the contact with a placeholder in the
 * same turn. Answers when every slice has run. Statistics (tickets, their times, ratings, rollups) stay.
 */
export async function eraseContact({ ctx, input }: { ctx: Ctx; input: { id: number; body: EraseContactInput } }): Promise<ContactErasureView> {
  requirePermission(ctx, "contacts:privacy");
  const contact = ctx.db
    .select({ id: contacts.id, name: contacts.name })
    .from(contacts)
    .where(and(eq(contacts.id, input.id), eq(contacts.companyId, ctx.companyId)))
    .get();
  if (!contact) throw new AppError("ERR_NO_CONTACT_FOUND");
  // The body is read after the gates (a forbidden request is 403 whatever it sent).
  if (!confirmsErasure(input.body.confirm, contact.name)) throw fieldError({ confirm: "Type the contact's name or APAGAR to confirm" });

  let messageCount = 0;
  let files = 0;
  for (;;) {
    const slice = await ctx.hub.command("eraseContactSlice", { contactId: contact.id });
    messageCount += slice.messages;
    files += await removeMedia(ctx, slice.mediaKeys);
    if (slice.done) {
      const view = await loadContactView(ctx.db, ctx.companyId, contact.id);
      if (view) await publishContact(ctx, "update", view);
      return { contactId: contact.id, tickets: slice.tickets, messages: messageCount, files };
    }
  }
}

/**
 * One turn of an erasure (a hub command): up to ERASE_MESSAGES_PER_SLICE of the contact's messages blanked (in their
 * tickets, and what they wrote in groups); when none are left, the rest in the same turn: the tickets' rows, the
 * contact's own rows, the audit entry.
 */
export async function eraseContactSlice({ ctx, input }: { ctx: Ctx; input: { contactId: number } }) {
  requirePermission(ctx, "contacts:privacy");
  const contact = ctx.db
    .select({ id: contacts.id, name: contacts.name, number: contacts.number, email: contacts.email })
    .from(contacts)
    .where(and(eq(contacts.id, input.contactId), eq(contacts.companyId, ctx.companyId)))
    .get();
  if (!contact) throw new AppError("ERR_NO_CONTACT_FOUND");
  const ticketIds = ctx.db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.companyId, ctx.companyId), eq(tickets.contactId, contact.id)))
    .all()
    .map((t) => t.id);
  // What the contact wrote in groups: group tickets are few, and messages are found through their ticket.
  const groupTicketIds = ctx.db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.companyId, ctx.companyId), eq(tickets.isGroup, true)))
    .all()
    .map((t) => t.id);
  const theirs = or(inList(messages.ticketId, ticketIds), and(inList(messages.ticketId, groupTicketIds), eq(messages.contactId, contact.id)))!;
  const slice = blankMessages(ctx, theirs, ERASE_MESSAGES_PER_SLICE);
  if (slice.messages === ERASE_MESSAGES_PER_SLICE) return { done: false, tickets: ticketIds.length, ...slice };

  const mediaKeys = [...slice.mediaKeys, ...blankTicketRows(ctx, ticketIds)];
  mediaKeys.push(...blankSchedules(ctx, and(eq(schedules.companyId, ctx.companyId), eq(schedules.contactId, contact.id))!));
  eraseContactRows(ctx, contact);
  recordAudit(ctx, {
    action: "contact.erased",
    target: { type: "contact", id: contact.id, label: ERASED_CONTACT_NAME },
    detail: { tickets: ticketIds.length },
  });
  // The full-text indexes keep deleted terms in older segments until they merge: merged now, so no token is left.
  ctx.db.run(sql`insert into messages_fts(messages_fts) values ('optimize')`);
  ctx.db.run(sql`insert into contacts_fts(contacts_fts) values ('optimize')`);
  return { done: true, tickets: ticketIds.length, messages: slice.messages, mediaKeys };
}

/** The contact's own rows: a placeholder contact, and its number gone from lists, campaigns, logs and bot memory. */
function eraseContactRows(ctx: Ctx, contact: { id: number; name: string; number: string; email: string }) {
  const { companyId } = ctx;
  const token = erasedNumber(contact.id);
  // A person who revoked marketing consent stays opted out: the number is kept as its hash (marketingBlocked), read
  // before the placeholder replaces it. The consent history stays as the company's proof, without its details (the
  // word the person wrote).
  keepOptOutsAsHashes(ctx.db, companyId, [contact.id]);
  ctx.db.update(contactConsentChanges).set({ detail: "" }).where(and(eq(contactConsentChanges.companyId, companyId), eq(contactConsentChanges.contactId, contact.id))).run();
  ctx.db
    .update(contacts)
    .set({ name: ERASED_CONTACT_NAME, number: token, lid: null, email: "", profilePicUrl: "", disableBot: true, undeliverableAt: null, presence: "available" })
    .where(and(eq(contacts.id, contact.id), eq(contacts.companyId, companyId)))
    .run();
  ctx.db.delete(contactCustomFields).where(and(eq(contactCustomFields.companyId, companyId), eq(contactCustomFields.contactId, contact.id))).run();
  // A new message from the number (or the username) makes a new contact.
  ctx.db.delete(contactCloudIds).where(and(eq(contactCloudIds.companyId, companyId), eq(contactCloudIds.contactId, contact.id))).run();
  if (contact.number === "" || contact.number === token) return;
  ctx.db.delete(contactListItems).where(and(eq(contactListItems.companyId, companyId), eq(contactListItems.number, contact.number))).run();
  ctx.db
    .update(campaignShipping)
    .set({ number: token, message: "", confirmationMessage: "", name: "", email: "", variables: {} })
    .where(and(eq(campaignShipping.companyId, companyId), eq(campaignShipping.number, contact.number)))
    .run();
  // The audit log names the contact by its placeholder from now on.
  ctx.db
    .update(auditLog)
    .set({ targetLabel: ERASED_CONTACT_NAME })
    .where(and(eq(auditLog.companyId, companyId), eq(auditLog.targetType, "contact"), eq(auditLog.targetId, String(contact.id))))
    .run();
  // Logs that quote the number (events sent to webhooks, idempotent API answers): short-lived, dropped now.
  const quoting = (column: typeof webhookDeliveries.payload | typeof apiRequests.responseJson) => like(column, `%${contact.number}%`);
  ctx.db.delete(webhookDeliveries).where(and(eq(webhookDeliveries.companyId, companyId), quoting(webhookDeliveries.payload))).run();
  ctx.db.delete(apiRequests).where(and(eq(apiRequests.companyId, companyId), quoting(apiRequests.responseJson))).run();
  ctx.db.delete(externalApiRequests).where(and(eq(externalApiRequests.companyId, companyId), like(externalApiRequests.responseJson, `%${contact.number}%`))).run();
}
