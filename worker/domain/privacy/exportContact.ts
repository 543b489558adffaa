import { and, asc, eq } from "drizzle-orm";
import { strToU8, zipSync, type Zippable } from "fflate";
import { inList } from "../../db/inList";
import {
  campaignOptOuts,
  contactCloudIds,
  contactListItems,
  contactLists,
  contactConsentChanges,
  contacts,
  messages,
  queues,
  ticketNotes,
  tickets,
  ticketTracking,
  userRatings,
  users,
} from "../../db/tenant";
import { recordAudit } from "../audit/recordAudit";
import { loadContactView } from "../contacts/view";
import { requirePermission, type Ctx } from "../context";
import { AppError } from "../errors";
import { optOutKey } from "./optOutKey";

/** The archive's files, as the test and the e2e journey read them. */
export const EXPORT_ENTRIES = { contact: "contact.json", tickets: "tickets.json", messages: "messages.json", media: "media/" } as const;

/** A file name safe inside a zip (no folders, no control characters). */
const safeName = (name: string) => name.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, "_").slice(0, 120) || "file";

/**
 * GET /api/contacts/:id/export (issue 28, admins and supervisors): everything the company holds about a contact, as
 * a zip made on the fly and streamed to the caller (nothing is stored): contact.json (the contact, its fields,
 * WhatsApp ids, lists it is in, a campaign opt-out), tickets.json (each ticket with its history, notes and ratings),
 * messages.json (per ticket, in order) and media/ (the files of the messages). Audited as `contact.exported`.
 */
