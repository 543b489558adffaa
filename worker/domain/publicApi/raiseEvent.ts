import type { WebhookEventData, WebhookEventType } from "../../contracts/publicApi/events";
import { webhookDeliveries } from "../../db/tenant";
import type { AnyCtx } from "../context";
import { activeSubscriptions } from "../webhooks/activeSubscriptions";
import { enqueueWebhookDeliveries } from "../webhooks/enqueueWebhookDeliveries";

const ROWS_PER_INSERT = 8;

/** An event's id: "evt_" and a UUID, the same on every attempt and resend of it. */
export const newEventId = () => `evt_${crypto.randomUUID()}`;

/**
 * A change of the company that integrators may hear of (issue 25): one delivery per active subscription to `type`,
 * written now, synchronously, so that inside the change's transaction it lands or rolls back with the change; the
 * deliveries are queued once it has landed. A company with no subscription to `type` pays a lookup in memory.
 * `data` is the type's documented shape (contracts/publicApi/events.ts webhookEventData).
 */
/** What raising an event needs of a context: the company's database, and the queue to hand deliveries to. */
export type EventCtx = Pick<AnyCtx, "db" | "companyId" | "env" | "waitUntil">;

export function raiseEvent<T extends WebhookEventType>(ctx: EventCtx, type: T, data: WebhookEventData<T>, now = new Date()): void {
  const subscribed = activeSubscriptions(ctx.db, ctx.companyId).filter((s) => s.events.has(type));
  if (subscribed.length === 0) return;
  const eventId = newEventId();
  const payload = JSON.stringify({ id: eventId, type, createdAt: now.toISOString(), companyId: ctx.companyId, data });
  const ids: number[] = [];
  // A Durable Object's SQLite binds at most 100 values a statement.
  for (let i = 0; i < subscribed.length; i += ROWS_PER_INSERT) {
    const rows = ctx.db
      .insert(webhookDeliveries)
      .values(subscribed.slice(i, i + ROWS_PER_INSERT).map((s) => ({ companyId: ctx.companyId, subscriptionId: s.id, eventId, eventType: type, payload, nextAttemptAt: now, createdAt: now })))
      .returning({ id: webhookDeliveries.id })
      .all();
    ids.push(...rows.map((r) => r.id));
  }
  enqueueWebhookDeliveries(ctx, ids);
}
