import { es as base } from "../es";
import { es as account } from "../../features/account/i18n.es";
import { es as security } from "../../features/security/i18n.es";
import { es as push } from "../../features/push/i18n.es";
import { es as offline } from "../../features/offline/i18n.es";
import { es as billing } from "../../features/billing/i18n.es";
import { es as commandBar } from "../../features/commandBar/i18n.es";
import { es as connections } from "../../features/connections/i18n.es";
import { es as automaticTemplates } from "../../features/automaticTemplates/i18n.es";
import { es as contacts } from "../../features/contacts/i18n.es";
import { es as contactPrivacy } from "../../features/contactPrivacy/i18n.es";
import { es as consent } from "../../features/consent/i18n.es";
import { es as insight } from "../../features/insight/i18n.es";
import { es as kanban } from "../../features/kanban/i18n.es";
import { es as chats } from "../../features/chats/i18n.es";
import { es as announcements } from "../../features/announcements/i18n.es";
import { es as platform } from "../../features/platform/i18n.es";
import { es as helps } from "../../features/helps/i18n.es";
import { es as notifications } from "../../features/notifications/i18n.es";
import { es as messagesApi } from "../../features/messagesApi/i18n.es";
import { es as apiTokens } from "../../features/apiTokens/i18n.es";
import { es as apiReference } from "../../features/apiReference/i18n.es";
import { es as webhooks } from "../../features/webhooks/i18n.es";
import { es as audit } from "../../features/audit/i18n.es";
import { es as companyExport } from "../../features/companyExport/i18n.es";
import { es as automationActions } from "../../features/automationActions/i18n.es";
import { es as automations } from "../../features/automations/i18n.es";
import { es as macros } from "../../features/macros/i18n.es";
import { es as prompts } from "../../features/prompts/i18n.es";
import { es as queueIntegrations } from "../../features/queueIntegrations/i18n.es";
import { es as tags } from "../../features/tags/i18n.es";
import { es as quickMessages } from "../../features/quickMessages/i18n.es";
import { es as schedules } from "../../features/schedules/i18n.es";
import { es as contactLists } from "../../features/contactLists/i18n.es";
import { es as campaigns } from "../../features/campaigns/i18n.es";
import { es as fileLists } from "../../features/fileLists/i18n.es";
import { es as queues } from "../../features/queues/i18n.es";
import { es as tickets } from "../../features/tickets/list/i18n.es";
import { es as ticketChat } from "../../features/tickets/chat/i18n.es";

/** Every text in es: the shell's, and each feature's under its own key (t("tickets.accept")). */
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
