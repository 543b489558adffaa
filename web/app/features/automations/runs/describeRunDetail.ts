import type { TFunction } from "i18next";
import type { AutomationRunDetail } from "../../../../../worker/contracts/views/automation";
import { describeErrorCode } from "../../../lib/errors";

/** One line of a run's detail in the user's language, from its stable code and its args (contracts/views/automation.ts). */
export function describeRunDetail(detail: AutomationRunDetail, t: TFunction): string {
  const args = detail.args ?? {};
  const [kind, type] = detail.code.split(".") as [string, string | undefined];
  const action = type ? t(`automationActions.types.${type}`, { defaultValue: type }) : "";
  switch (kind) {
    case "action": {
      const priority = typeof args.priority === "string" ? t(`automationActions.priorities.${args.priority}`, { defaultValue: args.priority }) : undefined;
      return t(`automations.detail.action.${type}`, { ...args, ...(priority ? { priority } : {}), defaultValue: action });
    }
    case "actionSkipped": {
      const reason = String(args.reason ?? "");
      return t("automations.detail.actionSkipped", { action, reason: t(`automations.detail.reasons.${reason}`, { defaultValue: reason }) });
    }
    case "actionFailed":
      return t("automations.detail.actionFailed", { action, error: describeErrorCode(String(args.error ?? ""), t) });
    case "condition":
      return t("automations.detail.condition", { field: t(`automations.editor.fields.${type}`, { defaultValue: type }) });
    case "loopGuard":
      return t("automations.detail.loopGuard", { times: args.times ?? 0 });
    case "ticketGone":
      return t("automations.detail.ticketGone");
    default:
      return detail.code;
  }
}
