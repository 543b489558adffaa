import type { Env } from "../../env";
import { maskSecret, openSecret, sealSecret } from "../../lib/secretBox";

/** A company's secrets are sealed for that company: a value moved to another company's row does not open. */
const ownerOf = (companyId: number) => `prompt:${companyId}`;

export function sealPromptSecret(env: Pick<Env, "DATA_SECRET">, companyId: number, plaintext: string) {
  return sealSecret(env.DATA_SECRET, plaintext, ownerOf(companyId));
}

/** The plaintext, or null when it does not open (another key, another company, tampered). */
export function openPromptSecret(env: Pick<Env, "DATA_SECRET">, companyId: number, stored: string) {
  return stored ? openSecret(env.DATA_SECRET, stored, ownerOf(companyId)) : Promise.resolve(null);
}

/** What the browser is shown of a key: the last four characters, masked. */
export function hintOf(plaintext: string): string {
  return plaintext.slice(-4);
}

export function masked(hint: string, present = true): string {
  return present ? maskSecret(hint) : "";
}
