import { and, eq, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { contacts, schedules, tickets, users, whatsapps } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import type { HubPort } from "../hubPort";
import { canEditSchedule } from "../permissions";
import type { ScheduleView } from "../../contracts/views/schedule";

/** The columns a schedule is shown with: its contact, author, connection and ticket by name. */
export function schedulesQuery(db: Db, where: SQL | undefined) {
  return db
    .select({
      schedule: schedules,
      contact: { id: contacts.id, name: contacts.name, number: contacts.number },
      userName: users.name,
      whatsappName: whatsapps.name,
      ticketUuid: tickets.uuid,
    })
    .from(schedules)
    .innerJoin(contacts, eq(contacts.id, schedules.contactId))
    .leftJoin(users, eq(users.id, schedules.userId))
    .leftJoin(whatsapps, eq(whatsapps.id, schedules.whatsappId))
    .leftJoin(tickets, eq(tickets.id, schedules.ticketId))
    .where(where);
}
type ScheduleRow = Awaited<ReturnType<typeof schedulesQuery>>[number];

/** A schedule as the API and events carry it; mediaPath is the URL that serves the attachment, never its R2 key. */
export function presentSchedule({ schedule: s, contact, userName, whatsappName, ticketUuid }: ScheduleRow): ScheduleView {
  return {
    id: s.id,
    body: s.body,
    sendAt: s.sendAt,
    sentAt: s.sentAt,
    status: s.status,
    error: s.error,
    contactId: s.contactId,
    contact,
    ticketId: s.ticketId,
    ticket: s.ticketId !== null && ticketUuid ? { id: s.ticketId, uuid: ticketUuid } : null,
    userId: s.userId,
    user: s.userId !== null && userName !== null ? { id: s.userId, name: userName } : null,
    whatsappId: s.whatsappId,
    whatsapp: s.whatsappId !== null && whatsappName !== null ? { id: s.whatsappId, name: whatsappName } : null,
    recurrence: s.recurrence,
    seriesId: s.seriesId,
    marketing: s.marketing,
    mediaPath: s.mediaPath !== null ? `/api/schedules/${s.id}/media` : null,
    mediaName: s.mediaName,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  };
}
export type PresentedSchedule = ScheduleView;

export async function loadSchedule(db: Db, companyId: number, id: number) {
  const row = await schedulesQuery(db, and(eq(schedules.companyId, companyId), eq(schedules.id, id))).get();
  return row ? presentSchedule(row) : undefined;
}

/** A schedule of the company (another company's is not found). */
export async function visibleSchedule(ctx: Pick<Ctx, "db" | "companyId">, id: number) {
  const schedule = await loadSchedule(ctx.db, ctx.companyId, id);
  if (!schedule) throw new AppError("ERR_NO_SCHEDULE_FOUND");
  return schedule;
}

/** …that the user may change (its author, or schedules:editAny; 403 otherwise). */
export async function editableSchedule(ctx: Ctx, id: number) {
  const schedule = await visibleSchedule(ctx, id);
  if (!canEditSchedule(ctx.user, schedule)) throw new AppError("ERR_NO_PERMISSION");
  return schedule;
}

/** …and that is still waiting (PENDENTE): sent or sending ones are history. */
export async function pendingSchedule(ctx: Ctx, id: number) {
  const schedule = await editableSchedule(ctx, id);
  if (schedule.status !== "PENDENTE") throw new AppError("ERR_SCHEDULE_NOT_PENDING");
  return schedule;
}

/** Tells the company's pages (every profile sees the company's schedules: the calendar is shared). */
export async function publishSchedule(ctx: { db: Db; companyId: number; hub: Pick<HubPort, "publish"> }, action: "create" | "update", id: number) {
  const schedule = await loadSchedule(ctx.db, ctx.companyId, id);
  if (!schedule) return;
  await ctx.hub.publish([{ audience: { kind: "company" }, event: { type: "schedule", action, schedule } }]);
}

export async function publishScheduleDeleted(ctx: { hub: Pick<HubPort, "publish"> }, id: number) {
  await ctx.hub.publish([{ audience: { kind: "company" }, event: { type: "schedule", action: "delete", scheduleId: id } }]);
}
