import { useEffect, useSyncExternalStore } from "react";
import type { ServerEvent } from "../../../../worker/contracts/ws";
import { realtime } from "../../lib/realtime";
import { playChime } from "../tickets/list/sound";
import { listMyChats, markChatRead, type ChatView } from "./api";

type ChatEvent = Extract<ServerEvent, { type: "chat" }>;
export type ChatMessageEvent = Extract<ChatEvent, { action: "new-message" }>;

export interface ChatState {
  status: "idle" | "loading" | "ready" | "error";
  chats: ChatView[];
}

/**
 * The user's chats with their unread counts, shared by the top bar's popover, the menu's dot and the /chats page:
 * read once when the shell starts and again after every reconnect (events may have been missed), then kept live by
 * `chat` events. A message to a chat the user is not looking at plays the chime at the top bar's volume.
 */
class ChatStore {
  private state: ChatState = { status: "idle", chats: [] };
  private listeners = new Set<() => void>();
  private messageListeners = new Set<(event: ChatMessageEvent) => void>();
  private userId = 0;
  private users = 0;
  private stop: (() => void) | null = null;
  /** The chat the /chats page shows, if any: its messages are read as they arrive while the tab is visible. */
  openChatId: number | null = null;

  get = () => this.state;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  onMessage(listener: (event: ChatMessageEvent) => void) {
    this.messageListeners.add(listener);
    return () => this.messageListeners.delete(listener);
  }

  private set(next: Partial<ChatState>) {
    this.state = { ...this.state, ...next };
    for (const l of this.listeners) l();
  }

  start(userId: number): () => void {
    this.userId = userId;
    this.users++;
    if (this.users === 1) {
      const offEvent = realtime.subscribe("chat", (event) => this.apply(event));
      const offState = realtime.onState((state) => {
        if (state === "open") void this.load();
      });
      this.stop = () => {
        offEvent();
        offState();
      };
    }
    return () => {
      this.users--;
      if (this.users === 0) {
        this.stop?.();
        this.stop = null;
        this.state = { status: "idle", chats: [] };
      }
    };
  }

  async load() {
    if (this.state.status === "idle") this.set({ status: "loading" });
    try {
      this.set({ status: "ready", chats: await listMyChats() });
    } catch {
      if (this.state.status !== "ready") this.set({ status: "error" });
    }
  }

  /** The user's own unread count in a chat. */
  unreadOf(chat: ChatView): number {
    return chat.users.find((u) => u.userId === this.userId)?.unreads ?? 0;
  }

  upsert(chat: ChatView, toTop = false) {
    const rest = this.state.chats.filter((c) => c.id !== chat.id);
    const at = this.state.chats.findIndex((c) => c.id === chat.id);
    const chats = toTop || at < 0 ? [chat, ...rest] : this.state.chats.map((c) => (c.id === chat.id ? chat : c));
    this.set({ chats });
  }

  remove(chatId: number) {
    this.set({ chats: this.state.chats.filter((c) => c.id !== chatId) });
  }

  /** Clears the user's count at once, then tells the server (whose event confirms it). */
  read(chatId: number) {
    const chat = this.state.chats.find((c) => c.id === chatId);
    if (chat && this.unreadOf(chat) > 0) this.setMember(chatId, this.userId, { unreads: 0 });
    void markChatRead(chatId).catch(() => undefined);
  }

  private setMember(chatId: number, userId: number, patch: { unreads?: number; lastReadMessageId?: number }) {
    this.set({
      chats: this.state.chats.map((c) =>
        c.id === chatId ? { ...c, users: c.users.map((u) => (u.userId === userId ? { ...u, ...patch } : u)) } : c,
      ),
    });
  }

  private apply(event: ChatEvent) {
    switch (event.action) {
      case "update":
        this.upsert(event.chat as ChatView);
        return;
      case "delete":
        this.remove(event.chatId);
        return;
      case "read":
        this.setMember(event.chatId, event.userId, {
          lastReadMessageId: event.lastReadMessageId,
          ...(event.userId === this.userId ? { unreads: 0 } : {}),
        });
        return;
      case "new-message": {
        const chat = event.chat as ChatView;
        const mine = event.message.senderId === this.userId;
        const watching = this.openChatId === chat.id && document.visibilityState === "visible";
        if (watching && !mine) {
          this.upsert({ ...chat, users: chat.users.map((u) => (u.userId === this.userId ? { ...u, unreads: 0 } : u)) }, true);
          this.read(chat.id);
        } else this.upsert(chat, true);
        if (!mine && !watching) playChime();
        for (const l of this.messageListeners) l(event);
      }
    }
  }
}

export const chatStore = new ChatStore();

/** Starts the store for the shell (once per tab); pages and popovers read it with useChats. */
export function useChatStoreRunning(userId: number, enabled: boolean) {
  useEffect(() => (enabled ? chatStore.start(userId) : undefined), [userId, enabled]);
}

export function useChats(): ChatState {
  return useSyncExternalStore(chatStore.subscribe, chatStore.get, chatStore.get);
}

/** How many of the user's chats have unread messages, and how many messages in all. */
export function useChatUnread(): { chats: number; messages: number } {
  const { chats } = useChats();
  let count = 0;
  let messages = 0;
  for (const c of chats) {
    const n = chatStore.unreadOf(c);
    if (n > 0) {
      count++;
      messages += n;
    }
  }
  return { chats: count, messages };
}
