import { eq, sql } from "drizzle-orm";
import { WEBHOOK_TEST_EVENT } from "../../contracts/publicApi/events";
import type { WebhookAttempt } from "../../contracts/hubJobs";
import { WEBHOOK_RETRY_WINDOW_MS } from "../../contracts/publicApi/webhooks";
import { webhookDeliveries, webhookSubscriptions } from "../../db/tenant";
import type { SystemCtx } from "../context";
import { forgetActiveSubscriptions } from "./activeSubscriptions";
import { presentWebhookSubscription, publishWebhookSubscription } from "./view";

/**
 * The waits between attempts (seconds): 10 s, 1 min, 5 min, 30 min, 2 h, 6 h, then every 12 h (the queue's longest
 * delay); the last attempt is at 24 hours from the event (or its resend), whatever the step.
 */
export const WEBHOOK_BACKOFF_SECONDS = [10, 60, 5 * 60, 30 * 60, 2 * 60 * 60, 6 * 60 * 60, 12 * 60 * 60] as const;

export function webhookRetryDelaySeconds(attempts: number): number {
  return WEBHOOK_BACKOFF_SECONDS[Math.min(attempts, WEBHOOK_BACKOFF_SECONDS.length) - 1] ?? WEBHOOK_BACKOFF_SECONDS[0];
}

/**
 * Records an attempt of a delivery and decides what comes next. 2xx: delivered, and the subscription's failures
 * forgotten. 410 Gone: the receiver says the endpoint is no more: the delivery gives up and the subscription pauses.
 * An address the egress guard refused: gives up (no retry changes it). Anything else (no answer, a timeout, any other
 * status): tried again with backoff until 24 hours after the event, then failed; a delivery that gives up that way
 * with no delivery accepted since its first attempt means the receiver took nothing for 24 hours, and the
 * subscription pauses (the admins are told: the bell, and the page live). A test event is tried once and counts for
 * nothing.
 */
export async function recordWebhookAttempt({ ctx, input }: { ctx: SystemCtx; input: { deliveryId: number; attempt: WebhookAttempt } }): Promise<{ retryAt: number | null }> {
  const { attempt } = input;
  const delivery = ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, input.deliveryId)).get();
  if (!delivery || delivery.companyId !== ctx.companyId || delivery.status === "delivered" || delivery.status === "failed") return { retryAt: null };
  const at = new Date(attempt.at);
  const attempts = delivery.attempts + 1;
  const recorded = { attempts, lastAttemptAt: at, responseStatus: attempt.status, error: attempt.error, durationMs: Math.round(attempt.durationMs) };
  const isTest = delivery.eventType === WEBHOOK_TEST_EVENT;
  const delivered = attempt.status !== null && attempt.status >= 200 && attempt.status < 300 && !attempt.refused;
  if (delivered) {
    ctx.db.update(webhookDeliveries).set({ ...recorded, status: "delivered", deliveredAt: at, nextAttemptAt: null }).where(eq(webhookDeliveries.id, delivery.id)).run();
    if (!isTest) {
      ctx.db.update(webhookSubscriptions).set({ consecutiveFailures: 0, lastDeliveryAt: at }).where(eq(webhookSubscriptions.id, delivery.subscriptionId)).run();
    }
    return { retryAt: null };
  }
  const gone = attempt.status === 410;
  const deadline = delivery.createdAt.getTime() + WEBHOOK_RETRY_WINDOW_MS;
  const retryAt = gone || attempt.refused || isTest || attempt.at >= deadline ? null : Math.min(attempt.at + webhookRetryDelaySeconds(attempts) * 1000, deadline);
  ctx.db
    .update(webhookDeliveries)
    .set({ ...recorded, status: retryAt === null ? "failed" : "retrying", nextAttemptAt: retryAt === null ? null : new Date(retryAt) })
    .where(eq(webhookDeliveries.id, delivery.id))
    .run();
  if (isTest) return { retryAt };
  const subscription = ctx.db
    .update(webhookSubscriptions)
    .set({ consecutiveFailures: sql`${webhookSubscriptions.consecutiveFailures} + 1` })
    .where(eq(webhookSubscriptions.id, delivery.subscriptionId))
    .returning()
    .get();
  const timedOut = retryAt === null && !gone && !attempt.refused;
  const pausedReason = gone
    ? `The receiver answered 410 Gone on ${at.toISOString()}`
    : timedOut && subscription.consecutiveFailures >= attempts
      ? `No delivery accepted for 24 hours (the last on ${at.toISOString()}: ${attempt.error ?? "failed"})`
      : null;
  if (pausedReason && subscription.status === "active") {
    const paused = ctx.db
      .update(webhookSubscriptions)
      .set({ status: "paused", pausedReason, updatedAt: at })
      .where(eq(webhookSubscriptions.id, subscription.id))
      .returning()
      .get();
    forgetActiveSubscriptions(ctx.db);
    await publishWebhookSubscription(ctx, { action: "update", subscription: presentWebhookSubscription(paused) });
  }
  return { retryAt };
}
