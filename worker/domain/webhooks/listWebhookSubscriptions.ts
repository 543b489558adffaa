import { asc, eq } from "drizzle-orm";
import type { WebhookSubscriptionView } from "../../contracts/publicApi/webhooks";
import { webhookSubscriptions } from "../../db/tenant";
import type { Ctx } from "../context";
import { assertWebhookAccess, presentWebhookSubscription } from "./view";

/** The company's event webhooks, oldest first (an admin's). */
export async function listWebhookSubscriptions({ ctx }: { ctx: Ctx }): Promise<WebhookSubscriptionView[]> {
  assertWebhookAccess(ctx);
  const rows = ctx.db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.companyId, ctx.companyId)).orderBy(asc(webhookSubscriptions.id)).all();
  return rows.map(presentWebhookSubscription);
}
