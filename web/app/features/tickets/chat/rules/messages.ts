import type { ChatMessage } from "../types";

/** WhatsApp accepts edits for 15 minutes (worker/domain/messages/editMessage). */
export const EDIT_WINDOW_MS = 15 * 60 * 1000;
const EDITABLE_TYPES = new Set(["chat", "extendedTextMessage"]);

function order(a: ChatMessage, b: ChatMessage): number {
  const byTime = Date.parse(a.createdAt) - Date.parse(b.createdAt);
  return byTime !== 0 ? byTime : a.id - b.id;
}

/** Adds or replaces messages by id and keeps the list oldest first (pages, sends and realtime all land here). */
export function mergeMessages(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return current;
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const message of incoming) byId.set(message.id, { ...byId.get(message.id), ...message });
  return [...byId.values()].sort(order);
}

export interface ReactionSummary {
  emoji: string;
  count: number;
  mine: boolean;
}

/**
 * Reactions are messages pointing at another (quotedMsgId); they show on their target, not as bubbles. Each
 * reactor counts once, with their latest emoji (an empty body withdraws it).
 */
export function splitReactions(messages: ChatMessage[]): { visible: ChatMessage[]; reactions: Map<number, ReactionSummary[]> } {
  const visible: ChatMessage[] = [];
  const latest = new Map<number, Map<string, { emoji: string; mine: boolean }>>();
  for (const message of messages) {
    if (message.mediaType !== "reactionMessage") {
      visible.push(message);
      continue;
    }
    const target = message.quotedMsgId ?? message.quotedMsg?.id;
    if (!target) continue;
    const reactor = message.fromMe ? `me:${message.userId ?? 0}` : `contact:${message.contact?.id ?? 0}`;
    const forTarget = latest.get(target) ?? new Map();
    forTarget.set(reactor, { emoji: message.body.trim(), mine: message.fromMe });
    latest.set(target, forTarget);
  }
  const reactions = new Map<number, ReactionSummary[]>();
  for (const [target, byReactor] of latest) {
    const summary = new Map<string, ReactionSummary>();
    for (const { emoji, mine } of byReactor.values()) {
      if (!emoji) continue;
      const entry = summary.get(emoji) ?? { emoji, count: 0, mine: false };
      entry.count++;
      entry.mine ||= mine;
      summary.set(emoji, entry);
    }
    if (summary.size) reactions.set(target, [...summary.values()]);
  }
  return { visible, reactions };
}

/** Spec 000 section 6: edit and delete only on one's own messages. Edit also only on text, within the window. */
export function isOwnMessage(message: ChatMessage, userId: number): boolean {
  return message.fromMe && message.userId === userId && !message.isDeleted;
}

export function canEditMessage(message: ChatMessage, userId: number, now = Date.now()): boolean {
  return isOwnMessage(message, userId) && EDITABLE_TYPES.has(message.mediaType) && now - Date.parse(message.createdAt) <= EDIT_WINDOW_MS;
}

/** Kinds of content a bubble renders. */
export type MessageKind =
  | "text"
  | "image"
  | "sticker"
  | "audio"
  | "video"
  | "document"
  | "location"
  | "contact"
  | "call"
  | "deleted";

export function messageKind(message: Pick<ChatMessage, "mediaType" | "isDeleted">): MessageKind {
  if (message.isDeleted) return "deleted";
  switch (message.mediaType) {
    case "image":
      return "image";
    case "sticker":
      return "sticker";
    case "audio":
    case "ptt":
      return "audio";
    case "video":
      return "video";
    case "application":
    case "document":
    case "documentMessage":
      return "document";
    case "locationMessage":
      return "location";
    case "contactMessage":
    case "vcard":
    case "contactsArrayMessage":
      return "contact";
    case "call_log":
      return "call";
    default:
      return "text";
  }
}

/** Media whose file name is the body (the demo and some providers): no caption to show then. */
export function captionOf(message: Pick<ChatMessage, "body" | "mediaName">): string {
  const body = message.body.trim();
  return body && body !== message.mediaName ? body : "";
}

/** The ids to forward, in the order they were sent. */
export function selectedInOrder(messages: ChatMessage[], selected: ReadonlySet<number>): number[] {
  return messages.filter((m) => selected.has(m.id)).map((m) => m.id);
}

/** Whether a message can be chosen for forwarding. */
export function isForwardable(message: ChatMessage): boolean {
  return !message.isDeleted && message.mediaType !== "call_log" && message.mediaType !== "reactionMessage";
}
