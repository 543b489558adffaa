import type { ConsentState } from "../../../../worker/contracts/consent";
import { api } from "../../lib/api";
import { downloadFile, postFile } from "../../lib/upload";
import type { ImportRow } from "./sheet";
import type { ContactDetail, ContactPayload, ContactRow, ContactsPage, ImportReport, QueueOption } from "./types";

export async function listContacts(params: { searchParam: string; pageNumber: number; consent?: ConsentState | null }) {
  const { consent, ...rest } = params;
  const body = await api<ContactsPage>("/contacts", { query: consent ? { ...rest, consent } : rest });
  return { items: body.contacts ?? [], count: body.count ?? 0, hasMore: !!body.hasMore };
}

export function getContact(id: number) {
  return api<ContactDetail>(`/contacts/${id}`);
}

export function createContact(payload: ContactPayload) {
  return api<ContactRow>("/contacts", { method: "POST", body: payload });
}

export function updateContact(id: number, payload: ContactPayload) {
  return api<ContactRow>(`/contacts/${id}`, { method: "PUT", body: payload });
}

export function deleteContact(id: number) {
  return api<unknown>(`/contacts/${id}`, { method: "DELETE" });
}

export function deleteContacts(ids: number[]) {
  return api<{ deleted: number }>("/contacts/bulk-delete", { method: "POST", body: { ids } });
}

/** An .xlsx, read and imported by the server. */
export function uploadContactSheet(file: File, fileName?: string) {
  return postFile<ImportReport>("/contacts/upload", file, { fileName });
}

/** The connected phone's address book (the user's or the company's default connection). */
export function importContactsFromPhone() {
  return api<ImportReport>("/contacts/import-phone", { method: "POST", body: {} });
}

/** Rows the page read itself (from a legacy .xls). */
export function importContactRows(rows: ImportRow[]) {
  return api<ImportReport>("/contacts/import", { method: "POST", body: { rows } });
}

/** The contacts the page's search shows (all without one), with column headers in the page's language. */
export function downloadContactsCsv(fileName: string, input: { searchParam: string; lang: string }) {
  const query = new URLSearchParams({ lang: input.lang });
  if (input.searchParam) query.set("searchParam", input.searchParam);
  return downloadFile(`/contacts/export.csv?${query}`, fileName);
}

export async function listQueues(): Promise<QueueOption[]> {
  const body = await api<unknown>("/queue");
  return Array.isArray(body) ? (body as QueueOption[]) : [];
}

export function createTicket(input: { contactId: number; queueId: number | null }) {
  return api<{ id: number; uuid: string }>("/tickets", { method: "POST", body: { ...input, status: "open" } });
}
