import { and, eq } from "drizzle-orm";
import type { CreateScheduleInput } from "../../contracts/schedules";
import type { Db } from "../../db/client";
import { companies, contacts, tickets, userQueues, users, whatsapps } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError, fieldError } from "../errors";
import { findLiveTicket } from "../tickets/findOpenTicket";
import { scopeOf, visibilitySettings } from "../tickets/ticketEvents";
import { canSeeTicket, viewerOf, type TicketScope, type TicketViewer, type VisibilitySettings } from "../tickets/visibility";

/** A schedule may be set this far in the past (the time the form took to send), not further. */
export const SEND_AT_SLACK_MS = 60_000;

/** The company's time zone: recurrences and the page's calendar read times in it. */
export async function companyTimeZone(ctx: Pick<Ctx, "db" | "companyId">): Promise<string> {
  const row = await ctx.db.select({ timezone: companies.timezone }).from(companies).where(eq(companies.id, ctx.companyId)).get();
  return row?.timezone || "America/Sao_Paulo";
}

/**
 * What a schedule points at must be the company's: the contact (404), the ticket it came from, the contact's (404),
 * and the connection (404). The time must be to come, and a repeat's end not before it. And the user must be allowed
 * to act on the conversation it will be written into, by the inbox's visibility rule: the ticket it came from, and
 * the contact's live ticket on the connection it will go from (403, as opening that ticket would be). The same rule
 * is checked again for its author when it is sent (dispatchDueSchedules), since queues and tickets move meanwhile.
 */
export async function checkScheduleTargets(
  ctx: Ctx,
  target: Pick<CreateScheduleInput, "sendAt" | "contactId" | "ticketId" | "whatsappId" | "recurrence">,
  timeZone: string,
) {
  if (target.sendAt.getTime() < Date.now() - SEND_AT_SLACK_MS) throw fieldError({ sendAt: "Must be in the future" });
  const until = target.recurrence?.until;
  if (until && until < new Date(target.sendAt).toLocaleDateString("en-CA", { timeZone })) {
    throw fieldError({ "recurrence.until": "Must not be before the first sending" });
  }
  const contact = await ctx.db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.companyId, ctx.companyId), eq(contacts.id, target.contactId)))
    .get();
  if (!contact) throw new AppError("ERR_NO_CONTACT_FOUND");
  const viewer = viewerOf(ctx.user);
  const settings = await visibilitySettings(ctx);
  let ticketConnection: number | null = null;
  if (target.ticketId) {
    const ticket = await ctx.db
      .select({ whatsappId: tickets.whatsappId, status: tickets.status, userId: tickets.userId, queueId: tickets.queueId, isGroup: tickets.isGroup })
      .from(tickets)
      .where(and(eq(tickets.companyId, ctx.companyId), eq(tickets.id, target.ticketId), eq(tickets.contactId, target.contactId)))
      .get();
    if (!ticket) throw new AppError("ERR_NO_TICKET_FOUND");
    if (!canSeeTicket(viewer, scopeOf(ticket), settings)) throw new AppError("ERR_NO_PERMISSION", "Acesso não permitido");
    ticketConnection = ticket.whatsappId;
  }
  if (target.whatsappId) {
    const connection = await ctx.db
      .select({ id: whatsapps.id })
      .from(whatsapps)
      .where(and(eq(whatsapps.companyId, ctx.companyId), eq(whatsapps.id, target.whatsappId)))
      .get();
    if (!connection) throw new AppError("ERR_NO_WAPP_FOUND");
  }
  const connectionId = target.whatsappId ?? ticketConnection ?? (await defaultConnection(ctx.db, ctx.companyId));
  if (connectionId !== null) {
    const live = await findLiveTicket(ctx.db, ctx.companyId, target.contactId, connectionId);
    if (live && !mayWriteInto(viewer, live, settings)) throw new AppError("ERR_NO_PERMISSION", "Acesso não permitido");
  }
  return { ticketConnection };
}

/** The company's default connection, where a schedule with no connection of its own goes. */
export async function defaultConnection(db: Db, companyId: number): Promise<number | null> {
  const row = await db
    .select({ id: whatsapps.id })
    .from(whatsapps)
    .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.isDefault, true)))
    .get();
  return row?.id ?? null;
}

/**
 * Whether a schedule's author may write into a live conversation: the inbox's rule (canSeeTicket). A schedule whose
 * author was deleted (null) writes into no existing conversation: nobody is left whom it was allowed to.
 */
export function mayWriteInto(author: TicketViewer | null, ticket: TicketScope, settings: VisibilitySettings): boolean {
  return author !== null && canSeeTicket(author, scopeOf(ticket), settings);
}

/** A schedule's author as the visibility rule sees them, read fresh when it is sent; null when they were deleted. */
export async function authorViewer(db: Db, companyId: number, userId: number | null): Promise<TicketViewer | null> {
  if (userId === null) return null;
  const user = await db
    .select({ id: users.id, profile: users.profile, allTicket: users.allTicket })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)))
    .get();
  if (!user) return null;
  const queueRows = await db.select({ queueId: userQueues.queueId }).from(userQueues).where(eq(userQueues.userId, userId));
  return viewerOf({ ...user, queueIds: queueRows.map((q) => q.queueId) });
}
