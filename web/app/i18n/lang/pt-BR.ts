import { ptBR as base } from "../pt-BR";
import { ptBR as account } from "../../features/account/i18n";
import { ptBR as security } from "../../features/security/i18n";
import { ptBR as push } from "../../features/push/i18n";
import { ptBR as offline } from "../../features/offline/i18n";
import { ptBR as billing } from "../../features/billing/i18n";
import { ptBR as commandBar } from "../../features/commandBar/i18n";
import { ptBR as chats } from "../../features/chats/i18n";
import { ptBR as announcements } from "../../features/announcements/i18n";
import { ptBR as platform } from "../../features/platform/i18n";
import { ptBR as helps } from "../../features/helps/i18n";
import { ptBR as notifications } from "../../features/notifications/i18n";
import { ptBR as connections } from "../../features/connections/i18n";
import { ptBR as automaticTemplates } from "../../features/automaticTemplates/i18n";
import { ptBR as contacts } from "../../features/contacts/i18n";
import { ptBR as contactPrivacy } from "../../features/contactPrivacy/i18n";
import { ptBR as consent } from "../../features/consent/i18n";
import { ptBR as insight } from "../../features/insight/i18n";
import { ptBR as kanban } from "../../features/kanban/i18n";
import { ptBR as messagesApi } from "../../features/messagesApi/i18n";
import { ptBR as apiTokens } from "../../features/apiTokens/i18n";
import { ptBR as apiReference } from "../../features/apiReference/i18n";
import { ptBR as webhooks } from "../../features/webhooks/i18n";
import { ptBR as audit } from "../../features/audit/i18n";
import { ptBR as companyExport } from "../../features/companyExport/i18n";
import { ptBR as automationActions } from "../../features/automationActions/i18n";
import { ptBR as automations } from "../../features/automations/i18n";
import { ptBR as macros } from "../../features/macros/i18n";
import { ptBR as prompts } from "../../features/prompts/i18n";
import { ptBR as queueIntegrations } from "../../features/queueIntegrations/i18n";
import { ptBR as tags } from "../../features/tags/i18n";
import { ptBR as quickMessages } from "../../features/quickMessages/i18n";
import { ptBR as schedules } from "../../features/schedules/i18n";
import { ptBR as contactLists } from "../../features/contactLists/i18n";
import { ptBR as campaigns } from "../../features/campaigns/i18n";
import { ptBR as fileLists } from "../../features/fileLists/i18n";
import { ptBR as queues } from "../../features/queues/i18n";
import { ptBR as tickets } from "../../features/tickets/list/i18n";
import { ptBR as ticketChat } from "../../features/tickets/chat/i18n";

/** Every text in pt-BR: the shell's, and each feature's under its own key (t("tickets.accept")). */
export const translation = {
  ...base,
  account,
  security,
  push,
  offline,
  billing,
  commandBar,
  chats,
  announcements,
  platform,
  helps,
  notifications,
  connections,
  automaticTemplates,
  contacts,
  contactPrivacy,
  consent,
  insight,
  kanban,
  messagesApi,
  apiTokens,
  apiReference,
  webhooks,
  audit,
  companyExport,
  automationActions,
  automations,
  macros,
  prompts,
  queueIntegrations,
  tags,
  quickMessages,
  schedules,
  contactLists,
  campaigns,
  fileLists,
  queues,
  tickets,
  ticketChat,
};
