import { api } from "../../lib/api";
import { postFile } from "../../lib/upload";
import type { ImportRow } from "../contacts/sheet";
import type { ImportReport } from "../contacts/types";
import type { ContactListCheck, ContactListItemPayload, ContactListItemRow, ContactListRow, WhatsappCheckFilter } from "./types";

export async function listContactLists(params: { searchParam: string; pageNumber: number }) {
  const body = await api<{ records: ContactListRow[]; count: number; hasMore: boolean }>("/contact-lists", { query: params });
  return { items: body.records ?? [], count: body.count ?? 0, hasMore: !!body.hasMore };
}
export const getContactList = (id: number) => api<ContactListRow>(`/contact-lists/${id}`);
export const createContactList = (name: string) => api<ContactListRow>("/contact-lists", { method: "POST", body: { name } });
export const updateContactList = (id: number, name: string) => api<ContactListRow>(`/contact-lists/${id}`, { method: "PUT", body: { name } });
export const deleteContactList = (id: number) => api<unknown>(`/contact-lists/${id}`, { method: "DELETE" });

export async function listContactListItems(contactListId: number, params: { searchParam: string; pageNumber: number; whatsappCheck?: WhatsappCheckFilter | null }) {
  const { whatsappCheck, ...rest } = params;
  const query = { ...rest, contactListId, ...(whatsappCheck ? { whatsappCheck } : {}) };
  const body = await api<{ contacts: ContactListItemRow[]; count: number; hasMore: boolean }>("/contact-list-items", { query });
  return { items: body.contacts ?? [], count: body.count ?? 0, hasMore: !!body.hasMore };
}
export const createContactListItem = (contactListId: number, payload: ContactListItemPayload) =>
  api<ContactListItemRow>("/contact-list-items", { method: "POST", body: { ...payload, contactListId } });
export const updateContactListItem = (id: number, payload: ContactListItemPayload) => api<ContactListItemRow>(`/contact-list-items/${id}`, { method: "PUT", body: payload });
export const deleteContactListItem = (id: number) => api<unknown>(`/contact-list-items/${id}`, { method: "DELETE" });

export type ListImportReport = ImportReport & { updated?: number };
export const uploadContactListSheet = (id: number, file: File, fileName?: string) => postFile<ListImportReport>(`/contact-lists/${id}/upload`, file, { fileName });
export const importContactListRows = (id: number, rows: ImportRow[]) => api<ListImportReport>(`/contact-lists/${id}/import`, { method: "POST", body: { rows } });
export const addTagToContactList = (id: number, tagId: number) => api<{ imported: number; updated: number }>(`/contact-lists/${id}/add-tag`, { method: "POST", body: { tagId } });
export const getContactListCheck = (id: number) => api<{ check: ContactListCheck | null }>(`/contact-lists/${id}/whatsapp-check`);
export const startContactListCheck = (id: number) => api<{ check: ContactListCheck }>(`/contact-lists/${id}/whatsapp-check`, { method: "POST", body: {} });
