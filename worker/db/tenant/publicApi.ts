import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, timestamps } from "../shared/columns";
import { companyId } from "../shared/companyId";
import type { ApiScope } from "../../contracts/publicApi/scopes";
import type { WebhookEventType } from "../../contracts/publicApi/events";
import { users } from "./users";

/**
 * Company API tokens (issue 25): made by an admin with scopes and an optional expiry, kept only as the SHA-256 of
 * the secret (the token is 256 random bits, so a plain hash is enough), shown once. Revoked tokens stay listed.
 */
export const apiTokens = sqliteTable(
  "api_tokens",
  {
    id: id(),
    companyId: companyId(),
    name: text("name").notNull(),
    /** SHA-256 of the whole token (lib/crypto sha256). */
    tokenHash: text("token_hash").notNull(),
    /** The token's first characters, to recognise it in the list. */
    prefix: text("prefix").notNull(),
    scopes: text("scopes", { mode: "json" }).$type<ApiScope[]>().notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
    ...timestamps(),
  },
  (t) => [uniqueIndex("api_tokens_hash_uq").on(t.tokenHash)],
);
export type ApiToken = typeof apiTokens.$inferSelect;

/**
 * Idempotency-Key replays of the public API's POSTs, per token, kept 24 hours. Reserved ("pending") before the
 * call runs, so two concurrent requests with one key never both act; "done" with the first answer, which repeats of
 * the key get back. The same key with another request (method, path, body) is refused.
 */
export const apiRequests = sqliteTable(
  "api_requests",
  {
    tokenId: integer("token_id")
      .notNull()
      .references(() => apiTokens.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    companyId: companyId(),
    requestHash: text("request_hash").notNull(),
    state: text("state", { enum: ["pending", "done"] }).notNull(),
    responseStatus: integer("response_status"),
    responseJson: text("response_json"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tokenId, t.key] }), index("api_requests_expires_idx").on(t.expiresAt)],
);

/** An admin's webhook: a URL, the events it receives, and its signing secret (sealed with DATA_SECRET, lib/secretBox). */
export const webhookSubscriptions = sqliteTable("webhook_subscriptions", {
  id: id(),
  companyId: companyId(),
  url: text("url").notNull(),
  description: text("description").notNull().default(""),
  events: text("events", { mode: "json" }).$type<WebhookEventType[]>().notNull(),
  secretSealed: text("secret_sealed").notNull(),
  status: text("status", { enum: ["active", "paused"] }).notNull().default("active"),
  pausedReason: text("paused_reason"),
  consecutiveFailures: integer("consecutive_failures").notNull().default(0),
  lastDeliveryAt: integer("last_delivery_at", { mode: "timestamp_ms" }),
  createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
  ...timestamps(),
});
export type WebhookSubscription = typeof webhookSubscriptions.$inferSelect;

/**
 * One event for one subscription: written by the hub right after the change that raised it committed (ADR 0052),
 * then sent from the queue and retried with backoff for 24 hours. The log the admin reads, kept 30 days.
 */
export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: id(),
    companyId: companyId(),
    subscriptionId: integer("subscription_id")
      .notNull()
      .references(() => webhookSubscriptions.id, { onDelete: "cascade" }),
    eventId: text("event_id").notNull(),
    eventType: text("event_type").notNull(),
    /** The event's JSON, exactly the body sent (signed as is). */
    payload: text("payload").notNull(),
    status: text("status", { enum: ["pending", "retrying", "delivered", "failed"] }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    responseStatus: integer("response_status"),
    error: text("error"),
    durationMs: integer("duration_ms"),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }),
    lastAttemptAt: integer("last_attempt_at", { mode: "timestamp_ms" }),
    deliveredAt: integer("delivered_at", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" })
      .notNull()
      .$defaultFn(() => new Date()),
  },
  (t) => [
    index("webhook_deliveries_subscription_idx").on(t.subscriptionId, t.id),
    index("webhook_deliveries_due_idx").on(t.status, t.nextAttemptAt),
    index("webhook_deliveries_created_idx").on(t.createdAt),
  ],
);
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;
