import { and, eq } from "drizzle-orm";
import type { WebhookEventType } from "../../contracts/publicApi/events";
import type { Db } from "../../db/client";
import { webhookSubscriptions } from "../../db/tenant";
import { hubMemory } from "../shared/hubMemory";

export type ActiveSubscription = { id: number; events: ReadonlySet<WebhookEventType> };

/**
 * The company's active subscriptions (hub memory: shared/hubMemory.ts), so that raising an event costs a company with
 * none nothing but a lookup. Every change of a subscription (made, edited, paused, resumed, deleted) forgets it.
 */
const memory = hubMemory((db, companyId): ActiveSubscription[] =>
  db
    .select({ id: webhookSubscriptions.id, events: webhookSubscriptions.events })
    .from(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.companyId, companyId), eq(webhookSubscriptions.status, "active")))
    .all()
    .map((s) => ({ id: s.id, events: new Set(s.events) })),
);

export const activeSubscriptions = memory.get;
export const forgetActiveSubscriptions = memory.forget;

/** Whether anyone listens to `type`: the raisers ask first, so a company with no subscription builds no event. */
export function isSubscribed(db: Db, companyId: number, type: WebhookEventType): boolean {
  return activeSubscriptions(db, companyId).some((s) => s.events.has(type));
}