export async function exportContact({ ctx, input }: { ctx: Ctx; input: { id: number } }): Promise<{ fileName: string; bytes: Uint8Array }> {
  requirePermission(ctx, "contacts:privacy");
  const { companyId } = ctx;
  const contact = await loadContactView(ctx.db, companyId, input.id);
  if (!contact) throw new AppError("ERR_NO_CONTACT_FOUND");

  const cloudIds = ctx.db
    .select({ whatsappId: contactCloudIds.whatsappId, userId: contactCloudIds.userId, username: contactCloudIds.username })
    .from(contactCloudIds)
    .where(and(eq(contactCloudIds.companyId, companyId), eq(contactCloudIds.contactId, contact.id)))
    .all();
  const listEntries = ctx.db
    .select({ list: contactLists.name, name: contactListItems.name, number: contactListItems.number, email: contactListItems.email, variables: contactListItems.variables })
    .from(contactListItems)
    .innerJoin(contactLists, eq(contactLists.id, contactListItems.contactListId))
    .where(and(eq(contactListItems.companyId, companyId), eq(contactListItems.number, contact.number)))
    .all();
  const optOut = ctx.db
    .select({ word: campaignOptOuts.word, createdAt: campaignOptOuts.createdAt })
    .from(campaignOptOuts)
    .where(and(eq(campaignOptOuts.companyId, companyId), eq(campaignOptOuts.number, optOutKey(contact.number))))
    .get();
  // The marketing consent's changes (the contact's state is in the contact's own fields).
  const consentHistory = ctx.db
    .select({ state: contactConsentChanges.state, how: contactConsentChanges.how, at: contactConsentChanges.at, detail: contactConsentChanges.detail })
    .from(contactConsentChanges)
    .where(and(eq(contactConsentChanges.companyId, companyId), eq(contactConsentChanges.contactId, contact.id)))
    .orderBy(asc(contactConsentChanges.at))
    .all();

  const ticketRows = ctx.db
    .select({
      id: tickets.id,
      uuid: tickets.uuid,
      status: tickets.status,
      queue: queues.name,
      user: users.name,
      isGroup: tickets.isGroup,
      priority: tickets.priority,
      createdAt: tickets.createdAt,
      updatedAt: tickets.updatedAt,
    })
    .from(tickets)
    .leftJoin(queues, eq(queues.id, tickets.queueId))
    .leftJoin(users, eq(users.id, tickets.userId))
    .where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, contact.id)))
    .orderBy(asc(tickets.id))
    .all();
  const ticketIds = ticketRows.map((t) => t.id);
  const history = ctx.db
    .select({
      ticketId: ticketTracking.ticketId,
      action: ticketTracking.action,
      fromStatus: ticketTracking.fromStatus,
      toStatus: ticketTracking.toStatus,
      byUserId: ticketTracking.byUserId,
      createdAt: ticketTracking.createdAt,
    })
    .from(ticketTracking)
    .where(and(eq(ticketTracking.companyId, companyId), inList(ticketTracking.ticketId, ticketIds)))
    .orderBy(asc(ticketTracking.createdAt), asc(ticketTracking.id))
    .all();
  const notes = ctx.db
    .select({ ticketId: ticketNotes.ticketId, note: ticketNotes.note, user: users.name, createdAt: ticketNotes.createdAt })
    .from(ticketNotes)
    .leftJoin(users, eq(users.id, ticketNotes.userId))
    .where(and(eq(ticketNotes.companyId, companyId), eq(ticketNotes.contactId, contact.id)))
    .orderBy(asc(ticketNotes.createdAt), asc(ticketNotes.id))
    .all();
  const ratings = ctx.db
    .select({ ticketId: userRatings.ticketId, rate: userRatings.rate, user: users.name, createdAt: userRatings.createdAt })
    .from(userRatings)
    .leftJoin(users, eq(users.id, userRatings.userId))
    .where(and(eq(userRatings.companyId, companyId), inList(userRatings.ticketId, ticketIds)))
    .all();
  const messageRows = ctx.db
    .select({
      id: messages.id,
      ticketId: messages.ticketId,
      fromMe: messages.fromMe,
      body: messages.body,
      mediaType: messages.mediaType,
      mediaUrl: messages.mediaUrl,
      mediaName: messages.mediaName,
      isDeleted: messages.isDeleted,
      isEdited: messages.isEdited,
      isPrivate: messages.isPrivate,
      sentByBot: messages.sentByBot,
      ack: messages.ack,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(and(eq(messages.companyId, companyId), inList(messages.ticketId, ticketIds)))
    .orderBy(asc(messages.ticketId), asc(messages.createdAt), asc(messages.id))
    .all();

  const files: Zippable = {};
  const byTicket: Record<string, unknown[]> = {};
  for (const { mediaUrl, ticketId, ...m } of messageRows) {
    let file: string | null = null;
    if (mediaUrl?.startsWith(`companies/${companyId}/`)) {
      const object = await ctx.env.MEDIA.get(mediaUrl);
      if (object) {
        file = `${EXPORT_ENTRIES.media}${m.id}-${safeName(m.mediaName ?? mediaUrl.split("/").pop() ?? "file")}`;
        // Media is already compressed: stored as is.
        files[file] = [new Uint8Array(await object.arrayBuffer()), { level: 0 }];
      }
    }
    (byTicket[String(ticketId)] ??= []).push({ ...m, file });
  }

  const json = (value: unknown) => strToU8(JSON.stringify(value, null, 2));
  files[EXPORT_ENTRIES.contact] = json({
    ...contact,
    whatsappIds: cloudIds,
    contactLists: listEntries,
    marketingConsentHistory: consentHistory,
    campaignOptOut: optOut ?? null,
    exportedAt: new Date().toISOString(),
  });
  files[EXPORT_ENTRIES.tickets] = json(
    ticketRows.map((t) => ({
      ...t,
      history: history.filter((h) => h.ticketId === t.id),
      notes: notes.filter((n) => n.ticketId === t.id),
      ratings: ratings.filter((r) => r.ticketId === t.id),
    })),
  );
  files[EXPORT_ENTRIES.messages] = json(byTicket);
  const bytes = zipSync(files, { level: 6 });

  recordAudit(ctx, {
    action: "contact.exported",
    target: { type: "contact", id: contact.id, label: contact.name },
    detail: { tickets: ticketRows.length, messages: messageRows.length, files: Object.keys(files).length - 3 },
  });
  return { fileName: `contato-${contact.id}.zip`, bytes };
}
