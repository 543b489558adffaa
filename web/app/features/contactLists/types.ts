import type { ContactListCheckView, ContactListItemView, ContactListView, WhatsappCheckResult } from "../../../../worker/contracts/views/contactList";
import type { Wire } from "../../../../worker/contracts/views/wire";

/** Shapes of the contact lists API: the contract's views as JSON. */
export type ContactListRow = Wire<ContactListView>;
export type ContactListItemRow = Wire<ContactListItemView>;

export interface ContactListItemPayload {
  name: string;
  number: string;
  email: string;
}

export type { WhatsappCheckResult };
export type WhatsappCheckFilter = WhatsappCheckResult | "unchecked";

/** GET /contact-lists/:id/whatsapp-check. */
export type ContactListCheck = Wire<ContactListCheckView>;
