import { TZDate } from "@date-fns/tz";
import { addDays, addMonths, format, getDaysInMonth } from "date-fns";
import type { ScheduleRecurrence } from "../../db/tenant";
import type { ScheduleRecurrenceInput } from "../../contracts/schedules";

/** The rule as stored: a monthly rule remembers its day, so the 31st stays the 31st after a short month. */
export function storedRecurrence(input: ScheduleRecurrenceInput | null | undefined, sendAt: Date, timeZone: string): ScheduleRecurrence | null {
  if (!input) return null;
  const local = new TZDate(sendAt.getTime(), timeZone);
  return {
    frequency: input.frequency,
    ...(input.frequency === "weekly" ? { weekdays: [...new Set(input.weekdays ?? [])].sort() } : {}),
    ...(input.frequency === "monthly" ? { dayOfMonth: local.getDate() } : {}),
    until: input.until ?? null,
  };
}

/**
 * The occurrence after `sendAt`, at the same wall-clock time in the company's time zone (so a daily 09:00 stays
 * 09:00 across daylight-saving changes), or null once the rule has ended.
 */
export function nextOccurrence(sendAt: Date, rule: ScheduleRecurrence, timeZone: string): Date | null {
  const local = new TZDate(sendAt.getTime(), timeZone);
  let next: TZDate;
  switch (rule.frequency) {
    case "daily":
      next = addDays(local, 1);
      break;
    case "weekly": {
      const days = rule.weekdays?.length ? rule.weekdays : [local.getDay()];
      next = addDays(local, 1);
      while (!days.includes(next.getDay())) next = addDays(next, 1);
      break;
    }
    case "monthly": {
      const month = addMonths(new TZDate(local.getFullYear(), local.getMonth(), 1, local.getHours(), local.getMinutes(), local.getSeconds(), timeZone), 1);
      const day = Math.min(rule.dayOfMonth ?? local.getDate(), getDaysInMonth(month));
      next = new TZDate(month.getFullYear(), month.getMonth(), day, local.getHours(), local.getMinutes(), local.getSeconds(), timeZone);
      break;
    }
  }
  if (rule.until && format(next, "yyyy-MM-dd") > rule.until) return null;
  return new Date(next.getTime());
}
