/** A number's WhatsApp check: on WhatsApp, not on it, or not answerable (the host failed it after its retries). */
export type WhatsappCheckResult = "valid" | "invalid" | "unknown";

/** A contact list with its number of items (domain/contactLists/view.ts). */
export type ContactListView = {
  id: number;
  name: string;
  contactsCount: number;
  createdAt: Date;
  updatedAt: Date;
};

/** One recipient of a contact list. */
export type ContactListItemView = {
  id: number;
  companyId: number;
  contactListId: number;
  name: string;
  number: string;
  email: string;
  isWhatsappValid: boolean;
  /** The last WhatsApp check's answer; null: never checked. */
  whatsappCheck: WhatsappCheckResult | null;
  whatsappCheckedAt: string | null;
  /** The import's extra columns (header → value), the campaign's {header} variables. */
  variables: Record<string, string>;
};

/** A contact list's WhatsApp check and its progress (domain/contactLists/checkView.ts). */
export type ContactListCheckView = {
  id: number;
  contactListId: number;
  whatsappId: number | null;
  status: "running" | "done" | "failed";
  total: number;
  checked: number;
  valid: number;
  invalid: number;
  unknown: number;
  error: string | null;
  startedAt: string;
  finishedAt: string | null;
  /** Running, but no batch came back for a while. */
  stalled: boolean;
};
