import { en as base } from "../en";
import { en as account } from "../../features/account/i18n.en";
import { en as security } from "../../features/security/i18n.en";
import { en as push } from "../../features/push/i18n.en";
import { en as offline } from "../../features/offline/i18n.en";
import { en as billing } from "../../features/billing/i18n.en";
import { en as commandBar } from "../../features/commandBar/i18n.en";
import { en as connections } from "../../features/connections/i18n.en";
import { en as automaticTemplates } from "../../features/automaticTemplates/i18n.en";
import { en as contacts } from "../../features/contacts/i18n.en";
import { en as contactPrivacy } from "../../features/contactPrivacy/i18n.en";
import { en as consent } from "../../features/consent/i18n.en";
import { en as insight } from "../../features/insight/i18n.en";
import { en as kanban } from "../../features/kanban/i18n.en";
import { en as chats } from "../../features/chats/i18n.en";
import { en as announcements } from "../../features/announcements/i18n.en";
import { en as platform } from "../../features/platform/i18n.en";
import { en as helps } from "../../features/helps/i18n.en";
import { en as notifications } from "../../features/notifications/i18n.en";
import { en as messagesApi } from "../../features/messagesApi/i18n.en";
import { en as apiTokens } from "../../features/apiTokens/i18n.en";
import { en as apiReference } from "../../features/apiReference/i18n.en";
import { en as webhooks } from "../../features/webhooks/i18n.en";
import { en as audit } from "../../features/audit/i18n.en";
import { en as companyExport } from "../../features/companyExport/i18n.en";
import { en as automationActions } from "../../features/automationActions/i18n.en";
import { en as automations } from "../../features/automations/i18n.en";
import { en as macros } from "../../features/macros/i18n.en";
import { en as prompts } from "../../features/prompts/i18n.en";
import { en as queueIntegrations } from "../../features/queueIntegrations/i18n.en";
import { en as tags } from "../../features/tags/i18n.en";
import { en as quickMessages } from "../../features/quickMessages/i18n.en";
import { en as schedules } from "../../features/schedules/i18n.en";
import { en as contactLists } from "../../features/contactLists/i18n.en";
import { en as campaigns } from "../../features/campaigns/i18n.en";
import { en as fileLists } from "../../features/fileLists/i18n.en";
import { en as queues } from "../../features/queues/i18n.en";
import { en as tickets } from "../../features/tickets/list/i18n.en";
import { en as ticketChat } from "../../features/tickets/chat/i18n.en";

/** Every text in en: the shell's, and each feature's under its own key (t("tickets.accept")). */
export const translation = {
  ...base,
  account,
  security,
  push,
  offline,
  billing,
  commandBar,
  connections,
  automaticTemplates,
  contacts,
  contactPrivacy,
  consent,
  insight,
  kanban,
  chats,
  announcements,
  platform,
  helps,
  notifications,
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
