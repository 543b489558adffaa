/** Items the bell lists at most; `count` is all of them. */
export const MAX_NOTIFICATIONS_LISTED = 30;

/** A ticket that waits for the user: pending (theirs to take) or assigned to them with unread messages. */
export type TicketNotification = {
  kind: "ticket";
  reason: "pending" | "unread";
  at: string;
  ticket: { id: number; uuid: string; status: "open" | "pending"; unreadMessages: number; lastMessage: string; contact: { name: string; profilePicUrl: string } };
};

/** A message of an internal chat that names the user with @ and that the user has not read yet. */
export type MentionNotification = {
  kind: "mention";
  at: string;
  mention: { messageId: number; chat: { id: number; uuid: string; title: string }; sender: string; message: string };
};

/**
 * For admins: a Cloud API connection whose token Meta no longer takes (code 190). One per connection while it lasts
 * (not one per refused message); it goes once an admin enters a new token.
 */
export type ConnectionNotification = {
  kind: "connection";
  reason: "tokenExpired";
  at: string;
  whatsapp: { id: number; name: string };
};

/**
 * For admins: an event webhook paused by its failures (issue 25), while it stays paused; it goes once an admin
 * resumes (or deletes) it.
 */
export type WebhookNotification = {
  kind: "webhook";
  reason: "paused";
  at: string;
  subscription: { id: number; url: string; pausedReason: string | null };
};

export type Notification = TicketNotification | MentionNotification | ConnectionNotification | WebhookNotification;

/** GET /notifications: the bell's list, newest first, and how many items wait in all (the bell's and the tab's count). */
export type NotificationsView = { count: number; records: Notification[] };
