import type { ConsentSource, ConsentState } from "../consent";

export type ContactPresence = "available" | "unavailable" | "composing" | "recording" | "paused";

/** A contact as the contacts page and its events show it (domain/contacts/view.ts). */
export type ContactView = {
  id: number;
  name: string;
  number: string;
  email: string;
  profilePicUrl: string;
  isGroup: boolean;
  disableBot: boolean;
  active: boolean;
  presence: ContactPresence;
  lastInteractionAt: Date | null;
  /** When WhatsApp last said it cannot deliver to this number (not on WhatsApp, an old app, terms not accepted); null once the contact writes. */
  undeliverableAt: Date | null;
  /** Consent to marketing messages (issue 28): the state, since when and how it was recorded. */
  marketingConsent: ConsentState;
  marketingConsentAt: Date | null;
  marketingConsentHow: ConsentSource | null;
  createdAt: Date;
  updatedAt: Date;
  extraInfo: { id: number; name: string; value: string }[];
};

/** A contact's marketing consent with its latest changes (GET /contacts/:id/consent; domain/consent/getContactConsent.ts). */
export type ContactConsentView = {
  state: ConsentState;
  at: Date | null;
  how: ConsentSource | null;
  /** The user who recorded the current state; null for the contact itself, Meta or an import. */
  userId: number | null;
  history: { id: number; state: ConsentState; how: ConsentSource; at: Date; detail: string; userId: number | null; userName: string | null }[];
};
