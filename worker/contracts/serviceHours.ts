import { z } from "zod";
import { BOTH_TIMES, INVALID_TIME, NOT_TEXT, REQUIRED, TOO_LONG } from "./fieldMessages";

/** The English weekday keys, Monday first (the order the pages list them). */
export const WEEKDAYS_EN = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;

/** A time of service hours: "HH:MM", or empty for a day without them. */
export const hoursTime = z.string({ error: INVALID_TIME }).regex(/^(?:([01]\d|2[0-3]):[0-5]\d)?$/, INVALID_TIME);

/**
 * One weekday's service hours (a company's and a queue's alike), times in the company's time zone: both times or
 * neither ("Give both times or neither" under the end time). `time` is each time's field: the API's is
 * `hoursTime`; a form whose empty inputs arrive as absent gives `hoursTime.default("")` where an empty day is allowed.
 */
export function weekdayHours(time: typeof hoursTime | z.ZodDefault<typeof hoursTime> = hoursTime) {
  return z
    .object({
      weekday: z.string({ error: (iss) => (iss.input === undefined ? REQUIRED : NOT_TEXT) }).trim().min(1, REQUIRED).max(30, TOO_LONG),
      weekdayEn: z.enum(WEEKDAYS_EN, { error: "Must be an English weekday" }),
      startTime: time,
      endTime: time,
    })
    .refine((d) => (d.startTime === "") === (d.endTime === ""), { message: BOTH_TIMES, path: ["endTime"] });
}
