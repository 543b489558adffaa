import { and, eq, inArray, lt, min, or } from "drizzle-orm";
import { WEBHOOK_TEST_EVENT } from "../../contracts/publicApi/events";
import type { Db } from "../../db/client";
import { webhookDeliveries, webhookSubscriptions } from "../../db/tenant";
import type { SystemCtx } from "../context";
import { enqueueWebhookDeliveries } from "./enqueueWebhookDeliveries";

/** A delivery still waiting this long after its attempt was due lost its job (an enqueue failed, a consumer died). */
export const WEBHOOK_LOST_AFTER_MS = 5 * 60 * 1000;
const SLICE = 100;

/** Deliveries waiting for an attempt, of subscriptions that send (a paused one's wait until it is resumed). */
const waiting = and(
  inArray(webhookDeliveries.status, ["pending", "retrying"]),
  or(eq(webhookSubscriptions.status, "active"), eq(webhookDeliveries.eventType, WEBHOOK_TEST_EVENT)),
);

/** When the hub's sweep next has a lost delivery to queue again (epoch ms), or null. */
export function nextLostWebhookDue(db: Db, companyId: number): number | null {
  const row = db
    .select({ at: min(webhookDeliveries.nextAttemptAt) })
    .from(webhookDeliveries)
    .innerJoin(webhookSubscriptions, eq(webhookSubscriptions.id, webhookDeliveries.subscriptionId))
    .where(and(eq(webhookDeliveries.companyId, companyId), waiting))
    .get();
  return row?.at ? row.at.getTime() + WEBHOOK_LOST_AFTER_MS : null;
}

/**
 * The hub's sweep (due work): deliveries whose attempt was due minutes ago and never came are queued again, a slice
 * at a time; each is then due again only after another WEBHOOK_LOST_AFTER_MS, so a delivery is never queued twice
 * at once by the sweep.
 */
export async function requeueLostWebhooks({ ctx, input }: { ctx: SystemCtx; input: { now: number } }): Promise<{ requeued: number }> {
  const lost = ctx.db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .innerJoin(webhookSubscriptions, eq(webhookSubscriptions.id, webhookDeliveries.subscriptionId))
    .where(and(eq(webhookDeliveries.companyId, ctx.companyId), waiting, lt(webhookDeliveries.nextAttemptAt, new Date(input.now - WEBHOOK_LOST_AFTER_MS))))
    .limit(SLICE)
    .all()
    .map((d) => d.id);
  if (lost.length === 0) return { requeued: 0 };
  ctx.db.update(webhookDeliveries).set({ nextAttemptAt: new Date(input.now) }).where(inArray(webhookDeliveries.id, lost)).run();
  enqueueWebhookDeliveries(ctx, lost);
  return { requeued: lost.length };
}
