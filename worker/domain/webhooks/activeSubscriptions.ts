import { and, eq } from "drizzle-orm";
import type { WebhookEventType } from "../../contracts/publicApi/events";
import type { Db } from "../../db/client";
import { webhookSubscriptions } from "../../db/tenant";

export type ActiveSubscription = { id: number; events: ReadonlySet<WebhookEventType> };

/**
 * The company's active subscriptions, kept in the hub's memory (keyed by its database, one per hub instance) so
 * that raising an event costs a company with none nothing but a lookup. Every change of a subscription (made,
 * edited, paused, resumed, deleted) runs in the same hub and forgets the copy; a new instance reads it afresh.
 */
const cached = new WeakMap<Db, ActiveSubscription[]>();

export function activeSubscriptions(db: Db, companyId: number): ActiveSubscription[] {
  let subscriptions = cached.get(db);
  if (!subscriptions) {
    subscriptions = db
      .select({ id: webhookSubscriptions.id, events: webhookSubscriptions.events })
      .from(webhookSubscriptions)
      .where(and(eq(webhookSubscriptions.companyId, companyId), eq(webhookSubscriptions.status, "active")))
      .all()
      .map((s) => ({ id: s.id, events: new Set(s.events) }));
    cached.set(db, subscriptions);
  }
  return subscriptions;
}

export function forgetActiveSubscriptions(db: Db) {
  cached.delete(db);
}

/** Whether anyone listens to `type`: the raisers ask first, so a company with no subscription builds no event. */
export function isSubscribed(db: Db, companyId: number, type: WebhookEventType): boolean {
  return activeSubscriptions(db, companyId).some((s) => s.events.has(type));
}
