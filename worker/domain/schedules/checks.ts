import { and, eq } from "drizzle-orm";
import type { CreateScheduleInput } from "../../contracts/schedules";
import { companies, contacts, tickets, whatsapps } from "../../db/schema";
import type { Ctx } from "../context";
import { AppError, fieldError } from "../errors";

/** A schedule may be set this far in the past (the time the form took to send), not further. */
export const SEND_AT_SLACK_MS = 60_000;

/** The company's time zone: recurrences and the page's calendar read times in it. */
export async function companyTimeZone(ctx: Pick<Ctx, "db" | "companyId">): Promise<string> {
  const row = await ctx.db.select({ timezone: companies.timezone }).from(companies).where(eq(companies.id, ctx.companyId)).get();
  return row?.timezone || "America/Sao_Paulo";
}

/**
 * What a schedule points at must be the company's: the contact (404), the ticket it came from, the contact's (404),
 * and the connection (404). The time must be to come, and a repeat's end not before it.
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
  let ticketConnection: number | null = null;
  if (target.ticketId) {
    const ticket = await ctx.db
      .select({ whatsappId: tickets.whatsappId })
      .from(tickets)
      .where(and(eq(tickets.companyId, ctx.companyId), eq(tickets.id, target.ticketId), eq(tickets.contactId, target.contactId)))
      .get();
    if (!ticket) throw new AppError("ERR_NO_TICKET_FOUND");
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
  return { ticketConnection };
}
