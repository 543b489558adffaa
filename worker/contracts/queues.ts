import { z } from "zod";
import { OPTION_CONSENTS } from "./consent";
import { platformId, platformIdText } from "./ids";
import { patchOf } from "./patch";
import type { WeekdaySchedule } from "./companies";
import { MAX_MEDIA_BYTES, MAX_MESSAGE_BODY } from "./messages";
import { REQUIRED, NOT_TEXT, TOO_SHORT, TOO_LONG } from "./fieldMessages";
import { weekdayHours, WEEKDAYS_EN } from "./serviceHours";

/** How a queue's waiting tickets are given to its agents (issue 26): not at all, in turn, or to the least busy. */
export const ASSIGNMENT_MODES = ["off", "roundRobin", "leastBusy"] as const;
export type AssignmentMode = (typeof ASSIGNMENT_MODES)[number];
/** Which queues a pass of automatic assignment looks at: given ones, those of agents who may have room, or all. */
export type AssignmentScope = { queueIds: readonly number[] } | { userIds: readonly number[] } | { all: true };
const assignmentMode = z.enum(ASSIGNMENT_MODES, { error: "Must be off, roundRobin or leastBusy" });

/** Greeting and option attachments are sent to contacts over WhatsApp: its 16 MB media limit, its types. */
export const MAX_QUEUE_MEDIA_BYTES = MAX_MEDIA_BYTES;

/** One weekday's service hours of a queue (the company schedule's shape, with a known weekday). */
export type QueueSchedule = WeekdaySchedule & { weekdayEn: (typeof WEEKDAYS_EN)[number] };

/** spec 002, 'Queue': Monday to Friday 08:00-18:00, Saturday 08:00-12:00, Sunday 00:00-00:00 (closed). */
export const DEFAULT_QUEUE_SCHEDULES: QueueSchedule[] = [
  { weekday: "Segunda-feira", weekdayEn: "monday", startTime: "08:00", endTime: "18:00" },
  { weekday: "Terça-feira", weekdayEn: "tuesday", startTime: "08:00", endTime: "18:00" },
  { weekday: "Quarta-feira", weekdayEn: "wednesday", startTime: "08:00", endTime: "18:00" },
  { weekday: "Quinta-feira", weekdayEn: "thursday", startTime: "08:00", endTime: "18:00" },
  { weekday: "Sexta-feira", weekdayEn: "friday", startTime: "08:00", endTime: "18:00" },
  { weekday: "Sábado", weekdayEn: "saturday", startTime: "08:00", endTime: "12:00" },
  { weekday: "Domingo", weekdayEn: "sunday", startTime: "00:00", endTime: "00:00" },
];

const requiredText = () => z.string({ error: (iss) => (iss.input === undefined ? REQUIRED : NOT_TEXT) });

/** spec 002: name required, 2-50 ('Too Short!', 'Too Long!', 'Required'). */
const queueName = requiredText().trim().min(1, REQUIRED).min(2, TOO_SHORT).max(50, TOO_LONG);

/** spec 002: colour required, 3-9 characters; we take it as a CSS hex colour (#rgb … #rrggbbaa), as the picker gives. */
export const QUEUE_COLOR = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const queueColor = requiredText().trim().min(1, REQUIRED).regex(QUEUE_COLOR, "Must be a colour like #A4CCCC");

const message = z.string({ error: NOT_TEXT }).max(MAX_MESSAGE_BODY, TOO_LONG);
const orderQueue = z
  .number({ error: "Must be a whole number" })
  .int("Must be a whole number")
  .min(0, "Must be 0 or more")
  .max(10_000, "Too large")
  .nullable();
const refId = platformId().nullable();

/** A service-level target (issue 26 §4): minutes of service time, a minute up to 60 days; null for none. */
export const MAX_SLA_MINUTES = 60 * 24 * 60;
const slaMinutes = z
  .number({ error: "Must be a whole number of minutes" })
  .int("Must be a whole number of minutes")
  .min(1, "Must be at least 1 minute")
  .max(MAX_SLA_MINUTES, "At most 60 days")
  .nullable();

