import { z } from "zod";
import { platformIdText } from "./ids";
import { patchOf } from "./patch";
import { REQUIRED, NOT_TEXT, TOO_SHORT, TOO_LONG } from "./fieldMessages";

/**
 * WhatsApp connections (spec 001 §3, the connections page's dialog): POST /whatsapp takes every field, PUT
 * /whatsapp/:id any subset. The spec's UI sends numbers from text inputs, so whole numbers are also read from
 * digit strings, and an empty string clears an optional id or number.
 */

/** Spec 001 §5: name 2 to 50 and required, with the form's messages. */
export const connectionName = z
  .string({ error: (iss) => (iss.input === undefined ? REQUIRED : NOT_TEXT) })
  .trim()
  .min(1, REQUIRED)
  .min(2, TOO_SHORT)
  .max(50, TOO_LONG);

/** Messages sent to contacts (greeting, completion, out of hours, rating, inactivity). */
const message = z.string({ error: NOT_TEXT }).max(4096, TOO_LONG);

const digits = (max: number, error: string) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d{1,9}$/, error)
          .transform(Number),
      ],
      { error }
    )
    .pipe(z.number().int(error).min(0, error).max(max, error));

const id = platformIdText();

/** An optional reference: null, or "" from a cleared select, means none. */
const optionalId = z.union(
  [z.literal("").transform(() => null), z.null(), id],
  { error: "Must be an id" }
);
const optionalCount = (max: number, error: string) =>
  z.union([z.literal("").transform(() => null), z.null(), digits(max, error)], {
    error,
  });

const flag = z.boolean({ error: "Must be true or false" });

/** One week in minutes: the chatbot and auto-transfer timers. */
const MAX_MINUTES = 7 * 24 * 60;
/** One year in hours: inactivity closing. */
const MAX_HOURS = 365 * 24;

const fields = {
  name: connectionName,
  isDefault: flag,
  queueIds: z
    .array(id, { error: "Must be a list of ids" })
    .max(100, "At most 100 queues"),
  greetingMessage: message,
  /** Spec spelling: the completion message, sent when a ticket is closed. */
  complationMessage: message,
  outOfHoursMessage: message,
  ratingMessage: message,
  /** After timeToTransfer minutes waiting without an agent, the ticket moves to this queue. */
  transferQueueId: optionalId,
  timeToTransfer: optionalCount(
    MAX_MINUTES,
    `Must be 0 to ${MAX_MINUTES} minutes`
  ),
  promptId: optionalId,
  integrationId: optionalId,
  /** Hours of contact inactivity after which an open ticket is closed (0 = never), with this message. */
  expiresTicket: digits(MAX_HOURS, `Must be 0 to ${MAX_HOURS} hours`),
  expiresInactiveMessage: message,
  /** Minutes before the queue menu is sent again (0 = no limit), and how many times at most. */
  timeUseBotQueues: digits(MAX_MINUTES, `Must be 0 to ${MAX_MINUTES} minutes`),
  maxUseBotQueues: digits(100, "Must be 0 to 100"),
  /** Queue a ticket goes to when the chatbot gives up. */
  sendIdQueue: optionalId,
};

/** Meta's ids are digits; tokens and secrets are opaque text (sealed at rest, never answered). */
export const metaId = z
  .string({ error: (iss) => (iss.input === undefined ? REQUIRED : NOT_TEXT) })
  .trim()
  .min(1, REQUIRED)
  .regex(/^\d{5,30}$/, "Digits only");
const secretText = (min: number) =>
  z
    .string({ error: (iss) => (iss.input === undefined ? REQUIRED : NOT_TEXT) })
    .trim()
    .min(1, REQUIRED)
    .min(min, TOO_SHORT)
    .max(1024, TOO_LONG);

/**
 * A Cloud API number (ADR 0050): its phone number id and business account id from Meta's app dashboard, a
 * (system user's) access token, and, for a number on the company's own Meta app, that app's secret and the verify
 * token the admin chose for its webhook. Without them the number is on the platform's app.
 */
