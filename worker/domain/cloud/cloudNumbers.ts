import { eq } from "drizzle-orm";
import type { ControlDb } from "../../db/client";
import { cloudNumbers, type CloudNumber } from "../../db/control";
import type { Env } from "../../env";
import { openSecret, sealSecret } from "../../lib/secretBox";
import { GRAPH_URL, GRAPH_VERSION, cloudClient, type CloudClient } from "../../lib/whatsappCloud";
import { egressPolicy } from "../../lib/egress";

/**
 * A Cloud API number's secrets are sealed for their owner (ADR 0031's box): the number's own id, so a value copied
 * to another row does not open. The access token lives in the company's database (the hub sends), the app secret
 * and verify token of a company's own Meta app in the control index (the edge checks webhooks before any hub).
 */
const owner = {
  token: (phoneNumberId: string) => `cloud-token:${phoneNumberId}`,
  appSecret: (phoneNumberId: string) => `cloud-app-secret:${phoneNumberId}`,
  verifyToken: (phoneNumberId: string) => `cloud-verify-token:${phoneNumberId}`,
};

export const sealCloudToken = (env: Pick<Env, "DATA_SECRET">, phoneNumberId: string, token: string) => sealSecret(env.DATA_SECRET, token, owner.token(phoneNumberId));
export const openCloudToken = (env: Pick<Env, "DATA_SECRET">, phoneNumberId: string, sealed: string) => openSecret(env.DATA_SECRET, sealed, owner.token(phoneNumberId));

/** A client of the Graph API for one number, as the deployment configures it. */
export function cloudClientFor(env: Env, phoneNumberId: string, accessToken: string): CloudClient {
  return cloudClient({
    baseUrl: env.WHATSAPP_GRAPH_URL || GRAPH_URL,
    version: env.WHATSAPP_GRAPH_VERSION || GRAPH_VERSION,
    phoneNumberId,
    accessToken,
    egress: egressPolicy(env),
  });
}

export const cloudNumberOf = (control: ControlDb, phoneNumberId: string) =>
  control.select().from(cloudNumbers).where(eq(cloudNumbers.phoneNumberId, phoneNumberId)).get();

export const cloudNumberOfConnection = (control: ControlDb, whatsappId: number) =>
  control.select().from(cloudNumbers).where(eq(cloudNumbers.whatsappId, whatsappId)).get();

export const cloudNumbersOfWaba = (control: ControlDb, wabaId: string) => control.select().from(cloudNumbers).where(eq(cloudNumbers.wabaId, wabaId)).all();

export const cloudNumberByRoute = (control: ControlDb, routeKey: string) =>
  control.select().from(cloudNumbers).where(eq(cloudNumbers.routeKey, routeKey)).get();

/** The own app's secret and verify token of a routed number, opened; null when it uses the platform's app. */
export async function ownAppSecrets(env: Pick<Env, "DATA_SECRET">, row: CloudNumber): Promise<{ appSecret: string; verifyToken: string } | null> {
  if (!row.appSecret || !row.verifyToken) return null;
  const [appSecret, verifyToken] = await Promise.all([
    openSecret(env.DATA_SECRET, row.appSecret, owner.appSecret(row.phoneNumberId)),
    openSecret(env.DATA_SECRET, row.verifyToken, owner.verifyToken(row.phoneNumberId)),
  ]);
  return appSecret && verifyToken ? { appSecret, verifyToken } : null;
}

/**
 * Writes the control index row of a company's Cloud API number: which company and connection it is, and for a
 * number on the company's own Meta app its callback path and sealed secrets. `ownApp` undefined keeps what the row
 * had (the same number's secrets and path); null moves the number to the platform's app.
 */
export async function saveCloudNumber(
  control: ControlDb,
  env: Pick<Env, "DATA_SECRET">,
  input: { companyId: number; whatsappId: number; phoneNumberId: string; wabaId: string; ownApp?: { appSecret: string; verifyToken: string } | null },
): Promise<{ routeKey: string | null }> {
  const { companyId, whatsappId, phoneNumberId, wabaId, ownApp } = input;
  const existing = await control.select().from(cloudNumbers).where(eq(cloudNumbers.whatsappId, whatsappId)).get();
  const kept = existing && existing.phoneNumberId === phoneNumberId ? existing : undefined;
  let own: Pick<CloudNumber, "routeKey" | "appSecret" | "verifyToken"> = { routeKey: null, appSecret: null, verifyToken: null };
  if (ownApp) {
    own = {
      routeKey: kept?.routeKey ?? crypto.randomUUID().replace(/-/g, ""),
      appSecret: await sealSecret(env.DATA_SECRET, ownApp.appSecret, owner.appSecret(phoneNumberId)),
      verifyToken: await sealSecret(env.DATA_SECRET, ownApp.verifyToken, owner.verifyToken(phoneNumberId)),
    };
  } else if (ownApp === undefined && kept) {
    own = { routeKey: kept.routeKey, appSecret: kept.appSecret, verifyToken: kept.verifyToken };
  }
  await control.batch([
    control.delete(cloudNumbers).where(eq(cloudNumbers.whatsappId, whatsappId)),
    control.insert(cloudNumbers).values({ phoneNumberId, companyId, whatsappId, wabaId, ...own }),
  ]);
  return { routeKey: own.routeKey };
}

export const forgetCloudNumber = (control: ControlDb, whatsappId: number) => control.delete(cloudNumbers).where(eq(cloudNumbers.whatsappId, whatsappId));
