import { eq } from "drizzle-orm";
import { WEBHOOK_TEST_EVENT } from "../../contracts/publicApi/events";
import type { WebhookSend } from "../../contracts/hubJobs";
import { webhookDeliveries, webhookSubscriptions } from "../../db/tenant";
import type { SystemCtx } from "../context";
import { openWebhookSecret } from "./secrets";

/**
 * How long an attempt handed to a job holds its delivery: the sweep (requeueLostWebhooks) and a duplicate job leave
 * it alone meanwhile. Far more than one attempt takes (its timeout is 10 s).
 */
export const WEBHOOK_ATTEMPT_LEASE_MS = 2 * 60 * 1000;

/**
 * An event webhook's delivery to attempt at `at`, for the job that posts it: nothing when it is done, gone, not due
 * yet (a duplicate job) or its subscription is paused (its deliveries wait; a test event still goes). The delivery
 * is leased to this attempt until the job reports back.
 */
export async function webhookSend({ ctx, input }: { ctx: SystemCtx; input: { deliveryId: number; at: number } }): Promise<WebhookSend | null> {
  const found = ctx.db
    .select({ delivery: webhookDeliveries, subscription: webhookSubscriptions })
    .from(webhookDeliveries)
    .innerJoin(webhookSubscriptions, eq(webhookSubscriptions.id, webhookDeliveries.subscriptionId))
    .where(eq(webhookDeliveries.id, input.deliveryId))
    .get();
  if (!found || found.delivery.companyId !== ctx.companyId) return null;
  const { delivery, subscription } = found;
  if (delivery.status !== "pending" && delivery.status !== "retrying") return null;
  if ((delivery.nextAttemptAt?.getTime() ?? 0) > input.at + 1000) return null;
  if (subscription.status === "paused" && delivery.eventType !== WEBHOOK_TEST_EVENT) return null;
  ctx.db
    .update(webhookDeliveries)
    .set({ nextAttemptAt: new Date(input.at + WEBHOOK_ATTEMPT_LEASE_MS) })
    .where(eq(webhookDeliveries.id, delivery.id))
    .run();
  return {
    deliveryId: delivery.id,
    url: subscription.url,
    secret: await openWebhookSecret(ctx.env, ctx.companyId, subscription.id, subscription.secretSealed),
    eventId: delivery.eventId,
    eventType: delivery.eventType,
    payload: delivery.payload,
  };
}
