import type { Env } from "../../env";
import { openSecret, sealSecret } from "../../lib/secretBox";

const ownerOf = (companyId: number) => `integration:${companyId}`;
/**
 * The signing secret is bound to the URL it signs for (ADR 0043): the URL changes, a new secret is made (answered
 * once), and a value left behind under another URL does not open.
 */
const signingOwnerOf = (companyId: number, url: string) => `integration:${companyId}|url:${url}`;

/** A service account's JSON sealed for its company, as prompt keys are (its destinations are the platform's, not the company's). */
export function sealIntegrationSecret(env: Pick<Env, "DATA_SECRET">, companyId: number, plaintext: string) {
  return sealSecret(env.DATA_SECRET, plaintext, ownerOf(companyId));
}

export function openIntegrationSecret(env: Pick<Env, "DATA_SECRET">, companyId: number, stored: string) {
  return stored ? openSecret(env.DATA_SECRET, stored, ownerOf(companyId)) : Promise.resolve(null);
}

export function sealSigningSecret(env: Pick<Env, "DATA_SECRET">, companyId: number, plaintext: string, url: string) {
  return sealSecret(env.DATA_SECRET, plaintext, signingOwnerOf(companyId, url));
}

/** The signing secret for `url`, or null (another URL, company or key; tampered). One sealed before the binding still opens. */
export async function openSigningSecret(env: Pick<Env, "DATA_SECRET">, companyId: number, stored: string, url: string) {
  if (!stored) return null;
  return (await openSecret(env.DATA_SECRET, stored, signingOwnerOf(companyId, url))) ?? openSecret(env.DATA_SECRET, stored, ownerOf(companyId));
}
