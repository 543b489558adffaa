import { z } from "zod";
import { REQUIRED, tooLongAt } from "../fieldMessages";
import { webhookEventType, type WebhookEventType } from "./events";

/**
 * Webhook subscriptions (issue 25): an admin's URL and the events it receives. Managed from the UI
 * (/api/webhook-subscriptions, an admin's session) and from the public API with `webhooks:manage`.
 */
export const webhookSubscriptionInput = z.object({
  url: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(2000, tooLongAt(2000))
    .pipe(z.url({ protocol: /^https?$/, error: "Must be an http(s) address" })),
  description: z.string().trim().max(200, tooLongAt(200)).default(""),
  events: z.array(webhookEventType).min(1, "Choose at least one event").transform((e) => [...new Set(e)]),
});
export type WebhookSubscriptionInput = z.infer<typeof webhookSubscriptionInput>;

/** PUT: the same fields, and `active` to resume a paused subscription (or pause it by hand). */
export const webhookSubscriptionUpdate = webhookSubscriptionInput.partial().extend({ active: z.boolean().optional() });
export type WebhookSubscriptionUpdate = z.infer<typeof webhookSubscriptionUpdate>;

export type WebhookSubscriptionStatus = "active" | "paused";

export type WebhookSubscriptionView = {
  id: number;
  url: string;
  description: string;
  events: WebhookEventType[];
  status: WebhookSubscriptionStatus;
  /** Why it was paused (e.g. "failing since …"), when it was paused by failures. */
  pausedReason: string | null;
  /** Deliveries that failed in a row; the subscription pauses at WEBHOOK_PAUSE_AFTER_FAILURES. */
  consecutiveFailures: number;
  lastDeliveryAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

/** The creation's answer: the one time the signing secret is shown. */
export type CreatedWebhookSubscription = { secret: string; subscription: WebhookSubscriptionView };

export type WebhookDeliveryStatus = "pending" | "retrying" | "delivered" | "failed";

/** A delivery log row (GET /api/webhook-subscriptions/:id/deliveries, newest first, paged). */
export type WebhookDeliveryView = {
  id: number;
  subscriptionId: number;
  eventId: string;
  eventType: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  /** The receiver's HTTP status on the last attempt; null when it did not answer. */
  responseStatus: number | null;
  /** Why the last attempt failed (timeout, network, refused address, HTTP 500…). */
  error: string | null;
  /** The last attempt's duration. */
  durationMs: number | null;
  nextAttemptAt: Date | null;
  createdAt: Date;
  lastAttemptAt: Date | null;
  deliveredAt: Date | null;
};

/** Retries with backoff for 24 hours from the event; a subscription pauses after this many failed deliveries in a row. */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
export const WEBHOOK_PAUSE_AFTER_FAILURES = 20;
