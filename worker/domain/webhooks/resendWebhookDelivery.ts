import { webhookDeliveries } from "../../db/tenant";
import type { Ctx } from "../context";
import { enqueueWebhookDeliveries } from "./enqueueWebhookDeliveries";
import { assertWebhookAccess, findWebhookDelivery } from "./view";

/**
 * "Send again": the same event (same id and body, so a receiver that has it already can tell) as a new delivery
 * of the log, attempted now with its own 24 hours of retries; the old row keeps its history.
 */
export async function resendWebhookDelivery({ ctx, input }: { ctx: Ctx; input: { id: number } }): Promise<{ deliveryId: number }> {
  assertWebhookAccess(ctx);
  const original = findWebhookDelivery(ctx, input.id);
  const now = new Date();
  const row = ctx.db
    .insert(webhookDeliveries)
    .values({ companyId: ctx.companyId, subscriptionId: original.subscriptionId, eventId: original.eventId, eventType: original.eventType, payload: original.payload, nextAttemptAt: now, createdAt: now })
    .returning({ id: webhookDeliveries.id })
    .get();
  enqueueWebhookDeliveries(ctx, [row.id]);
  return { deliveryId: row.id };
}
