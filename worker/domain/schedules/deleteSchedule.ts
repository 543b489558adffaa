import { and, eq, ne } from "drizzle-orm";
import { schedules } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { assertPlanFeature } from "../plans/planLimits";
import { removeStoredMedia } from "../queues/media";
import { editableSchedule, publishScheduleDeleted } from "./view";

/**
 * DELETE /schedules/:id: a pending schedule is cancelled (a recurring one's later occurrences with it, since each is
 * made only when the one before is sent); a sent or failed one leaves the list. One being sent right now cannot be.
 */
export async function deleteSchedule({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  await assertPlanFeature(ctx, "useSchedules");
  const current = await editableSchedule(ctx, input.id);
  const deleted = await ctx.db
    .delete(schedules)
    .where(and(eq(schedules.companyId, ctx.companyId), eq(schedules.id, current.id), ne(schedules.status, "AGENDADA")))
    .returning({ mediaPath: schedules.mediaPath });
  if (!deleted[0]) throw new AppError("ERR_SCHEDULE_NOT_PENDING");
  await removeStoredMedia(ctx, [deleted[0].mediaPath]);
  await ctx.hub.workChanged();
  await publishScheduleDeleted(ctx, current.id);
}
