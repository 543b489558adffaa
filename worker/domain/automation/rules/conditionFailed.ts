import { TZDate } from "@date-fns/tz";
import type { AutomationCondition } from "../../../contracts/automation/rules";
import { unsafePattern } from "../../../contracts/automation/unsafePattern";
import type { RuleFacts } from "./ruleFacts";

/** The first of a rule's conditions that does not hold on `facts`, or null when they all do (pure). */
export function conditionFailed(conditions: readonly AutomationCondition[], facts: RuleFacts): AutomationCondition | null {
  return conditions.find((condition) => !holds(condition, facts)) ?? null;
}

function holds(c: AutomationCondition, facts: RuleFacts): boolean {
  const { ticket } = facts;
  switch (c.field) {
    case "queue": {
      const inside = ticket.queueId === null ? c.none : c.queueIds.includes(ticket.queueId);
      return c.op === "in" ? inside : !inside;
    }
    case "connection": {
      const inside = ticket.whatsappId !== null && c.whatsappIds.includes(ticket.whatsappId);
      return c.op === "in" ? inside : !inside;
    }
    case "tag":
      return c.op === "has" ? facts.tagIds.has(c.tagId) : !facts.tagIds.has(c.tagId);
    case "contactField": {
      const value = (facts.fields.get(c.name) ?? "").trim();
      if (c.op === "isSet") return value !== "";
      if (c.op === "isNotSet") return value === "";
      if (c.op === "equals") return value.toLowerCase() === c.value.trim().toLowerCase();
      return value.toLowerCase().includes(c.value.trim().toLowerCase());
    }
    case "messageText":
      return facts.messageText !== null && textHolds(c, facts.messageText);
    case "timeOfDay":
      return timeHolds(c, facts.now, facts.timezone);
    case "assigneeProfile":
      return facts.assigneeProfile === null ? c.none : c.profiles.includes(facts.assigneeProfile);
  }
}

function textHolds(c: Extract<AutomationCondition, { field: "messageText" }>, text: string): boolean {
  if (c.op === "contains") return c.caseSensitive ? text.includes(c.value) : text.toLowerCase().includes(c.value.toLowerCase());
  // Refused at save; checked again so a rule saved before the guard (or written to the table by hand) cannot hang the hub.
  if (unsafePattern(c.value)) return false;
  return new RegExp(c.value, c.caseSensitive ? "u" : "iu").test(text);
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** From `from` up to (not including) `to`, past midnight when `to` is earlier; the weekday is the local day of `now`. */
function timeHolds(c: Extract<AutomationCondition, { field: "timeOfDay" }>, now: Date, timezone: string): boolean {
  const local = new TZDate(now.getTime(), timezone);
  if (c.weekdays.length > 0 && !c.weekdays.includes(local.getDay())) return false;
  const minute = local.getHours() * 60 + local.getMinutes();
  const [from, to] = [minutesOf(c.from), minutesOf(c.to)];
  return from <= to ? minute >= from && minute < to : minute >= from || minute < to;
}
