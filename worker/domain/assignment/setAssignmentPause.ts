import { and, eq } from "drizzle-orm";
import type { AssignmentPauseInput } from "../../contracts/users";
import { users } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { loadUserView, userSummary, type UserView } from "../users/view";
import { scheduleAssignment } from "./scheduleAssignment";

/**
 * PUT /api/users/me/assignment (any profile, for themselves): the agent pauses receiving tickets automatically, or
 * resumes (their queues' waiting tickets may then come to them at once). What they hold stays theirs either way.
 */
export async function setAssignmentPause({ ctx, input }: { ctx: Ctx; input: AssignmentPauseInput }): Promise<UserView> {
  await ctx.db
    .update(users)
    .set({ assignmentPaused: input.paused, updatedAt: new Date() })
    .where(and(eq(users.id, ctx.user.id), eq(users.companyId, ctx.companyId)));
  const view = await loadUserView(ctx.db, ctx.companyId, ctx.user.id);
  if (!view) throw new AppError("ERR_NO_USER_FOUND");
  await ctx.hub.publish([{ audience: { kind: "company" }, event: { type: "user", action: "update", userId: view.id, user: userSummary(view) } }]);
  if (!input.paused) scheduleAssignment(ctx, { userIds: [view.id] });
  return view;
}
