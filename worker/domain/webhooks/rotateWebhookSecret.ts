import { eq } from "drizzle-orm";
import { webhookSubscriptions } from "../../db/tenant";
import type { Ctx } from "../context";
import { newWebhookSecret, sealWebhookSecret } from "./secrets";
import { assertWebhookAccess, findWebhookSubscription } from "./view";

/** A new signing secret, answered this once; attempts from now on are signed with it, the old one stops at once. */
export async function rotateWebhookSecret({ ctx, input }: { ctx: Ctx; input: { id: number } }): Promise<{ secret: string }> {
  assertWebhookAccess(ctx);
  const current = findWebhookSubscription(ctx, input.id);
  const secret = newWebhookSecret();
  const sealed = await sealWebhookSecret(ctx.env, ctx.companyId, current.id, secret);
  ctx.db.update(webhookSubscriptions).set({ secretSealed: sealed, updatedAt: new Date() }).where(eq(webhookSubscriptions.id, current.id)).run();
  return { secret };
}