export const cloudCredentials = z
  .object({
    phoneNumberId: metaId,
    wabaId: metaId,
    accessToken: secretText(20),
    appSecret: secretText(16).optional(),
    verifyToken: secretText(8).optional(),
  })
  .superRefine((v, ctx) => {
    if (Boolean(v.appSecret) !== Boolean(v.verifyToken))
      ctx.addIssue({
        code: "custom",
        path: [v.appSecret ? "verifyToken" : "appSecret"],
        message: REQUIRED,
      });
  });
export type CloudCredentials = z.infer<typeof cloudCredentials>;

export const whatsappChannel = z.enum(["baileys", "cloud"], {
  error: "Must be baileys or cloud",
});

/** Spec 001 §9 defaults: maxUseBotQueues 3, expiresTicket 0. */
export const createWhatsappInput = z
  .object({
    channel: whatsappChannel.default("baileys"),
    /** Required for a cloud connection, refused for a WhatsApp Web one. */
    cloud: cloudCredentials.optional(),
    name: fields.name,
    isDefault: fields.isDefault.default(false),
    queueIds: fields.queueIds.default([]),
    greetingMessage: fields.greetingMessage.default(""),
    complationMessage: fields.complationMessage.default(""),
    outOfHoursMessage: fields.outOfHoursMessage.default(""),
    ratingMessage: fields.ratingMessage.default(""),
    transferQueueId: fields.transferQueueId.default(null),
    timeToTransfer: fields.timeToTransfer.default(null),
    promptId: fields.promptId.default(null),
    integrationId: fields.integrationId.default(null),
    expiresTicket: fields.expiresTicket.default(0),
    expiresInactiveMessage: fields.expiresInactiveMessage.default(""),
    timeUseBotQueues: fields.timeUseBotQueues.default(0),
    maxUseBotQueues: fields.maxUseBotQueues.default(3),
    sendIdQueue: fields.sendIdQueue.default(null),
  })
  .superRefine((v, ctx) => {
    if (v.channel === "cloud" && !v.cloud)
      ctx.addIssue({ code: "custom", path: ["cloud"], message: REQUIRED });
    if (v.channel === "baileys" && v.cloud)
      ctx.addIssue({
        code: "custom",
        path: ["cloud"],
        message: "Only for a cloud connection",
      });
  });
export type CreateWhatsappInput = z.infer<typeof createWhatsappInput>;

/** PUT: any subset (no defaults, so an absent field keeps its value). */
export const updateWhatsappInput = patchOf({
  /** A cloud connection's new credentials (a new token, or its own app's secrets); the channel never changes. */
  cloud: cloudCredentials.optional(),
  name: fields.name.optional(),
  isDefault: fields.isDefault.optional(),
  queueIds: fields.queueIds.optional(),
  greetingMessage: fields.greetingMessage.optional(),
  complationMessage: fields.complationMessage.optional(),
  outOfHoursMessage: fields.outOfHoursMessage.optional(),
  ratingMessage: fields.ratingMessage.optional(),
  transferQueueId: fields.transferQueueId.optional(),
  timeToTransfer: fields.timeToTransfer.optional(),
  promptId: fields.promptId.optional(),
  integrationId: fields.integrationId.optional(),
  expiresTicket: fields.expiresTicket.optional(),
  expiresInactiveMessage: fields.expiresInactiveMessage.optional(),
  timeUseBotQueues: fields.timeUseBotQueues.optional(),
  maxUseBotQueues: fields.maxUseBotQueues.optional(),
  sendIdQueue: fields.sendIdQueue.optional(),
});
export type UpdateWhatsappInput = z.infer<typeof updateWhatsappInput>;

/** POST /whatsappsession/:id/pairing-code: the phone number to pair, any formatting; digits are kept. */
export const pairingCodeInput = z.object({
  number: z
    .string({ error: (iss) => (iss.input === undefined ? REQUIRED : NOT_TEXT) })
    .transform((v) => v.replace(/\D/g, ""))
    .pipe(
      z
        .string()
        .min(1, REQUIRED)
        .min(10, "Country code, area code and number")
        .max(15, TOO_LONG)
    ),
});
export type PairingCodeInput = z.infer<typeof pairingCodeInput>;
