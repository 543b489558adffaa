import type { CreatedWebhookSubscription, WebhookDeliveriesPage, WebhookDeliveryStatus, WebhookDeliveryView, WebhookSubscriptionView } from "../../../../worker/contracts/publicApi/webhooks";
import type { Wire } from "../../../../worker/contracts/views/wire";

/** Shapes of the webhooks API (/api/webhook-subscriptions and its deliveries): the contract's views as JSON. */
export type WebhookRow = Wire<WebhookSubscriptionView>;
export type CreatedWebhook = Wire<CreatedWebhookSubscription>;
export type DeliveryRow = Wire<WebhookDeliveryView>;
/** One delivery with the body it sends (GET /api/webhook-deliveries/:id). */
export type DeliveryDetail = DeliveryRow & { payload: unknown };
export type DeliveryStatus = WebhookDeliveryStatus;
/** A page of a subscription's log, newest first; `cursor` (the next page's start) is null on the last page. */
export type DeliveriesPage = Wire<WebhookDeliveriesPage>;
