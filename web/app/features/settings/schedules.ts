import { z } from "zod";
import type { WeekdaySchedule } from "../../../../worker/contracts/companies";
import { hoursTime, weekdayHours } from "../../../../worker/contracts/serviceHours";

/** The seven weekdays of the company hours, in the order the spec's Horários tab lists them. */
export const WEEKDAYS = [
  { weekday: "Segunda-feira", weekdayEn: "monday" },
  { weekday: "Terça-feira", weekdayEn: "tuesday" },
  { weekday: "Quarta-feira", weekdayEn: "wednesday" },
  { weekday: "Quinta-feira", weekdayEn: "thursday" },
  { weekday: "Sexta-feira", weekdayEn: "friday" },
  { weekday: "Sábado", weekdayEn: "saturday" },
  { weekday: "Domingo", weekdayEn: "sunday" },
] as const;

/** The saved hours laid over the seven weekdays (days never saved start empty). */
export function withAllWeekdays(saved: WeekdaySchedule[]): WeekdaySchedule[] {
  return WEEKDAYS.map((day) => {
    const found = saved.find((s) => s.weekdayEn === day.weekdayEn);
    return { ...day, startTime: found?.startTime ?? "", endTime: found?.endTime ?? "" };
  });
}

/** The ##:## mask: digits only, a colon after the hour. */
export function maskTime(input: string): string {
  const digits = input.replace(/\D/g, "").slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}:${digits.slice(2)}` : digits;
}

/**
 * The week as a form holds it, with the API's rules for each day (contracts/serviceHours: HH:MM, both times or
 * neither); an empty input arrives absent, and is an empty time (a day without service).
 */
export const weekSchema = z.array(weekdayHours(hoursTime.default("")));