/**
 * Service hours of one weekday, in the company's time zone. Equal times (00:00-00:00, the spec's Sunday) or no
 * times mean closed that day; an end before the start runs past midnight (22:00-06:00), as the chatbot reads it.
 */
export const queueSchedule = weekdayHours();

/** The week: each weekday at most once (days left out have no service hours). */
export const queueSchedules = z
  .array(queueSchedule, { error: "Must be a list of weekdays" })
  .max(7, "At most the seven weekdays")
  .refine((list) => new Set(list.map((d) => d.weekdayEn)).size === list.length, "Each weekday once");

export const createQueueInput = z.object({
  name: queueName,
  color: queueColor,
  orderQueue: orderQueue.default(null),
  greetingMessage: message.default(""),
  outOfHoursMessage: message.default(""),
  schedules: queueSchedules.default(() => DEFAULT_QUEUE_SCHEDULES.map((d) => ({ ...d }))),
  /** Must be one of the company's integrations / prompts (404 otherwise); null for none. */
  integrationId: refId.default(null),
  promptId: refId.default(null),
  assignmentMode: assignmentMode.default("off"),
  slaFirstResponseMinutes: slaMinutes.default(null),
  slaResolutionMinutes: slaMinutes.default(null),
});
export type CreateQueueInput = z.infer<typeof createQueueInput>;

/** PUT: any subset. mediaPath and mediaName change only through the media-upload calls. */
export const updateQueueInput = patchOf({
  name: queueName.optional(),
  color: queueColor.optional(),
  orderQueue: orderQueue.optional(),
  greetingMessage: message.optional(),
  outOfHoursMessage: message.optional(),
  schedules: queueSchedules.optional(),
  integrationId: refId.optional(),
  promptId: refId.optional(),
  assignmentMode: assignmentMode.optional(),
  slaFirstResponseMinutes: slaMinutes.optional(),
  slaResolutionMinutes: slaMinutes.optional(),
});
export type UpdateQueueInput = z.infer<typeof updateQueueInput>;

/** An option's title (what the menu lists after its number). */
const optionTitle = requiredText().trim().min(1, REQUIRED).max(100, TOO_LONG);
const positiveId = platformId();

/**
 * POST /queue-options. parentId null (or the spec's -1) adds a top-level option. The ordinal (`option`) is always
 * the next free number among the siblings, given by the server, so the menu never has gaps or twins; a sent
 * `option` is ignored.
 */
const fileListRef = z.union([positiveId, z.null()], { error: "Must be a file list id or null" });
/** Picking the option records the contact's marketing consent (issue 28); null records nothing. */
const optionConsent = z.enum(OPTION_CONSENTS, { error: "Must be granted, revoked or null" }).nullable();

export const createQueueOptionInput = z.object({
  queueId: positiveId,
  parentId: z
    .union([positiveId, z.literal(-1), z.null()], { error: "Must be an option id, -1 or null" })
    .default(null)
    .transform((v) => (v === -1 ? null : v)),
  title: optionTitle,
  message: message.default(""),
  /** A file list whose files are sent, in order, before the option's message (ADR 0039); null for none. */
  fileListId: fileListRef.default(null),
  marketingConsent: optionConsent.default(null),
});
export type CreateQueueOptionInput = z.infer<typeof createQueueOptionInput>;

/** PUT /queue-options/:id: title, message and file list. The ordinal follows from the siblings; media has its own calls. */
export const updateQueueOptionInput = patchOf({
  title: optionTitle.optional(),
  message: message.optional(),
  fileListId: fileListRef.optional(),
  marketingConsent: optionConsent.optional(),
});
export type UpdateQueueOptionInput = z.infer<typeof updateQueueOptionInput>;

/** GET /queue-options?queueId=&parentId= (-1 or absent for the top level): that level, each with its subtree. */
export const listQueueOptionsQuery = z.object({
  queueId: platformIdText(),
  parentId: z.coerce
    .number({ error: "Must be an option id or -1" })
    .int("Must be an option id or -1")
    .refine((v) => v === -1 || v > 0, "Must be an option id or -1")
    .default(-1)
    .transform((v) => (v === -1 ? null : v)),
});
export type ListQueueOptionsQuery = z.infer<typeof listQueueOptionsQuery>;
