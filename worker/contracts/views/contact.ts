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
  createdAt: Date;
  updatedAt: Date;
  extraInfo: { id: number; name: string; value: string }[];
};
