import type { ListTicket } from "../shared/types";
import type { Viewer } from "./filters";

/**
 * When a ticket event means "the contact just wrote" (spec 000 section 4: a new incoming message moves its
 * ticket to the top and raises a notification). Pure.
 */

/** How recent an unseen ticket's activity must be to count as a message that just arrived. */
const FRESH_MS = 60_000;

/**
 * An update is a new incoming message when its last message changed (or its unread count grew) and we did not
 * send it. A ticket never seen before (a new conversation) counts when it has unread messages from just now.
 */
export function isNewIncoming(before: ListTicket | undefined, after: ListTicket, now: number): boolean {
  if (after.fromMe || after.status === "closed") return false;
  if (!before) return after.unreadMessages > 0 && now - (Date.parse(after.updatedAt) || 0) < FRESH_MS;
  return after.lastMessage !== before.lastMessage || after.unreadMessages > before.unreadMessages;
}

/**
 * Whose business the message is: the owner's, or — while nobody has the ticket — the agents of its queue
 * (without a queue: those who see every pending ticket). Admins are not told about every conversation.
 */
export function concernsViewer(ticket: Pick<ListTicket, "userId" | "queueId" | "status">, viewer: Viewer): boolean {
  if (ticket.userId !== null) return ticket.userId === viewer.userId;
  if (ticket.status !== "pending") return false;
  if (ticket.queueId === null) return viewer.allTicket === "enabled" || viewer.profile === "admin";
  return viewer.queueIds.includes(ticket.queueId);
}

/** The same message is often announced twice (the chat's appMessage and the ticket update): once is enough. */
export const NOTIFY_DEDUP_MS = 3000;
