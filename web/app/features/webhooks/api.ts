import type { WebhookSubscriptionInput, WebhookSubscriptionUpdate } from "../../../../worker/contracts/publicApi/webhooks";
import { api } from "../../lib/api";
import type { CreatedWebhook, DeliveriesPage, DeliveryDetail, DeliveryStatus, WebhookRow } from "./types";

export function listWebhooks() {
  return api<WebhookRow[]>("/webhook-subscriptions");
}

export function createWebhook(input: WebhookSubscriptionInput) {
  return api<CreatedWebhook>("/webhook-subscriptions", { method: "POST", body: input });
}

export function updateWebhook(id: number, update: WebhookSubscriptionUpdate) {
  return api<WebhookRow>(`/webhook-subscriptions/${id}`, { method: "PUT", body: update });
}

export function deleteWebhook(id: number) {
  return api<unknown>(`/webhook-subscriptions/${id}`, { method: "DELETE" });
}

export function rotateWebhookSecret(id: number) {
  return api<{ secret: string }>(`/webhook-subscriptions/${id}/secret`, { method: "POST" });
}

export function sendTestEvent(id: number) {
  return api<{ deliveryId: number }>(`/webhook-subscriptions/${id}/test`, { method: "POST" });
}

export function listDeliveries(subscriptionId: number, params: { cursor: number | null; status: DeliveryStatus | "" }) {
  return api<DeliveriesPage>(`/webhook-subscriptions/${subscriptionId}/deliveries`, {
    query: { cursor: params.cursor ?? undefined, status: params.status || undefined },
  });
}

export function getDelivery(id: number) {
  return api<DeliveryDetail>(`/webhook-deliveries/${id}`);
}

export function resendDelivery(id: number) {
  return api<{ deliveryId: number }>(`/webhook-deliveries/${id}/resend`, { method: "POST" });
}
