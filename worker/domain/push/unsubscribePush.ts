import { and, eq } from "drizzle-orm";
import { pushSubscriptions } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { forgetPushSubscribers } from "./subscribers";

/** DELETE /api/push/subscriptions: the user turns notifications off for a device of theirs (by its endpoint). */
export async function unsubscribePush({ ctx, input }: { ctx: Ctx; input: { endpoint: string } }): Promise<{ removed: true }> {
  const removed = ctx.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.companyId, ctx.companyId), eq(pushSubscriptions.userId, ctx.user.id), eq(pushSubscriptions.endpoint, input.endpoint)))
    .returning({ id: pushSubscriptions.id })
    .all();
  forgetPushSubscribers(ctx.db);
  if (removed.length === 0) throw new AppError("ERR_NOT_FOUND");
  return { removed: true };
}

/** DELETE /api/push/subscriptions/:id: a device of the user's list removed (one they no longer hold). */
export async function removePushDevice({ ctx, input }: { ctx: Ctx; input: { id: number } }): Promise<{ removed: true }> {
  const removed = ctx.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.companyId, ctx.companyId), eq(pushSubscriptions.userId, ctx.user.id), eq(pushSubscriptions.id, input.id)))
    .returning({ id: pushSubscriptions.id })
    .all();
  forgetPushSubscribers(ctx.db);
  if (removed.length === 0) throw new AppError("ERR_NOT_FOUND");
  return { removed: true };
}
