import { and, eq } from "drizzle-orm";
import type {
  PublicWebhookDelivery,
  PublicWebhookSubscription,
  WebhookDeliveryView,
  WebhookSubscriptionView,
} from "../../contracts/publicApi/webhooks";
import { webhookDeliveries, webhookSubscriptions, type WebhookDelivery, type WebhookSubscription } from "../../db/tenant";
import type { AnyCtx, Ctx } from "../context";
import { AppError } from "../errors";
import { requirePermission } from "../context";

/** Event webhooks are an admin's (`webhooks:manage`), in the UI and through a token acting as its admin. */
export function assertWebhookAccess(ctx: Ctx) {
  requirePermission(ctx, "webhooks:manage");
}

export function presentWebhookSubscription(r: WebhookSubscription): WebhookSubscriptionView {
  return {
    id: r.id,
    url: r.url,
    description: r.description,
    events: r.events,
    status: r.status,
    pausedReason: r.pausedReason,
    consecutiveFailures: r.consecutiveFailures,
    lastDeliveryAt: r.lastDeliveryAt,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

export function presentWebhookDelivery(r: WebhookDelivery): WebhookDeliveryView {
  return {
    id: r.id,
    subscriptionId: r.subscriptionId,
    eventId: r.eventId,
    eventType: r.eventType,
    status: r.status,
    attempts: r.attempts,
    responseStatus: r.responseStatus,
    error: r.error,
    durationMs: r.durationMs,
    nextAttemptAt: r.nextAttemptAt,
    createdAt: r.createdAt,
    lastAttemptAt: r.lastAttemptAt,
    deliveredAt: r.deliveredAt,
  };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The public API's shapes of the same views (contracts/publicApi/webhooks.ts). */
export function presentPublicWebhookSubscription(v: WebhookSubscriptionView): PublicWebhookSubscription {
  return { ...v, lastDeliveryAt: iso(v.lastDeliveryAt), createdAt: v.createdAt.toISOString(), updatedAt: v.updatedAt.toISOString() };
}

export function presentPublicWebhookDelivery(v: WebhookDeliveryView): PublicWebhookDelivery {
  return {
    ...v,
    nextAttemptAt: iso(v.nextAttemptAt),
    createdAt: v.createdAt.toISOString(),
    lastAttemptAt: iso(v.lastAttemptAt),
    deliveredAt: iso(v.deliveredAt),
  };
}

/** The company's subscription, or 404 (another company's id reads as unknown). */
export function findWebhookSubscription(ctx: AnyCtx, id: number): WebhookSubscription {
  const row = ctx.db
    .select()
    .from(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.companyId, ctx.companyId), eq(webhookSubscriptions.id, id)))
    .get();
  if (!row) throw new AppError("ERR_NOT_FOUND");
  return row;
}

export function findWebhookDelivery(ctx: AnyCtx, id: number): WebhookDelivery {
  const row = ctx.db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.companyId, ctx.companyId), eq(webhookDeliveries.id, id)))
    .get();
  if (!row) throw new AppError("ERR_NOT_FOUND");
  return row;
}

/** To the admins: the subscription as it now is (the page follows pauses live), or that it is gone. */
export async function publishWebhookSubscription(ctx: AnyCtx, change: { action: "create" | "update"; subscription: WebhookSubscriptionView } | { action: "delete"; subscriptionId: number }) {
  await ctx.hub.publish([{ audience: { kind: "admins" }, event: { type: "webhookSubscription", ...change } }]);
}
