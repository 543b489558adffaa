import type { TFunction } from "i18next";
import type { AutomationCondition, AutomationTriggerInput } from "../../../../worker/contracts/automation/rules";
import type { RuleLookups } from "./lookups";

/** The trigger in words ("O atendente não responde há 30 min"). */
export function describeTrigger(trigger: AutomationTriggerInput, t: TFunction): string {
  return t(`automations.triggers.${trigger.type}`, { minutes: trigger.minutes ?? 0 });
}

type Named = { id: number; name: string }[];

/** One condition in words ("Fila é Vendas ou sem fila"), with names from the lookups. */
export function describeCondition(condition: AutomationCondition, lookups: Pick<RuleLookups, "queues" | "connections" | "tags">, t: TFunction): string {
  const or = t("automations.conditions.or");
  const unknown = t("automations.conditions.unknown");
  const names = (list: Named, ids: number[]) => ids.map((id) => list.find((x) => x.id === id)?.name ?? unknown);
  switch (condition.field) {
    case "queue": {
      const all = [...names(lookups.queues, condition.queueIds), ...(condition.none ? [t("automations.conditions.queueNone")] : [])];
      return t(condition.op === "in" ? "automations.conditions.queueIn" : "automations.conditions.queueNotIn", { names: all.join(or) });
    }
    case "connection":
      return t(condition.op === "in" ? "automations.conditions.connectionIn" : "automations.conditions.connectionNotIn", {
        names: names(lookups.connections, condition.whatsappIds).join(or),
      });
    case "tag":
      return t(condition.op === "has" ? "automations.conditions.tagHas" : "automations.conditions.tagHasNot", { name: names(lookups.tags, [condition.tagId])[0] });
    case "contactField": {
      const key = { equals: "Equals", contains: "Contains", isSet: "IsSet", isNotSet: "IsNotSet" }[condition.op];
      return t(`automations.conditions.contactField${key}`, { name: condition.name, value: condition.value });
    }
    case "messageText":
      return t(condition.op === "contains" ? "automations.conditions.messageTextContains" : "automations.conditions.messageTextMatches", { value: condition.value });
    case "timeOfDay": {
      const days = [...condition.weekdays].sort((a, b) => a - b).map((d) => (t("automations.weekdays", { returnObjects: true }) as string[])[d]);
      const key = days.length > 0 && days.length < 7 ? "automations.conditions.timeOfDayOn" : "automations.conditions.timeOfDay";
      return t(key, { from: condition.from, to: condition.to, days: days.join(", ") });
    }
    case "assigneeProfile": {
      const all = [...condition.profiles.map((p) => t(`automations.profiles.${p}`)), ...(condition.none ? [t("automations.conditions.assigneeNone")] : [])];
      return t("automations.conditions.assignee", { profiles: all.join(or) });
    }
  }
}
