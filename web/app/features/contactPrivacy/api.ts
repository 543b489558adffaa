import type { ContactErasureView } from "../../../../worker/contracts/privacy";
import { api } from "../../lib/api";
import { downloadFile } from "../../lib/upload";

/** The archive of everything about a contact (issue 28), downloaded as `fileName`. */
export function downloadContactData(contactId: number, fileName: string) {
  return downloadFile(`/contacts/${contactId}/export`, fileName);
}

/** Erases the contact's personal data; answers once every slice has run. */
export function eraseContactData(contactId: number, confirm: string) {
  return api<ContactErasureView>(`/contacts/${contactId}/erase`, { method: "POST", body: { confirm } });
}
