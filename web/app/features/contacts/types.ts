import type { ConsentState } from "../../../../worker/contracts/consent";
import type { ImportSkipReason } from "../../../../worker/contracts/contacts";

export type { ImportSkipReason };

/** Shapes of the contacts API (GET /api/contacts and friends). */
export interface ExtraInfo {
  id?: number;
  name: string;
  value: string;
}

export interface ContactRow {
  id: number;
  name: string;
  number: string;
  email: string;
  profilePicUrl: string | null;
  active: boolean;
  isGroup: boolean;
  disableBot: boolean;
  lastInteractionAt: string | number | null;
  extraInfo: ExtraInfo[];
  /** Consent to marketing messages (issue 28). */
  marketingConsent?: ConsentState;
}

/** One contact as GET /api/contacts/:id answers it: also how many tickets it has and its ratings. */
export interface ContactDetail extends ContactRow {
  ticketCount: number;
  ratings: { count: number; average: number | null; last: { rate: number; createdAt: string } | null };
}

export interface ContactsPage {
  contacts: ContactRow[];
  count: number;
  hasMore: boolean;
}

export interface ContactPayload {
  name: string;
  number: string;
  email: string;
  disableBot: boolean;
  extraInfo: { name: string; value: string }[];
}

export interface ImportReport {
  imported: number;
  skipped: { row: number; number: string; reason: ImportSkipReason }[];
}

export interface QueueOption {
  id: number;
  name: string;
  color: string;
}

