import type { ConsentSource, ConsentState, SetConsentInput } from "../../../../worker/contracts/consent";
import { api } from "../../lib/api";

export type { ConsentSource, ConsentState };

/** A contact's marketing consent with its latest changes, as GET /api/contacts/:id/consent answers it (issue 28). */
export interface ContactConsent {
  state: ConsentState;
  at: string | null;
  how: ConsentSource | null;
  userId: number | null;
  history: { id: number; state: ConsentState; how: ConsentSource; at: string; detail: string; userId: number | null; userName: string | null }[];
}

export function getContactConsent(contactId: number) {
  return api<ContactConsent>(`/contacts/${contactId}/consent`);
}

/** Grants or revokes it as the signed-in agent (how "agent"). */
export function setContactConsent(contactId: number, state: SetConsentInput["state"]) {
  return api<unknown>(`/contacts/${contactId}/consent`, { method: "PUT", body: { state } });
}
