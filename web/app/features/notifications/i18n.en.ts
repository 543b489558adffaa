import type { Texts } from "./i18n";

export const en: Texts = {
  pending: "Waiting for an agent",
  unread_one: "{{count}} unread message",
  unread_other: "{{count}} unread messages",
  mention: "{{sender}} mentioned you in {{chat}}",
  directChat: "a conversation",
  tokenExpired: "The official API token expired: an admin must enter a new one.",
  webhookPaused: "Webhook paused: its receiver does not accept the events. Fix it and resume.",
};
