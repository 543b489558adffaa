import { and, eq } from "drizzle-orm";
import type { TicketPriority } from "../../../contracts/automation/actions";
import type { USER_PROFILES } from "../../../contracts/users";
import { companies, contactCustomFields, contacts, tickets, ticketTags, users, whatsapps } from "../../../db/tenant";
import type { SystemCtx } from "../../context";

/** What the text of the message that set a rule off is matched on: its first characters only (rules/conditionFailed.ts). */
export const MATCHED_TEXT_MAX = 4000;

/** What a rule's conditions are read against, and its actions act on: the ticket as it is at the rule's turn. */
export interface RuleFacts {
  ticket: {
    id: number;
    uuid: string;
    status: "open" | "pending" | "closed";
    userId: number | null;
    queueId: number | null;
    whatsappId: number | null;
    contactId: number;
    isGroup: boolean;
    priority: TicketPriority;
  };
  contact: { name: string; number: string; email: string };
  /** The contact's extra fields by name. */
  fields: Map<string, string>;
  tagIds: Set<number>;
  assigneeProfile: (typeof USER_PROFILES)[number] | null;
  channel: "baileys" | "cloud" | null;
  timezone: string;
  /** The message that set the rule off (message triggers), its text cut to MATCHED_TEXT_MAX. */
  messageText: string | null;
  now: Date;
}

/** The ticket's facts in one round trip, or null when the ticket is gone (deleted before the rule's turn). */
export async function ruleFacts(ctx: SystemCtx, ticketId: number, messageText: string | null, now: Date): Promise<RuleFacts | null> {
  const [ticketRows, fieldRows, tagRows, companyRows] = await ctx.db.batch([
    ctx.db
      .select({
        id: tickets.id,
        uuid: tickets.uuid,
        status: tickets.status,
        userId: tickets.userId,
        queueId: tickets.queueId,
        whatsappId: tickets.whatsappId,
        contactId: tickets.contactId,
        isGroup: tickets.isGroup,
        priority: tickets.priority,
        contactName: contacts.name,
        contactNumber: contacts.number,
        contactEmail: contacts.email,
        assigneeProfile: users.profile,
        channel: whatsapps.channel,
      })
      .from(tickets)
      .innerJoin(contacts, eq(contacts.id, tickets.contactId))
      .leftJoin(users, eq(users.id, tickets.userId))
      .leftJoin(whatsapps, eq(whatsapps.id, tickets.whatsappId))
      .where(and(eq(tickets.companyId, ctx.companyId), eq(tickets.id, ticketId))),
    ctx.db
      .select({ name: contactCustomFields.name, value: contactCustomFields.value })
      .from(contactCustomFields)
      .innerJoin(tickets, eq(tickets.contactId, contactCustomFields.contactId))
      .where(and(eq(tickets.companyId, ctx.companyId), eq(tickets.id, ticketId))),
    ctx.db.select({ tagId: ticketTags.tagId }).from(ticketTags).where(eq(ticketTags.ticketId, ticketId)),
    ctx.db.select({ timezone: companies.timezone }).from(companies).where(eq(companies.id, ctx.companyId)),
  ]);
  const row = ticketRows[0];
  if (!row) return null;
  return {
    ticket: { id: row.id, uuid: row.uuid, status: row.status, userId: row.userId, queueId: row.queueId, whatsappId: row.whatsappId, contactId: row.contactId, isGroup: row.isGroup, priority: row.priority },
    contact: { name: row.contactName, number: row.contactNumber, email: row.contactEmail },
    fields: new Map(fieldRows.map((f) => [f.name, f.value])),
    tagIds: new Set(tagRows.map((t) => t.tagId)),
    assigneeProfile: row.assigneeProfile ?? null,
    channel: row.channel ?? null,
    timezone: companyRows[0]?.timezone ?? "America/Sao_Paulo",
    messageText: messageText === null ? null : messageText.slice(0, MATCHED_TEXT_MAX),
    now,
  };
}
