import { eq } from "drizzle-orm";
import { webhookSubscriptions } from "../../db/tenant";
import type { Ctx } from "../context";
import { forgetActiveSubscriptions } from "./activeSubscriptions";
import { recordAudit } from "../audit/recordAudit";
import { urlHost } from "../audit/changes";
import { assertWebhookAccess, findWebhookSubscription, publishWebhookSubscription } from "./view";

/** Deletes a subscription and its log (its deliveries go with it: a queued attempt then finds nothing to send). */
export async function deleteWebhookSubscription({ ctx, input }: { ctx: Ctx; input: { id: number } }): Promise<void> {
  assertWebhookAccess(ctx);
  const current = findWebhookSubscription(ctx, input.id);
  // The deletion and its entry: one transaction.
  ctx.db.transaction(() => {
    ctx.db.delete(webhookSubscriptions).where(eq(webhookSubscriptions.id, current.id)).run();
    recordAudit(ctx, { action: "integration.deleted", target: { type: "webhook", id: current.id, label: urlHost(current.url) } });
  });
  forgetActiveSubscriptions(ctx.db);
  await publishWebhookSubscription(ctx, { action: "delete", subscriptionId: current.id });
}
