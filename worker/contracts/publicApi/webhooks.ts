import { z } from "zod";
import { REQUIRED, tooLongAt } from "../fieldMessages";
import { patchOf } from "../patch";
import { webhookEventType, type WebhookEventType } from "./events";

/**
 * Webhook subscriptions (issue 25): an admin's URL and the events it receives. Managed from the UI
 * (/api/webhook-subscriptions, an admin's session) and from the public API with `webhooks:manage`.
 */
const subscriptionFields = {
  url: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(2000, tooLongAt(2000))
    .pipe(z.url({ protocol: /^https?$/, error: "Must be an http(s) address" })),
  description: z.string().trim().max(200, tooLongAt(200)),
  events: z.array(webhookEventType).min(1, "Choose at least one event").transform((e) => [...new Set(e)]),
};

export const webhookSubscriptionInput = z.object({ ...subscriptionFields, description: subscriptionFields.description.default("") });
export type WebhookSubscriptionInput = z.infer<typeof webhookSubscriptionInput>;

/**
 * PUT: any of the same fields, and `active` to resume a paused subscription (or pause it by hand); at least one. No
 * defaults here: a field left out is left as it is.
 */
export const webhookSubscriptionUpdate = patchOf({
  url: subscriptionFields.url.optional(),
  description: subscriptionFields.description.optional(),
  events: subscriptionFields.events.optional(),
  active: z.boolean({ error: "Expected true or false" }).optional(),
});
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
  /** Attempts that failed in a row since a delivery was last accepted (0 again after one is, or on resume). */
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

/**
 * Retries with backoff for 24 hours from the event. A subscription pauses when a delivery gives up after those 24 hours
 * with none accepted since, or on 410 Gone (ADR 0052), not after a count of failures.
 */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** One random secret per subscription: "whsec_" and 32 random bytes, base64url. */
export const WEBHOOK_SECRET_PREFIX = "whsec_";

/** Deliveries listed per page of a subscription's log. */
export const WEBHOOK_DELIVERIES_PAGE = 50;

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "retrying", "delivered", "failed"] as const satisfies readonly WebhookDeliveryStatus[];

/** GET …/deliveries: `cursor` is the last id of the page before (newest first), `status` filters. */
export const webhookDeliveriesQuery = z.object({
  cursor: z.coerce.number().int().positive().optional(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
});
export type WebhookDeliveriesQuery = z.infer<typeof webhookDeliveriesQuery>;

/** A page of a subscription's log; `cursor` is null on the last page. */
export type WebhookDeliveriesPage = { items: WebhookDeliveryView[]; cursor: number | null };

const instant = z.iso.datetime().meta({ example: "2026-11-29T12:00:00.000Z" });
const platformId = z.number().int().positive();

/** A subscription as the public API answers it (`webhooks:manage`): the view with dates as ISO strings. */
export const publicWebhookSubscription = z
  .strictObject({
    id: platformId,
    url: z.string(),
    description: z.string(),
    events: z.array(webhookEventType),
    status: z.enum(["active", "paused"]),
    pausedReason: z.string().nullable(),
    consecutiveFailures: z.number().int(),
    lastDeliveryAt: instant.nullable(),
    createdAt: instant,
    updatedAt: instant,
  })
  .meta({ id: "WebhookSubscription" });
export type PublicWebhookSubscription = z.infer<typeof publicWebhookSubscription>;

/** The creation's answer on the public API: the one time the signing secret is shown. */
export const publicCreatedWebhookSubscription = z
  .strictObject({ secret: z.string().startsWith(WEBHOOK_SECRET_PREFIX), subscription: publicWebhookSubscription })
  .meta({ id: "CreatedWebhookSubscription" });

/** A delivery log row as the public API answers it. */
export const publicWebhookDelivery = z
  .strictObject({
    id: platformId,
    subscriptionId: platformId,
    eventId: z.string(),
    eventType: z.string(),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    attempts: z.number().int(),
    responseStatus: z.number().int().nullable(),
    error: z.string().nullable(),
    durationMs: z.number().int().nullable(),
    nextAttemptAt: instant.nullable(),
    createdAt: instant,
    lastAttemptAt: instant.nullable(),
    deliveredAt: instant.nullable(),
  })
  .meta({ id: "WebhookDelivery" });
export type PublicWebhookDelivery = z.infer<typeof publicWebhookDelivery>;
