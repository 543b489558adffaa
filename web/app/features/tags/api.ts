import { api } from "../../lib/api";
import type { TagPayload, TagRow, TagsPage } from "./types";

export async function listTags(params: { searchParam: string; pageNumber: number }) {
  const body = await api<TagsPage>("/tags", { query: params });
  return { items: body.tags ?? [], count: body.count ?? 0, hasMore: !!body.hasMore };
}

export function createTag(payload: TagPayload) {
  return api<TagRow>("/tags", { method: "POST", body: payload });
}

export function updateTag(id: number, payload: TagPayload) {
  return api<TagRow>(`/tags/${id}`, { method: "PUT", body: payload });
}

export function deleteTag(id: number) {
  return api<unknown>(`/tags/${id}`, { method: "DELETE" });
}
