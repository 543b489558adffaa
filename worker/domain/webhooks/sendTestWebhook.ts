import { WEBHOOK_TEST_EVENT } from "../../contracts/publicApi/events";
import { webhookDeliveries } from "../../db/tenant";
import type { Ctx } from "../context";
import { newEventId } from "../publicApi/raiseEvent";
import { enqueueWebhookDeliveries } from "./enqueueWebhookDeliveries";
import { assertWebhookAccess, findWebhookSubscription } from "./view";

/**
 * The subscription's test button: a `webhook.test` event to its URL only, signed as any event, attempted once (it
 * is not retried and does not count towards pausing), even while the subscription is paused: it shows whether the
 * receiver is back.
 */
export async function sendTestWebhook({ ctx, input }: { ctx: Ctx; input: { id: number } }): Promise<{ deliveryId: number }> {
  assertWebhookAccess(ctx);
  const subscription = findWebhookSubscription(ctx, input.id);
  const now = new Date();
  const eventId = newEventId();
  const payload = JSON.stringify({ id: eventId, type: WEBHOOK_TEST_EVENT, createdAt: now.toISOString(), companyId: ctx.companyId, data: { subscriptionId: subscription.id } });
  const row = ctx.db
    .insert(webhookDeliveries)
    .values({ companyId: ctx.companyId, subscriptionId: subscription.id, eventId, eventType: WEBHOOK_TEST_EVENT, payload, nextAttemptAt: now, createdAt: now })
    .returning({ id: webhookDeliveries.id })
    .get();
  enqueueWebhookDeliveries(ctx, [row.id]);
  return { deliveryId: row.id };
}
