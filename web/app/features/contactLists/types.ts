/** Shapes of the contact lists API (worker/domain/contactLists/view.ts). */
export interface ContactListRow {
  id: number;
  name: string;
  contactsCount: number;
}

export interface ContactListItemRow {
  id: number;
  contactListId: number;
  name: string;
  number: string;
  email: string;
  isWhatsappValid: boolean;
  /** The last WhatsApp check's answer; null: not checked. */
  whatsappCheck: WhatsappCheckResult | null;
  variables: Record<string, string>;
}

export interface ContactListItemPayload {
  name: string;
  number: string;
  email: string;
}

export type WhatsappCheckResult = "valid" | "invalid" | "unknown";
export type WhatsappCheckFilter = WhatsappCheckResult | "unchecked";

/** GET /contact-lists/:id/whatsapp-check (worker/domain/contactLists/checkView.ts). */
export interface ContactListCheck {
  contactListId: number;
  status: "running" | "done" | "failed";
  total: number;
  checked: number;
  valid: number;
  invalid: number;
  unknown: number;
  error: string | null;
  stalled: boolean;
}
