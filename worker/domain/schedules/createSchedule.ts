import { and, eq } from "drizzle-orm";
import type { CreateScheduleInput } from "../../contracts/schedules";
import { schedules } from "../../db/tenant";
import type { Ctx } from "../context";
import { assertPlanFeature } from "../plans/planLimits";
import { checkScheduleTargets, companyTimeZone } from "./checks";
import { storedRecurrence } from "./recurrence";
import { loadSchedule, publishSchedule } from "./view";

/**
 * POST /schedules: a message to a contact at sendAt, from the page or from an open ticket. The connection is the
 * one chosen, else the ticket's; with neither, the company's default when it is sent. The hub's alarm is re-armed
 * for it (ADR 0027).
 */
export async function createSchedule({ ctx, input }: { ctx: Ctx; input: CreateScheduleInput }) {
  await assertPlanFeature(ctx, "useSchedules");
  const timeZone = await companyTimeZone(ctx);
  const { ticketConnection } = await checkScheduleTargets(ctx, input, timeZone);
  const recurrence = storedRecurrence(input.recurrence, input.sendAt, timeZone);
  const now = new Date();
  const created = await ctx.db
    .insert(schedules)
    .values({
      companyId: ctx.companyId,
      body: input.body,
      sendAt: input.sendAt,
      contactId: input.contactId,
      ticketId: input.ticketId ?? null,
      whatsappId: input.whatsappId ?? ticketConnection,
      userId: ctx.user.id,
      recurrence,
      marketing: input.marketing,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: schedules.id })
    .get();
  if (recurrence) {
    await ctx.db.update(schedules).set({ seriesId: created.id }).where(and(eq(schedules.companyId, ctx.companyId), eq(schedules.id, created.id)));
  }
  await ctx.hub.workChanged();
  await publishSchedule(ctx, "create", created.id);
  return (await loadSchedule(ctx.db, ctx.companyId, created.id))!;
}
