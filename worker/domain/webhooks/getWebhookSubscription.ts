import type { WebhookSubscriptionView } from "../../contracts/publicApi/webhooks";
import type { Ctx } from "../context";
import { assertWebhookAccess, findWebhookSubscription, presentWebhookSubscription } from "./view";

export async function getWebhookSubscription({ ctx, input }: { ctx: Ctx; input: { id: number } }): Promise<WebhookSubscriptionView> {
  assertWebhookAccess(ctx);
  return presentWebhookSubscription(findWebhookSubscription(ctx, input.id));
}
