import { and, eq } from "drizzle-orm";
import type { PushDeviceView, PushSubscriptionInput } from "../../contracts/push";
import { pushSubscriptions } from "../../db/tenant";
import type { Ctx } from "../context";
import { assertCallableUrls } from "../shared/egressFields";
import { forgetPushSubscribers } from "./subscribers";
import { presentDevice, publicKeyOf } from "./view";

/** How many devices one user may have subscribed; the oldest goes when a new one passes it. */
export const MAX_DEVICES_PER_USER = 10;

/**
 * POST /api/push/subscriptions: the user turns notifications on for this device. The endpoint is a URL the worker
 * will post to, so it must pass the egress guard (https, no private or local address). A device that subscribes
 * again (same endpoint) replaces its row, also when another user of the company had it before (a shared computer).
 */
export async function subscribePush({ ctx, input }: { ctx: Ctx; input: PushSubscriptionInput }): Promise<PushDeviceView> {
  publicKeyOf(ctx);
  assertCallableUrls(ctx.env, { endpoint: input.endpoint });
  const row = ctx.db.transaction((tx) => {
    tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.companyId, ctx.companyId), eq(pushSubscriptions.endpoint, input.endpoint))).run();
    const inserted = tx
      .insert(pushSubscriptions)
      .values({ companyId: ctx.companyId, userId: ctx.user.id, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth, deviceLabel: input.deviceLabel, createdAt: new Date() })
      .returning()
      .get();
    const mine = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.companyId, ctx.companyId), eq(pushSubscriptions.userId, ctx.user.id)))
      .orderBy(pushSubscriptions.id)
      .all();
    for (const old of mine.slice(0, Math.max(0, mine.length - MAX_DEVICES_PER_USER))) tx.delete(pushSubscriptions).where(eq(pushSubscriptions.id, old.id)).run();
    return inserted;
  });
  forgetPushSubscribers(ctx.db);
  return presentDevice(row);
}
