import { and, eq } from "drizzle-orm";
import type { UpdateScheduleInput } from "../../contracts/schedules";
import { schedules } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { assertPlanFeature } from "../plans/planLimits";
import { checkScheduleTargets, companyTimeZone } from "./checks";
import { storedRecurrence } from "./recurrence";
import { loadSchedule, pendingSchedule, publishSchedule } from "./view";

/** PUT /schedules/:id: changes a PENDENTE schedule (its author, or schedules:editAny); the alarm follows its new time. */
export async function updateSchedule({ ctx, input }: { ctx: Ctx; input: { id: number; patch: UpdateScheduleInput } }) {
  await assertPlanFeature(ctx, "useSchedules");
  const current = await pendingSchedule(ctx, input.id);
  const { patch } = input;
  const timeZone = await companyTimeZone(ctx);
  const sendAt = patch.sendAt ?? current.sendAt;
  const contactChanged = patch.contactId !== undefined && patch.contactId !== current.contactId;
  await checkScheduleTargets(
    ctx,
    {
      // An unchanged time may have passed while the form was open; only a new one must be to come.
      sendAt: patch.sendAt ?? new Date(Math.max(Date.now(), current.sendAt.getTime())),
      contactId: patch.contactId ?? current.contactId,
      // Another contact leaves the ticket it was scheduled from.
      ticketId: contactChanged ? null : current.ticketId,
      whatsappId: patch.whatsappId === undefined ? current.whatsappId : patch.whatsappId,
      recurrence: patch.recurrence === undefined ? (current.recurrence ? { ...current.recurrence } : null) : patch.recurrence,
    },
    timeZone,
  );
  const updated = await ctx.db
    .update(schedules)
    .set({
      ...(patch.body !== undefined ? { body: patch.body } : {}),
      sendAt,
      ...(contactChanged ? { contactId: patch.contactId, ticketId: null } : {}),
      ...(patch.whatsappId !== undefined ? { whatsappId: patch.whatsappId } : {}),
      ...(patch.marketing !== undefined ? { marketing: patch.marketing } : {}),
      ...(patch.recurrence !== undefined
        ? { recurrence: storedRecurrence(patch.recurrence, sendAt, timeZone), seriesId: patch.recurrence ? (current.seriesId ?? current.id) : current.seriesId }
        : {}),
      updatedAt: new Date(),
    })
    // Sent meanwhile (the alarm claimed it between the check and this write): refused, not changed under it.
    .where(and(eq(schedules.companyId, ctx.companyId), eq(schedules.id, current.id), eq(schedules.status, "PENDENTE")))
    .returning({ id: schedules.id });
  if (!updated[0]) throw new AppError("ERR_SCHEDULE_NOT_PENDING");
  await ctx.hub.workChanged();
  await publishSchedule(ctx, "update", current.id);
  return (await loadSchedule(ctx.db, ctx.companyId, current.id))!;
}
