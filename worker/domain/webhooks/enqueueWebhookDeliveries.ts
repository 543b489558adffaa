import { inArray } from "drizzle-orm";
import type { WebhookJob } from "../../contracts/outbound";
import { webhookDeliveries } from "../../db/tenant";
import type { AnyCtx } from "../context";

/** Queues' batch limit. */
const BATCH = 100;

/**
 * Hands deliveries to the WEBHOOKS queue once the change that wrote them has landed: the send waits for the current
 * synchronous work (the change's transaction) to finish, and only rows still there are queued, so a change that
 * rolled back sends nothing. A failed enqueue loses nothing: the rows stay pending and the due-work sweep queues them.
 */
export function enqueueWebhookDeliveries(ctx: Pick<AnyCtx, "db" | "companyId" | "env" | "waitUntil">, deliveryIds: number[]) {
  if (deliveryIds.length === 0) return;
  ctx.waitUntil(
    Promise.resolve().then(async () => {
      const landed: { id: number }[] = [];
      for (let i = 0; i < deliveryIds.length; i += BATCH / 2) {
        // A Durable Object's SQLite binds at most 100 values a statement.
        landed.push(...ctx.db.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(inArray(webhookDeliveries.id, deliveryIds.slice(i, i + BATCH / 2))).all());
      }
      for (let i = 0; i < landed.length; i += BATCH) {
        const jobs = landed.slice(i, i + BATCH).map((d): { body: WebhookJob } => ({ body: { kind: "webhook", companyId: ctx.companyId, deliveryId: d.id } }));
        try {
          await ctx.env.WEBHOOKS.sendBatch(jobs);
        } catch (err) {
          console.error("could not enqueue webhook deliveries; the sweep will", { companyId: ctx.companyId, error: String(err) });
        }
      }
    }),
  );
}
