import { and, eq } from "drizzle-orm";
import type { PushTarget } from "../../contracts/push";
import { pushSubscriptions } from "../../db/tenant";
import { inList } from "../../db/inList";
import type { SystemCtx } from "../context";

/** The PUSH consumer's hub call: the user's devices to send a job to (all, or the ones a retry names). */
export async function pushTargets({ ctx, input }: { ctx: SystemCtx; input: { userId: number; subscriptionIds?: number[] } }): Promise<PushTarget[]> {
  return ctx.db
    .select({ id: pushSubscriptions.id, endpoint: pushSubscriptions.endpoint, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth })
    .from(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.companyId, ctx.companyId),
        eq(pushSubscriptions.userId, input.userId),
        input.subscriptionIds ? inList(pushSubscriptions.id, input.subscriptionIds) : undefined,
      ),
    )
    .all();
}
