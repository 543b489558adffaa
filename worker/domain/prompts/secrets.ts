import type { Env } from "../../env";
import { OPENAI_BASE_URL } from "../../lib/openai";
import { maskSecret, openSecret, sealSecret } from "../../lib/secretBox";

/**
 * A prompt's keys are sealed for their company and for the destination they were entered for (ADR 0043): the API key
 * for its base URL, the voice key for its Azure region. A value moved to another company's row, or left behind when
 * the destination changed, does not open, so it is never sent anywhere but where its owner typed it for.
 */
export type PromptSecretDestination = { apiKey: string } | { voiceRegion: string };

/** Where the API key goes: the prompt's base URL, or OpenAI's when it has none. */
export const apiKeyDestination = (baseUrl: string) => ({ apiKey: (baseUrl || OPENAI_BASE_URL).replace(/\/+$/, "") });
export const voiceKeyDestination = (voiceRegion: string) => ({ voiceRegion: voiceRegion.trim().toLowerCase() });

const ownerOf = (companyId: number, to: PromptSecretDestination) =>
  "apiKey" in to ? `prompt:${companyId}|api:${to.apiKey}` : `prompt:${companyId}|azure:${to.voiceRegion}`;
/** How keys were sealed before they were bound to a destination (still opened, until the key is entered again). */
const legacyOwnerOf = (companyId: number) => `prompt:${companyId}`;

export function sealPromptSecret(env: Pick<Env, "DATA_SECRET">, companyId: number, plaintext: string, to: PromptSecretDestination) {
  return sealSecret(env.DATA_SECRET, plaintext, ownerOf(companyId, to));
}

/** The plaintext, or null when it does not open (another key, another company, another destination, tampered). */
export async function openPromptSecret(env: Pick<Env, "DATA_SECRET">, companyId: number, stored: string, to: PromptSecretDestination) {
  if (!stored) return null;
  return (await openSecret(env.DATA_SECRET, stored, ownerOf(companyId, to))) ?? openSecret(env.DATA_SECRET, stored, legacyOwnerOf(companyId));
}

/** What the browser is shown of a key: the last four characters, masked. */
export function hintOf(plaintext: string): string {
  return plaintext.slice(-4);
}

export function masked(hint: string, present = true): string {
  return present ? maskSecret(hint) : "";
}
