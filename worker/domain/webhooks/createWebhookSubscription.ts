import { eq } from "drizzle-orm";
import type { CreatedWebhookSubscription, WebhookSubscriptionInput } from "../../contracts/publicApi/webhooks";
import { webhookSubscriptions } from "../../db/tenant";
import type { Ctx } from "../context";
import { assertCallableUrls } from "../shared/egressFields";
import { forgetActiveSubscriptions } from "./activeSubscriptions";
import { newWebhookSecret, sealWebhookSecret } from "./secrets";
import { recordAudit } from "../audit/recordAudit";
import { urlHost } from "../audit/changes";
import { assertWebhookAccess, presentWebhookSubscription, publishWebhookSubscription } from "./view";

/**
 * An admin subscribes a URL to events (issue 25). The URL must be one the egress guard lets the worker call (checked
 * again on every delivery). Its signing secret is made here and answered this once.
 */
export async function createWebhookSubscription({ ctx, input }: { ctx: Ctx; input: WebhookSubscriptionInput }): Promise<CreatedWebhookSubscription> {
  assertWebhookAccess(ctx);
  assertCallableUrls(ctx.env, { url: input.url });
  const secret = newWebhookSecret();
  const now = new Date();
  // The secret is sealed for the row's id, known once it is inserted; until it is stored the row is not active, so
  // no event is raised for it meanwhile.
  const inserted = ctx.db
    .insert(webhookSubscriptions)
    .values({ companyId: ctx.companyId, url: input.url, description: input.description, events: input.events, secretSealed: "", status: "paused", createdBy: ctx.user.id, createdAt: now, updatedAt: now })
    .returning()
    .get();
  let row;
  try {
    const sealed = await sealWebhookSecret(ctx.env, ctx.companyId, inserted.id, secret);
    // The entry goes with the decisive write: the row becomes active (a failure before it deletes the row).
    row = ctx.db.transaction(() => {
      const activated = ctx.db.update(webhookSubscriptions).set({ secretSealed: sealed, status: "active" }).where(eq(webhookSubscriptions.id, inserted.id)).returning().get();
      recordAudit(ctx, {
        action: "integration.created",
        target: { type: "webhook", id: inserted.id, label: urlHost(input.url) },
        detail: { host: urlHost(input.url), events: input.events.join(",").slice(0, 500) },
      });
      return activated;
    });
  } catch (err) {
    ctx.db.delete(webhookSubscriptions).where(eq(webhookSubscriptions.id, inserted.id)).run();
    throw err;
  } finally {
    forgetActiveSubscriptions(ctx.db);
  }
  const subscription = presentWebhookSubscription(row);
  await publishWebhookSubscription(ctx, { action: "create", subscription });
  return { secret, subscription };
}
