import { z } from "zod";
import { platformIdText } from "./ids";
import { MAX_MESSAGE_BODY } from "./messages";
import { pagedSearchQuery } from "./paging";
import { patchOf } from "./patch";
import { REQUIRED, NOT_TEXT, tooLongAt } from "./fieldMessages";

/** A schedule's states (spec 002). */
export const SCHEDULE_STATUSES = ["PENDENTE", "AGENDADA", "ENVIADA", "ERRO"] as const;

/** Attachments of schedules: up to WhatsApp's 16 MB for media, as quick messages. */
export const MAX_SCHEDULE_MEDIA_BYTES = 16 * 1024 * 1024;

/** Variables a schedule's (and a campaign's) text may use, filled per contact when it is sent. */
export const MESSAGE_VARIABLES = ["nome", "numero", "email"] as const;

const id = (what: string) =>
  z
    .number({ error: (iss) => (iss.input === undefined ? REQUIRED : `Must be ${what}`) })
    .int(`Must be ${what}`)
    .positive(`Must be ${what}`);

/**
 * When to send: an ISO instant ("2026-11-25T15:00:00Z" or with an offset), or the spec's "YYYY-MM-DD HH:mm:ss",
 * read in UTC. The page sends ISO instants from the company's time zone.
 */
const sendAt = z
  .string({ error: (iss) => (iss.input === undefined ? REQUIRED : "Must be a date and time") })
  .trim()
  .transform((raw, ctx) => {
    const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(raw) ? `${raw.replace(" ", "T")}Z` : raw;
    const at = /^\d{4}-\d{2}-\d{2}T/.test(iso) ? new Date(iso) : new Date(NaN);
    if (Number.isNaN(at.getTime())) {
      ctx.addIssue({ code: "custom", message: "Must be a date and time" });
      return z.NEVER;
    }
    return at;
  });

const day = z.string({ error: "Must be a date (YYYY-MM-DD)" }).regex(/^\d{4}-\d{2}-\d{2}$/, "Must be a date (YYYY-MM-DD)");

/** A repeat rule (db/tenant/schedules.ts ScheduleRecurrence); each occurrence becomes its own record when the one before is sent. */
export const scheduleRecurrence = z
  .object({
    frequency: z.enum(["daily", "weekly", "monthly"], { error: "Must be daily, weekly or monthly" }),
    weekdays: z
      .array(z.number().int().min(0, "Weekdays are 0 (Sunday) to 6").max(6, "Weekdays are 0 (Sunday) to 6"), { error: "Must be a list of weekdays" })
      .max(7)
      .optional(),
    until: day.nullable().optional(),
  })
  .refine((r) => r.frequency !== "weekly" || (r.weekdays?.length ?? 0) > 0, { message: "Choose at least one weekday", path: ["weekdays"] });
export type ScheduleRecurrenceInput = z.infer<typeof scheduleRecurrence>;

const body = z
  .string({ error: (iss) => (iss.input === undefined ? REQUIRED : NOT_TEXT) })
  .max(MAX_MESSAGE_BODY, tooLongAt(MAX_MESSAGE_BODY))
  .refine((text) => text.trim().length > 0, REQUIRED);

export const createScheduleInput = z.object({
  body,
  sendAt,
  contactId: id("a contact id"),
  /** The ticket it was scheduled from: its connection is the default, and it is reused while still open. */
  ticketId: id("a ticket id").nullable().optional(),
  /** The connection to send from; none: the ticket's, else the company's default. */
  whatsappId: id("a connection id").nullable().optional(),
  recurrence: scheduleRecurrence.nullable().optional(),
  /** A marketing message ("mensagem de marketing"): skipped, not sent, when the contact revoked marketing consent. */
  marketing: z.boolean({ error: "Must be true or false" }).default(false),
});
export type CreateScheduleInput = z.infer<typeof createScheduleInput>;

/** PUT: any subset, while the schedule is PENDENTE. */
export const updateScheduleInput = patchOf({
  body: body.optional(),
  sendAt: sendAt.optional(),
  contactId: id("a contact id").optional(),
  whatsappId: id("a connection id").nullable().optional(),
  recurrence: scheduleRecurrence.nullable().optional(),
  marketing: z.boolean({ error: "Must be true or false" }).optional(),
});
export type UpdateScheduleInput = z.infer<typeof updateScheduleInput>;

const instant = z.iso.datetime({ offset: true, error: "Must be an ISO date and time" }).transform((s) => new Date(s));

/**
 * GET /schedules: the spec's searchParam and pageNumber (20 per page, soonest first), plus the page's filters:
 * status, contact, and a time range (the calendar asks for the range it shows, up to MAX_RANGE_ROWS rows).
 */
export const listSchedulesQuery = pagedSearchQuery.extend({
  status: z.enum(SCHEDULE_STATUSES, { error: `Must be one of ${SCHEDULE_STATUSES.join(", ")}` }).optional(),
  contactId: platformIdText("Must be a contact id").optional(),
  from: instant.optional(),
  to: instant.optional(),
});
export type ListSchedulesQuery = z.infer<typeof listSchedulesQuery>;

/** A calendar range answers at most this many schedules in one page. */
export const MAX_RANGE_ROWS = 500;
