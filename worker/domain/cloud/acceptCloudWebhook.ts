import type { ControlDb } from "../../db/client";
import type { Env } from "../../env";
import { safeEqual } from "../../lib/crypto";
import { verifyCloudSignature } from "../../lib/whatsappCloud";
import { cloudHandshake } from "../../contracts/cloudWebhook";
import { AppError } from "../errors";
import { cloudNumberByRoute, ownAppSecrets } from "./cloudNumbers";
import { queueDelivery } from "./deliveryPieces";

/** The app whose secrets a callback path stands for: the platform's (no key) or a company's own (its key). */
async function appOf(control: ControlDb, env: Env, routeKey: string | null): Promise<{ appSecret: string; verifyToken: string }> {
  if (routeKey === null) {
    if (!env.META_APP_SECRET || !env.META_VERIFY_TOKEN) throw new AppError("ERR_NOT_FOUND");
    return { appSecret: env.META_APP_SECRET, verifyToken: env.META_VERIFY_TOKEN };
  }
  const row = await cloudNumberByRoute(control, routeKey);
  const secrets = row ? await ownAppSecrets(env, row) : null;
  if (!secrets) throw new AppError("ERR_NOT_FOUND");
  return secrets;
}

/**
 * Meta's subscription handshake (GET): the verify token compared in constant time, the challenge echoed back.
 * Anything else is 403.
 */
export async function answerCloudHandshake(control: ControlDb, env: Env, routeKey: string | null, query: Record<string, string>): Promise<string> {
  const { verifyToken } = await appOf(control, env, routeKey);
  const asked = cloudHandshake.safeParse(query);
  if (!asked.success || !safeEqual(asked.data["hub.verify_token"], verifyToken)) throw new AppError("ERR_WEBHOOK_VERIFY_TOKEN");
  return asked.data["hub.challenge"];
}

/**
 * A webhook delivery (POST): its `X-Hub-Signature-256` checked over the raw bytes before anything is read (401
 * otherwise), then queued as it came (in pieces when too big for one queue message), so Meta gets its 200 at once and the work (media, tickets) runs from the
 * queue. Redeliveries are taken again and ingested idempotently.
 */
export async function acceptCloudWebhook(
  control: ControlDb,
  env: Env,
  input: { routeKey: string | null; body: Uint8Array<ArrayBuffer>; signature: string | undefined },
): Promise<void> {
  const { appSecret } = await appOf(control, env, input.routeKey);
  if (!(await verifyCloudSignature(appSecret, input.body, input.signature))) throw new AppError("ERR_WEBHOOK_SIGNATURE");
  const receivedAt = Date.now();
  await queueDelivery(env, new TextDecoder().decode(input.body), (piece) => ({ kind: "cloudWebhook", routeKey: input.routeKey, body: "", ...piece, receivedAt }));
}
