import { and, eq } from "drizzle-orm";
import { pushSubscriptions } from "../../db/tenant";
import { inList } from "../../db/inList";
import type { SystemCtx } from "../context";
import { forgetPushSubscribers } from "./subscribers";

/**
 * What the push services answered for a job: devices that took it note their last success; devices whose push
 * service said the subscription is gone (404, 410) are removed, as the user unsubscribing would.
 */
export async function recordPushOutcome({ ctx, input }: { ctx: SystemCtx; input: { userId: number; delivered: number[]; gone: number[]; at: number } }): Promise<{ removed: number }> {
  const mine = (ids: number[]) => and(eq(pushSubscriptions.companyId, ctx.companyId), eq(pushSubscriptions.userId, input.userId), inList(pushSubscriptions.id, ids));
  if (input.delivered.length) ctx.db.update(pushSubscriptions).set({ lastSuccessAt: new Date(input.at) }).where(mine(input.delivered.slice(0, 90))).run();
  if (input.gone.length === 0) return { removed: 0 };
  const removed = ctx.db.delete(pushSubscriptions).where(mine(input.gone.slice(0, 90))).returning({ id: pushSubscriptions.id }).all().length;
  forgetPushSubscribers(ctx.db);
  return { removed };
}
