import { and, eq } from "drizzle-orm";
import type { WeekdaySchedule } from "../../contracts/companies";
import type { Db } from "../../db/client";
import { companies, queues, tickets, type Ticket } from "../../db/tenant";
import { settingsFor } from "../settings/companySettingValues";
import { addServiceMinutes } from "./serviceTime";

/** The service hours a company's targets count in, and its time zone. */
export type ServiceHours = { scheduleType: string; timezone: string; companySchedules: WeekdaySchedule[] };

export async function serviceHoursOf(ctx: { db: Db; companyId: number; companySettings?: Record<string, string> }): Promise<ServiceHours> {
  const { scheduleType } = await settingsFor(ctx, ["scheduleType"]);
  const company = ctx.db.select({ timezone: companies.timezone, schedules: companies.schedules }).from(companies).where(eq(companies.id, ctx.companyId)).get();
  return { scheduleType, timezone: company?.timezone ?? "America/Sao_Paulo", companySchedules: company?.schedules ?? [] };
}

/** A ticket's service-level state: the columns the clock writes. */
export type SlaState = Pick<
  Ticket,
  "slaStartedAt" | "firstResponseDueAt" | "resolutionDueAt" | "firstRespondedAt" | "resolvedAt" | "firstResponseBreachedAt" | "resolutionBreachedAt" | "slaNextDueAt"
>;

/** The earliest due time still running and not breached; none once the ticket is closed. */
export function nextDueOf(state: Omit<SlaState, "slaNextDueAt">, status: Ticket["status"]): Date | null {
  if (status === "closed") return null;
  const running = [
    !state.firstRespondedAt && !state.firstResponseBreachedAt ? state.firstResponseDueAt : null,
    !state.resolvedAt && !state.resolutionBreachedAt ? state.resolutionDueAt : null,
  ].filter((d): d is Date => d !== null);
  return running.length ? new Date(Math.min(...running.map((d) => d.getTime()))) : null;
}

type ClockTicket = Pick<Ticket, "id" | "status" | "queueId"> & SlaState;

/**
 * The ticket's clock after a move, read and written in one transaction (the ticket as it is now, not as the event
 * saw it). "start": a fresh clock from `at` (the ticket entered a queue, or was reopened). "recompute": the ticket
 * changed queue, its new queue's targets count from the same start; a breach already passed stays. "stop": the
 * ticket closed, the resolution clock stops at `at`. Answers whether anything changed, and whether a due time runs.
 */
export function moveClock(db: Db, companyId: number, hours: ServiceHours, ticketId: number, move: "start" | "recompute" | "stop", at: Date) {
  return db.transaction(() => {
    const ticket: ClockTicket | undefined = db.select().from(tickets).where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId))).get();
    if (!ticket) return { changed: false, running: false };
    const next = clockAfter(db, companyId, hours, ticket, move, at);
    if (!next) return { changed: false, running: false };
    db.update(tickets).set(next).where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId))).run();
    return { changed: true, running: next.slaNextDueAt !== null };
  });
}

function clockAfter(db: Db, companyId: number, hours: ServiceHours, ticket: ClockTicket, move: "start" | "recompute" | "stop", at: Date): SlaState | null {
  if (move === "stop") {
    if (ticket.status !== "closed" || !ticket.slaStartedAt || ticket.resolvedAt) return null;
    return { ...ticket, resolvedAt: at, slaNextDueAt: null };
  }
  if (ticket.status === "closed") return null;
  const fresh = move === "start" || !ticket.slaStartedAt;
  const startedAt = fresh ? at : ticket.slaStartedAt!;
  const queue =
    ticket.queueId === null
      ? undefined
      : db
          .select({ schedules: queues.schedules, firstResponse: queues.slaFirstResponseMinutes, resolution: queues.slaResolutionMinutes })
          .from(queues)
          .where(and(eq(queues.companyId, companyId), eq(queues.id, ticket.queueId)))
          .get();
  if (fresh && !queue?.firstResponse && !queue?.resolution) return null;
  const schedules = hours.scheduleType === "queue" ? (queue?.schedules ?? []) : hours.scheduleType === "company" ? hours.companySchedules : [];
  const dueAfter = (minutes: number | null | undefined) =>
    minutes ? new Date(addServiceMinutes(schedules, hours.timezone, startedAt.getTime(), minutes)) : null;
  const firstResponseDueAt = dueAfter(queue?.firstResponse);
  const resolutionDueAt = dueAfter(queue?.resolution);
  // A breach already passed stays a breach if the new target is passed too; otherwise the new target runs.
  const stillBreached = (breachedAt: Date | null, due: Date | null) => (!fresh && breachedAt && due && due <= at ? breachedAt : null);
  const state = {
    slaStartedAt: startedAt,
    firstResponseDueAt,
    resolutionDueAt,
    firstRespondedAt: fresh ? null : ticket.firstRespondedAt,
    resolvedAt: null,
    firstResponseBreachedAt: stillBreached(ticket.firstResponseBreachedAt, firstResponseDueAt),
    resolutionBreachedAt: stillBreached(ticket.resolutionBreachedAt, resolutionDueAt),
  };
  return { ...state, slaNextDueAt: nextDueOf(state, ticket.status) };
}

/**
 * The first message an agent sent on the ticket since its clock started stops the first-response clock. One
 * conditional write: a later message (or a ticket without a clock) changes nothing.
 */
export function markFirstResponse(db: Db, companyId: number, ticketId: number, at: Date) {
  return db.transaction(() => {
    const ticket: ClockTicket | undefined = db.select().from(tickets).where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId))).get();
    if (!ticket?.slaStartedAt || ticket.firstRespondedAt || !ticket.firstResponseDueAt || ticket.status === "closed") return false;
    const state = { ...ticket, firstRespondedAt: at };
    db.update(tickets)
      .set({ firstRespondedAt: at, slaNextDueAt: nextDueOf(state, ticket.status) })
      .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)))
      .run();
    return true;
  });
}
