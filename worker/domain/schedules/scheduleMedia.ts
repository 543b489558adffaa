import { and, eq } from "drizzle-orm";
import { schedules } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { assertPlanFeature } from "../plans/planLimits";
import { queueMediaFile, removeStoredMedia } from "../queues/media";
import { loadSchedule, pendingSchedule, publishSchedule } from "./view";

const scheduleMediaKey = (companyId: number, id: number, fileName: string) => `companies/${companyId}/schedules/${id}/${fileName}`;

async function storedMediaOf(ctx: Ctx, id: number) {
  return (await ctx.db.select({ mediaPath: schedules.mediaPath }).from(schedules).where(and(eq(schedules.companyId, ctx.companyId), eq(schedules.id, id))).get())
    ?.mediaPath ?? null;
}

/**
 * POST /schedules/:id/media-upload: the file sent with the message (its caption), replacing any earlier one, while
 * the schedule is pending. The object is written first and the row after; a replaced object is removed after.
 */
export async function uploadScheduleMedia({ ctx, input }: { ctx: Ctx; input: { id: number; readFile: () => Promise<File> } }) {
  await assertPlanFeature(ctx, "useSchedules");
  const current = await pendingSchedule(ctx, input.id);
  const file = await input.readFile();
  const { name, type } = queueMediaFile(file);
  const key = scheduleMediaKey(ctx.companyId, current.id, name);
  const before = await storedMediaOf(ctx, current.id);
  await ctx.env.MEDIA.put(key, await file.arrayBuffer(), { httpMetadata: { contentType: type } });
  const updated = await ctx.db
    .update(schedules)
    .set({ mediaPath: key, mediaName: name, updatedAt: new Date() })
    .where(and(eq(schedules.companyId, ctx.companyId), eq(schedules.id, current.id), eq(schedules.status, "PENDENTE")))
    .returning({ id: schedules.id });
  if (!updated[0]) {
    await removeStoredMedia(ctx, [key]);
    throw new AppError("ERR_SCHEDULE_NOT_PENDING");
  }
  if (before && before !== key) await removeStoredMedia(ctx, [before]);
  await publishSchedule(ctx, "update", current.id);
  return (await loadSchedule(ctx.db, ctx.companyId, current.id))!;
}

/** DELETE /schedules/:id/media-upload: the message goes without a file (row first, then the object). */
export async function deleteScheduleMedia({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  await assertPlanFeature(ctx, "useSchedules");
  const current = await pendingSchedule(ctx, input.id);
  const before = await storedMediaOf(ctx, current.id);
  if (!before) throw new AppError("ERR_NO_MEDIA_FOUND");
  await ctx.db
    .update(schedules)
    .set({ mediaPath: null, mediaName: null, updatedAt: new Date() })
    .where(and(eq(schedules.companyId, ctx.companyId), eq(schedules.id, current.id)));
  await removeStoredMedia(ctx, [before]);
  await publishSchedule(ctx, "update", current.id);
  return (await loadSchedule(ctx.db, ctx.companyId, current.id))!;
}
