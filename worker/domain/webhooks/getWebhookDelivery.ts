import type { WebhookDeliveryView } from "../../contracts/publicApi/webhooks";
import type { Ctx } from "../context";
import { assertWebhookAccess, findWebhookDelivery, presentWebhookDelivery } from "./view";

/** One delivery of the log with the body it sends (the event, exactly as signed). */
export async function getWebhookDelivery({ ctx, input }: { ctx: Ctx; input: { id: number } }): Promise<WebhookDeliveryView & { payload: unknown }> {
  assertWebhookAccess(ctx);
  const row = findWebhookDelivery(ctx, input.id);
  return { ...presentWebhookDelivery(row), payload: JSON.parse(row.payload) as unknown };
}
