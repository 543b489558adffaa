import { eq } from "drizzle-orm";
import { webhookSubscriptions } from "../../db/tenant";
import type { Ctx } from "../context";
import { newWebhookSecret, sealWebhookSecret } from "./secrets";
import { recordAudit } from "../audit/recordAudit";
import { urlHost } from "../audit/changes";
import { assertWebhookAccess, findWebhookSubscription } from "./view";

/** A new signing secret, answered this once; attempts from now on are signed with it, the old one stops at once. */
export async function rotateWebhookSecret({ ctx, input }: { ctx: Ctx; input: { id: number } }): Promise<{ secret: string }> {
  assertWebhookAccess(ctx);
  const current = findWebhookSubscription(ctx, input.id);
  const secret = newWebhookSecret();
  const sealed = await sealWebhookSecret(ctx.env, ctx.companyId, current.id, secret);
  // The new secret and its entry (never the secret): one transaction.
  ctx.db.transaction(() => {
    ctx.db.update(webhookSubscriptions).set({ secretSealed: sealed, updatedAt: new Date() }).where(eq(webhookSubscriptions.id, current.id)).run();
    recordAudit(ctx, { action: "integration.updated", target: { type: "webhook", id: current.id, label: urlHost(current.url) }, detail: { signingSecret: "rotated" } });
  });
  return { secret };
}
