import { commandBarTexts } from "../features/commandBar/i18n";
import { connectionsTexts } from "../features/connections/i18n";
import { contactsTexts } from "../features/contacts/i18n";
import { insightTexts } from "../features/insight/i18n";
import { messagesApiTexts } from "../features/messagesApi/i18n";
import { quickMessagesTexts } from "../features/quickMessages/i18n";
import { queuesTexts } from "../features/queues/i18n";
import { tagsTexts } from "../features/tags/i18n";
import { ticketsTexts } from "../features/tickets/list/i18n";
import { ticketChatTexts } from "../features/tickets/chat/i18n";

/**
 * Texts of individual features, each kept beside its feature (web/app/features/<name>/i18n.ts) and merged into
 * the translation under the feature's own key: t("tickets.accept"). A feature's file exports
 * `{ "pt-BR": {...}, en: {...}, es: {...} }` with the same keys in every language (pt-BR is the fallback).
 * Register a feature by adding one line below.
 */
export type FeatureTexts = { "pt-BR": Record<string, unknown>; en: Record<string, unknown>; es: Record<string, unknown> };

export const featureTexts: Record<string, FeatureTexts> = {
  commandBar: commandBarTexts,
  connections: connectionsTexts,
  contacts: contactsTexts,
  insight: insightTexts,
  messagesApi: messagesApiTexts,
  tags: tagsTexts,
  quickMessages: quickMessagesTexts,
  queues: queuesTexts,
  tickets: ticketsTexts,
  ticketChat: ticketChatTexts,
};
