import { HUB_MARK_HEADER } from "../../../../../worker/contracts/wsProtocol";
import { api, ensureSession } from "../../../lib/api";
import { toApiError } from "../../../lib/api-error";
import type { TemplateView } from "../../../../../worker/contracts/whatsappTemplates";
import type { ChatMessage, ChatTicket, ContactDetails, MessagesPage, QuickReply, TicketNote, TicketRating, TrackingEntry } from "./types";

// Lookups (queues, connections, users, tags, the contact picker) are the inbox's shared calls.
export { listCompanyUsers, listConnections, listQueues, listTags, searchContacts } from "../shared/api";

/** Every call the chat panel makes (paths and fields as worker/api/routes/* answer them). */

export const getTicketByUuid = (uuid: string, signal?: AbortSignal) => api<ChatTicket>(`/tickets/u/${uuid}`, { signal });

export const updateTicket = (id: number, changes: Record<string, unknown>) =>
  api<ChatTicket>(`/tickets/${id}`, { method: "PUT", body: changes });

export const setTicketPriority = (id: number, priority: ChatTicket["priority"]) =>
  api<ChatTicket>(`/tickets/${id}/priority`, { method: "PUT", body: { priority } });

export const deleteTicket = (id: number) => api<unknown>(`/tickets/${id}`, { method: "DELETE" });

export const getTracking = (id: number, signal?: AbortSignal) =>
  api<{ history: TrackingEntry[]; ratings?: TicketRating[] }>(`/tickets/${id}/tracking`, { signal });

/** A page of a ticket's messages, with the hub's publish mark at its read (HUB_MARK_HEADER) when the server gave one. */
export async function listMessages(ticketId: number, pageNumber: number, signal?: AbortSignal): Promise<MessagesPage & { mark: string | null }> {
  let mark: string | null = null;
  const page = await api<MessagesPage>(`/messages/${ticketId}`, { query: { pageNumber }, signal, onHeaders: (headers) => (mark = headers.get(HUB_MARK_HEADER)) });
  return { ...page, mark };
}

/** The owner read what arrived while the chat was open (the server ignores anyone else). */
export const markTicketRead = (ticketId: number) => api<{ changed: boolean }>(`/messages/${ticketId}/read`, { method: "POST" });

export const sendText = (ticketId: number, payload: { body: string; quotedMsg?: number; signMessage: boolean }) =>
  api<ChatMessage[]>(`/messages/${ticketId}`, { method: "POST", body: payload });

/** A Cloud API connection's templates (the composer offers the approved ones once the 24-hour window closed). */
export const listTemplates = (whatsappId: number, signal?: AbortSignal) => api<TemplateView[]>(`/whatsapp/${whatsappId}/templates`, { signal });

export const sendTemplate = (ticketId: number, payload: { templateId: number; params: string[] }) =>
  api<ChatMessage[]>(`/messages/${ticketId}/template`, { method: "POST", body: payload });

export const editMessage = (id: number, body: string) => api<ChatMessage>(`/messages/edit/${id}`, { method: "POST", body: { body } });

export const retryMessage = (id: number) => api<ChatMessage>(`/messages/${id}/retry`, { method: "POST" });
export const deleteMessage = (id: number) => api<unknown>(`/messages/${id}`, { method: "DELETE" });

export const reactToMessage = (id: number, emoji: string) =>
  api<ChatMessage>(`/messages/${id}/reactions`, { method: "POST", body: { type: emoji } });

export const forwardMessage = (payload: { messageId: number; contactId: number; signMessage: boolean }) =>
  api<{ message: ChatMessage; ticketId: number; ticketUuid: string }>("/message/forward", { method: "POST", body: payload });

export const listNotes = (ticketId: number, contactId: number) =>
  api<TicketNote[]>("/ticket-notes/list", { query: { ticketId, contactId } });

export const addNote = (payload: { note: string; ticketId: number; contactId: number }) =>
  api<TicketNote>("/ticket-notes", { method: "POST", body: payload });

export const deleteNote = (id: number) => api<unknown>(`/ticket-notes/${id}`, { method: "DELETE" });

export const syncTags = (ticketId: number, tags: number[]) => api<ChatTicket>("/tags/sync", { method: "POST", body: { ticketId, tags } });

export const getContact = (id: number) => api<ContactDetails>(`/contacts/${id}`);

export const listQuickReplies = () => api<QuickReply[]>("/quick-messages/list");

/**
 * Media of our own API (message media, quick-reply attachments) fetched with the session cookie, never through
 * a public URL. An expired access token is refreshed once.
 */
export async function fetchBlob(url: string, signal?: AbortSignal): Promise<Blob> {
  const startedAt = Date.now();
  const get = () => fetch(url, { credentials: "same-origin", signal });
  let res = await get();
  if (res.status === 401 && (await ensureSession(startedAt)) === "ok") res = await get();
  if (!res.ok) throw await toApiError(res);
  return res.blob();
}

/**
 * Files with a caption (multipart, as the API takes them), through XHR for the upload progress that fetch
 * cannot report. An expired access token is refreshed once.
 */
export async function sendMedia(
  ticketId: number,
  input: { files: File[]; body: string; quotedMsg?: number; signMessage: boolean },
  onProgress?: (fraction: number) => void,
): Promise<ChatMessage[]> {
  const startedAt = Date.now();
  const form = () => {
    const data = new FormData();
    for (const file of input.files) data.append("medias", file, file.name);
    data.append("body", input.body);
    if (input.quotedMsg) data.append("quotedMsg", String(input.quotedMsg));
    data.append("signMessage", input.signMessage ? "true" : "false");
    return data;
  };
  let res = await xhrPost(`/api/messages/${ticketId}`, form(), onProgress);
  if (res.status === 401 && (await ensureSession(startedAt)) === "ok") res = await xhrPost(`/api/messages/${ticketId}`, form(), onProgress);
  if (!res.ok) throw await toApiError(res);
  return (await res.json()) as ChatMessage[];
}

function xhrPost(url: string, body: FormData, onProgress?: (fraction: number) => void): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.withCredentials = true;
    xhr.setRequestHeader("accept", "application/json");
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () =>
      resolve(new Response(xhr.responseText || null, { status: xhr.status, headers: { "content-type": "application/json" } }));
    xhr.onerror = () => reject(new TypeError("Network error"));
    xhr.send(body);
  });
}
