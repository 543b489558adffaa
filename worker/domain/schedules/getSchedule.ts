import type { Ctx } from "../context";
import { assertPlanFeature } from "../plans/planLimits";
import { readStoredMedia } from "../shared/servedMedia";
import { visibleSchedule } from "./view";
import { and, eq } from "drizzle-orm";
import { schedules } from "../../db/tenant";

/** GET /schedules/:id. */
export async function getSchedule({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  await assertPlanFeature(ctx, "useSchedules");
  return visibleSchedule(ctx, input.id);
}

/** GET /schedules/:id/media: the attachment's bytes, to the company's users. */
export async function getScheduleMedia({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  await assertPlanFeature(ctx, "useSchedules");
  await visibleSchedule(ctx, input.id);
  const row = await ctx.db
    .select({ mediaPath: schedules.mediaPath, mediaName: schedules.mediaName })
    .from(schedules)
    .where(and(eq(schedules.companyId, ctx.companyId), eq(schedules.id, input.id)))
    .get();
  return readStoredMedia(ctx, row?.mediaPath ?? null, row?.mediaName ?? null);
}
