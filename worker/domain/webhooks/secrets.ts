import { WEBHOOK_SECRET_PREFIX } from "../../contracts/publicApi/webhooks";
import type { Env } from "../../env";
import { randomToken } from "../../lib/crypto";
import { openSecret, sealSecret } from "../../lib/secretBox";

/**
 * A subscription's signing secret, sealed for its subscription: a sealed value copied onto another subscription (or
 * company) does not open there. It is ours, not entered for a URL, so changing the URL keeps it.
 */
const ownerOf = (companyId: number, subscriptionId: number) => `webhook:${companyId}|subscription:${subscriptionId}`;

export const newWebhookSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomToken(32)}`;

export function sealWebhookSecret(env: Pick<Env, "DATA_SECRET">, companyId: number, subscriptionId: number, secret: string) {
  return sealSecret(env.DATA_SECRET, secret, ownerOf(companyId, subscriptionId));
}

/** The secret, or null when it does not open (DATA_SECRET changed, or the value was moved). */
export function openWebhookSecret(env: Pick<Env, "DATA_SECRET">, companyId: number, subscriptionId: number, sealed: string) {
  return sealed ? openSecret(env.DATA_SECRET, sealed, ownerOf(companyId, subscriptionId)) : Promise.resolve(null);
}
