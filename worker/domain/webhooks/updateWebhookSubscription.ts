import { eq } from "drizzle-orm";
import type { WebhookSubscriptionUpdate, WebhookSubscriptionView } from "../../contracts/publicApi/webhooks";
import { webhookSubscriptions } from "../../db/tenant";
import type { Ctx } from "../context";
import { assertCallableUrls } from "../shared/egressFields";
import { forgetActiveSubscriptions } from "./activeSubscriptions";
import { recordAudit } from "../audit/recordAudit";
import { changesDetail, urlHost } from "../audit/changes";
import { assertWebhookAccess, findWebhookSubscription, presentWebhookSubscription, publishWebhookSubscription } from "./view";

/**
 * Edits a subscription. `active: true` resumes a paused one with its failures forgotten (deliveries that gave up
 * stay failed: the log's "send again" is for them); `active: false` pauses it by hand.
 */
export async function updateWebhookSubscription({ ctx, input }: { ctx: Ctx; input: { id: number; body: WebhookSubscriptionUpdate } }): Promise<WebhookSubscriptionView> {
  assertWebhookAccess(ctx);
  const current = findWebhookSubscription(ctx, input.id);
  const { active, ...fields } = input.body;
  if (fields.url !== undefined) assertCallableUrls(ctx.env, { url: fields.url });
  const status = active === undefined ? current.status : active ? "active" : "paused";
  const resumed = active === true && current.status === "paused";
  const detail = changesDetail(current, { ...fields, status }, { text: ["description"], url: ["url"] });
  // The edit and its entry: one transaction.
  const row = ctx.db.transaction(() => {
    const updated = ctx.db
      .update(webhookSubscriptions)
      .set({
        ...fields,
        status,
        ...(resumed ? { pausedReason: null, consecutiveFailures: 0 } : {}),
        ...(active === false && current.status === "active" ? { pausedReason: null } : {}),
        updatedAt: new Date(),
      })
      .where(eq(webhookSubscriptions.id, current.id))
      .returning()
      .get();
    if (Object.keys(detail).length > 0) {
      recordAudit(ctx, { action: "integration.updated", target: { type: "webhook", id: current.id, label: urlHost(updated.url) }, detail });
    }
    return updated;
  });
  forgetActiveSubscriptions(ctx.db);
  // A resumed subscription's waiting deliveries are the sweep's to queue again: the alarm is armed for them.
  if (resumed) await ctx.hub.workChanged();
  const subscription = presentWebhookSubscription(row);
  await publishWebhookSubscription(ctx, { action: "update", subscription });
  return subscription;
}
