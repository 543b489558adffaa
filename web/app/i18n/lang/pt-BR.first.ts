import { ptBR as base } from "../pt-BR";
import { ptBR as commandBar } from "../../features/commandBar/i18n";
import { ptBR as chats } from "../../features/chats/i18n";
import { ptBR as announcements } from "../../features/announcements/i18n";
import { ptBR as notifications } from "../../features/notifications/i18n";
import { ptBR as offline } from "../../features/offline/i18n";
import { ptBR as tickets } from "../../features/tickets/list/i18n";
import { acks } from "../../features/tickets/chat/i18n.acks";
import type { translation as full } from "./pt-BR";

/**
 * The pt-BR texts the browser starts with: the shell's, the command bar's and the inbox list's. The
 * other features' texts come with the code that shows them (`addFeatureTexts` in each feature's texts.ts), so the
 * first visit of the inbox does not carry the texts of every page. The server has them all (language.server.ts).
 */
export const translation: Omit<Partial<typeof full>, "ticketChat"> & Omit<typeof full, LaterFeature | "ticketChat"> & { ticketChat: Pick<(typeof full)["ticketChat"], "acks"> } = {
  ...base,
  commandBar,
  chats,
  announcements,
  notifications,
  // The offline banner is the shell's, on every page; the chat's pending sends use the same texts.
  offline,
  tickets,
  // The list's rows show a message's ack; the chat's other texts come with the chat (features/tickets/chat/texts.ts).
  ticketChat: { acks },
};

/** The features whose pt-BR texts load with their own code. */
export type LaterFeature = "account" | "security" | "apiReference" | "automaticTemplates" | "billing" | "campaigns" | "connections" | "contactLists" | "contacts" | "contactPrivacy" | "consent" | "fileLists" | "helps" | "insight" | "kanban" | "messagesApi" | "apiTokens" | "platform" | "prompts" | "queueIntegrations" | "queues" | "quickMessages" | "schedules" | "tags" | "webhooks"
  | "automationActions"
  | "automations"
  | "audit"
  | "companyExport"
  | "macros"
  | "push";
