import type { Env } from "../../env";
import { openSecret, sealSecret } from "../../lib/secretBox";

const ownerOf = (companyId: number) => `integration:${companyId}`;

/** An integration's secrets (signing secret, service account JSON) sealed for its company, as prompt keys are. */
export function sealIntegrationSecret(env: Pick<Env, "DATA_SECRET">, companyId: number, plaintext: string) {
  return sealSecret(env.DATA_SECRET, plaintext, ownerOf(companyId));
}

export function openIntegrationSecret(env: Pick<Env, "DATA_SECRET">, companyId: number, stored: string) {
  return stored ? openSecret(env.DATA_SECRET, stored, ownerOf(companyId)) : Promise.resolve(null);
}
