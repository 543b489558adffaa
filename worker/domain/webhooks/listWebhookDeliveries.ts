import { and, desc, eq, lt } from "drizzle-orm";
import { WEBHOOK_DELIVERIES_PAGE, type WebhookDeliveriesPage, type WebhookDeliveriesQuery } from "../../contracts/publicApi/webhooks";
import { webhookDeliveries } from "../../db/tenant";
import type { Ctx } from "../context";
import { assertWebhookAccess, findWebhookSubscription, presentWebhookDelivery } from "./view";

/** A subscription's delivery log, newest first, a page at a time (the cursor is the last id shown). */
export async function listWebhookDeliveries({ ctx, input }: { ctx: Ctx; input: { id: number; query: WebhookDeliveriesQuery } }): Promise<WebhookDeliveriesPage> {
  assertWebhookAccess(ctx);
  const subscription = findWebhookSubscription(ctx, input.id);
  const rows = ctx.db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.companyId, ctx.companyId),
        eq(webhookDeliveries.subscriptionId, subscription.id),
        input.query.cursor ? lt(webhookDeliveries.id, input.query.cursor) : undefined,
        input.query.status ? eq(webhookDeliveries.status, input.query.status) : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.id))
    .limit(WEBHOOK_DELIVERIES_PAGE + 1)
    .all();
  const items = rows.slice(0, WEBHOOK_DELIVERIES_PAGE).map(presentWebhookDelivery);
  return { items, cursor: rows.length > WEBHOOK_DELIVERIES_PAGE ? items[items.length - 1]!.id : null };
}
