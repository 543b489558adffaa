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
  variables: Record<string, string>;
}

export interface ContactListItemPayload {
  name: string;
  number: string;
  email: string;
}
