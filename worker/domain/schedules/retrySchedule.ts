import { and, eq } from "drizzle-orm";
import { schedules } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { assertPlanFeature } from "../plans/planLimits";
import { editableSchedule, loadSchedule, publishSchedule } from "./view";

/**
 * POST /schedules/:id/retry: a schedule in ERRO is sent again now (PENDENTE, due at once). A message that failed
 * stays in the ticket's history marked failed; the retry sends a new one.
 */
export async function retrySchedule({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  await assertPlanFeature(ctx, "useSchedules");
  const current = await editableSchedule(ctx, input.id);
  if (current.status !== "ERRO") throw new AppError("ERR_SCHEDULE_NOT_FAILED");
  const now = new Date();
  const updated = await ctx.db
    .update(schedules)
    .set({ status: "PENDENTE", error: null, messageId: null, sendAt: now, updatedAt: now })
    .where(and(eq(schedules.companyId, ctx.companyId), eq(schedules.id, current.id), eq(schedules.status, "ERRO")))
    .returning({ id: schedules.id });
  if (!updated[0]) throw new AppError("ERR_SCHEDULE_NOT_FAILED");
  await ctx.hub.workChanged();
  await publishSchedule(ctx, "update", current.id);
  return (await loadSchedule(ctx.db, ctx.companyId, current.id))!;
}
