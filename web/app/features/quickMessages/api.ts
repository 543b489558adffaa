import { api } from "../../lib/api";
import { postFile } from "../../lib/upload";
import type { QuickMessagePayload, QuickMessageRow, QuickMessagesPage } from "./types";

export async function listQuickMessages(params: { searchParam: string; pageNumber: number }) {
  const body = await api<QuickMessagesPage>("/quick-messages", { query: params });
  return { items: body.records ?? [], count: body.count ?? 0, hasMore: !!body.hasMore };
}

export function createQuickMessage(payload: QuickMessagePayload) {
  return api<QuickMessageRow>("/quick-messages", { method: "POST", body: payload });
}

export function updateQuickMessage(id: number, payload: QuickMessagePayload) {
  return api<QuickMessageRow>(`/quick-messages/${id}`, { method: "PUT", body: payload });
}

export function deleteQuickMessage(id: number) {
  return api<unknown>(`/quick-messages/${id}`, { method: "DELETE" });
}

/** Attaches a file (the server stores it with spaces as underscores; the name is sent that way already). */
export function uploadQuickMessageMedia(id: number, file: File, fileName: string) {
  return postFile<QuickMessageRow>(`/quick-messages/${id}/media-upload`, file, { fileName });
}

export function deleteQuickMessageMedia(id: number) {
  return api<QuickMessageRow>(`/quick-messages/${id}/media-upload`, { method: "DELETE" });
}
