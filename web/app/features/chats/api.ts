import type { ChatMessageView, ChatView } from "../../../../worker/contracts/chats";
import { api } from "../../lib/api";
import { postFile } from "../../lib/upload";

export type { ChatMessageView, ChatView };

export const listMyChats = (signal?: AbortSignal) => api<{ records: ChatView[] }>("/chats", { signal }).then((b) => b.records);
export const listAllChats = () => api<{ records: ChatView[] }>("/chats", { query: { scope: "all" } }).then((b) => b.records);
export const createChat = (title: string, users: number[]) => api<ChatView>("/chats", { method: "POST", body: { title, users } });
export const updateChat = (id: number, patch: { title?: string; users?: number[] }) => api<ChatView>(`/chats/${id}`, { method: "PUT", body: patch });
export const deleteChat = (id: number) => api(`/chats/${id}`, { method: "DELETE" });
export const leaveChat = (id: number) => api(`/chats/${id}/leave`, { method: "POST" });
export const openDirectChat = (userId: number) => api<ChatView>("/chats/direct", { method: "POST", body: { userId } });
export const markChatRead = (id: number) => api<{ lastReadMessageId: number }>(`/chats/${id}/read`, { method: "POST" });
export const listChatMessages = (id: number, pageNumber: number, signal?: AbortSignal) =>
  api<{ records: ChatMessageView[]; hasMore: boolean }>(`/chats/${id}/messages`, { query: { pageNumber }, signal });
export const sendChatMessage = (id: number, message: string, mentions: number[]) =>
  api<ChatMessageView>(`/chats/${id}/messages`, { method: "POST", body: { message, mentions } });

/** An attachment, with an optional caption, goes as multipart. */
export const sendChatFile = (id: number, file: File, message: string, mentions: number[]) =>
  postFile<ChatMessageView>(`/chats/${id}/messages`, file, { fields: { message, mentions: JSON.stringify(mentions) } });
