import { api } from "../../lib/api";
import { postFormWithProgress } from "../../lib/upload";
import type { FileListRow } from "./types";

export async function listFileLists(params: { searchParam: string; pageNumber: number }) {
  const body = await api<{ files: FileListRow[]; count: number; hasMore: boolean }>("/files", { query: params });
  return { items: body.files ?? [], count: body.count ?? 0, hasMore: !!body.hasMore };
}
export const listAllFileLists = () => api<{ id: number; name: string }[]>("/files/list");
export const createFileList = (payload: { name: string; message: string }) => api<FileListRow>("/files", { method: "POST", body: payload });
export const updateFileList = (id: number, payload: { name?: string; message?: string; options?: { id: number; name: string; description: string }[] }) =>
  api<FileListRow>(`/files/${id}`, { method: "PUT", body: payload });
export const deleteFileList = (id: number) => api<unknown>(`/files/${id}`, { method: "DELETE" });

/** One file added to the list, with its shown name and caption; `onProgress` gets 0–1 as the bytes go up. */
export function uploadFileListFile(id: number, file: File, meta: { name: string; description: string }, onProgress: (fraction: number) => void) {
  const form = new FormData();
  form.append("files", file);
  form.append("name", meta.name);
  form.append("description", meta.description);
  return postFormWithProgress<FileListRow>(`/files/uploadList/${id}`, form, onProgress);
}

export const fileUrl = (listId: number, fileId: number) => `/files/${listId}/options/${fileId}/media`;
