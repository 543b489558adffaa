import type { OptionConsent } from "../../../../worker/contracts/consent";
import { api, ApiError } from "../../lib/api";
import { postFile } from "../../lib/upload";
import type { NamedRef, QueueDetail, QueueOptionNode, QueuePayload, QueueRow } from "./types";

export function listQueues() {
  return api<QueueRow[]>("/queue");
}

export function getQueue(id: number) {
  return api<QueueDetail>(`/queue/${id}`);
}

export function createQueue(payload: QueuePayload) {
  return api<QueueDetail>("/queue", { method: "POST", body: payload });
}

export function updateQueue(id: number, payload: Partial<QueuePayload>) {
  return api<QueueDetail>(`/queue/${id}`, { method: "PUT", body: payload });
}

export function deleteQueue(id: number) {
  return api<unknown>(`/queue/${id}`, { method: "DELETE" });
}

/** The greeting's attachment (the server stores it with spaces as underscores; the name is sent that way already). */
export function uploadQueueMedia(id: number, file: File, fileName: string) {
  return postFile<QueueDetail>(`/queue/${id}/media-upload`, file, { fileName });
}

export function deleteQueueMedia(id: number) {
  return api<QueueDetail>(`/queue/${id}/media-upload`, { method: "DELETE" });
}

export function createQueueOption(payload: { queueId: number; parentId: number | null; title: string; message: string; fileListId: number | null; marketingConsent: OptionConsent | null }) {
  return api<QueueOptionNode>("/queue-options", { method: "POST", body: payload });
}

export function updateQueueOption(id: number, payload: { title: string; message: string; fileListId: number | null; marketingConsent: OptionConsent | null }) {
  return api<QueueOptionNode>(`/queue-options/${id}`, { method: "PUT", body: payload });
}

/** Deletes the option and its subtree; answers the queue's tree with the siblings renumbered. */
export function deleteQueueOption(id: number) {
  return api<{ options: QueueOptionNode[] }>(`/queue-options/${id}`, { method: "DELETE" });
}

export function uploadQueueOptionMedia(id: number, file: File, fileName: string) {
  return postFile<QueueOptionNode>(`/queue-options/${id}/media-upload`, file, { fileName });
}

export function deleteQueueOptionMedia(id: number) {
  return api<QueueOptionNode>(`/queue-options/${id}/media-upload`, { method: "DELETE" });
}

/**
 * The queue integrations and AI prompts a queue may link to (spec 002: GET /queueIntegration, GET /prompt).
 * Those pages come with their own features: while their API is not there (404), or the plan lacks them (403),
 * this answers null and the dialog leaves the select out.
 */
export async function listLinkable(path: "/queueIntegration" | "/prompt", key: "queueIntegrations" | "prompts"): Promise<NamedRef[] | null> {
  try {
    const body = await api<unknown>(path);
    const list = Array.isArray(body) ? body : (body as Record<string, unknown> | null)?.[key];
    return Array.isArray(list) ? (list as NamedRef[]).map(({ id, name }) => ({ id, name })) : null;
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 403)) return null;
    throw err;
  }
}
