import type { TFunction } from "i18next";
import type { AutomationAction } from "../../../../worker/contracts/automation/actions";
import type { ActionLookups } from "./lookups";

const SNIPPET = 60;
const snippet = (text: string) => (text.length > SNIPPET ? `${text.slice(0, SNIPPET - 1)}…` : text);

/** One line that says what an action does ("Transferir para Suporte"), for lists of rules and macros. */
export function describeAction(action: AutomationAction, lookups: ActionLookups, t: TFunction): string {
  const unknown = t("automationActions.describe.unknown");
  const nameIn = (list: { id: number; name: string }[], id: number) => list.find((x) => x.id === id)?.name ?? unknown;
  const tagNames = (ids: number[]) => ids.map((id) => nameIn(lookups.tags, id)).join(", ");
  switch (action.type) {
    case "assignAgent":
      return t("automationActions.describe.assignAgent", { name: nameIn(lookups.users, action.userId) });
    case "assignQueue":
      return t("automationActions.describe.assignQueue", { name: nameIn(lookups.queues, action.queueId) });
    case "addTags":
      return t("automationActions.describe.addTags", { names: tagNames(action.tagIds) });
    case "removeTags":
      return t("automationActions.describe.removeTags", { names: tagNames(action.tagIds) });
    case "addNote":
      return t("automationActions.describe.addNote", { text: snippet(action.body) });
    case "sendMessage":
      return t("automationActions.describe.sendMessage", { text: snippet(action.body) });
    case "sendTemplate":
      return t("automationActions.describe.sendTemplate", { name: nameIn(lookups.templates, action.templateId) });
    case "close":
      return t("automationActions.describe.close");
    case "sendWebhookEvent":
      return t("automationActions.describe.sendWebhookEvent", { label: action.label });
    case "setPriority":
      return t("automationActions.describe.setPriority", { priority: t(`automationActions.priorities.${action.priority}`) });
  }
}

/** A list of actions in one line ("Enviar “Olá” · Adicionar Resolvido · Encerrar"). */
export function describeActions(actions: AutomationAction[], lookups: ActionLookups, t: TFunction): string {
  return actions.map((action) => describeAction(action, lookups, t)).join(" · ");
}
