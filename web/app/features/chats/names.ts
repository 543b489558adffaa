import type { ChatView } from "./api";

/** A one-to-one conversation is named after the other person; a group by its title. */
export function chatName(chat: ChatView, userId: number): string {
  if (!chat.direct) return chat.title;
  return chat.users.find((u) => u.userId !== userId)?.user.name ?? chat.title;
}

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/);
  return ((parts[0]?.[0] ?? "") + (parts.length > 1 ? (parts.at(-1)?.[0] ?? "") : "")).toUpperCase() || "?";
}
