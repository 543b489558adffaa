import { z } from "zod";

/**
 * A contact's consent to marketing messages (issue 28): not asked yet, given, or taken back. A revoked contact is
 * never sent a campaign or a marketing schedule (domain/consent/marketingBlocked.ts, the one rule).
 */
export const CONSENT_STATES = ["unknown", "granted", "revoked"] as const;
export type ConsentState = (typeof CONSENT_STATES)[number];

/**
 * How the consent was recorded: a contact import's consent column, the chatbot (an option that records it), an
 * agent in the contact drawer, the public API, an opt-out word answering a campaign, or Meta's 131050 (the person
 * stopped the business's marketing messages in WhatsApp).
 */
export const CONSENT_SOURCES = ["imported", "chatbot", "agent", "api", "stopWord", "cloud131050"] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/** What a chatbot option records when the contact picks it (queue options' `marketingConsent`). */
export const OPTION_CONSENTS = ["granted", "revoked"] as const;
export type OptionConsent = (typeof OPTION_CONSENTS)[number];

/** PUT /contacts/:id/consent (the drawer) and the public API's PUT /contacts/:id/consent. */
export const setConsentInput = z.object({
  state: z.enum(OPTION_CONSENTS, { error: "Must be granted or revoked" }),
});
export type SetConsentInput = z.infer<typeof setConsentInput>;

/** The contacts page's consent filter. */
export const consentFilter = z.enum(CONSENT_STATES, { error: `Must be one of ${CONSENT_STATES.join(", ")}` });

/**
 * A sheet's consent cell read as a state: yes/sim/sí/true/1/x grant, no/não/false/0 revoke; anything else (an empty
 * cell among them) records nothing.
 */
export function sheetConsent(cell: string): "granted" | "revoked" | null {
  const word = cell
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .trim()
    .toLowerCase();
  if (["sim", "s", "yes", "y", "si", "true", "1", "x", "granted", "concedido"].includes(word)) return "granted";
  if (["nao", "n", "no", "false", "0", "revoked", "revogado"].includes(word)) return "revoked";
  return null;
}
