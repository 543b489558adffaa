import { z } from "zod";
import { MAX_MESSAGE_BODY } from "./messages";
import { pagedSearchQuery } from "./paging";
import { patchOf } from "./patch";
import { REQUIRED, NOT_TEXT, TOO_SHORT, TOO_LONG, boundedText } from "./fieldMessages";
import { platformId } from "./ids";

/** A campaign's states (spec 002), in the order a campaign goes through them. */
export const CAMPAIGN_STATUSES = ["INATIVA", "PROGRAMADA", "EM_ANDAMENTO", "PAUSADA", "CANCELADA", "FINALIZADA"] as const;

/** A campaign's attachment: up to WhatsApp's 16 MB for media, as schedules. */
export const MAX_CAMPAIGN_MEDIA_BYTES = 16 * 1024 * 1024;
/** Message and confirmation slots (spec 002: five of each, one picked at random per recipient). */
export const MESSAGE_SLOTS = [1, 2, 3, 4, 5] as const;

/** Spec 002 defaults, in seconds; longerIntervalAfter counts sends (ADR 0038). */
export const CAMPAIGN_SETTING_DEFAULTS = {
  messageInterval: 20,
  longerIntervalAfter: 20,
  greaterInterval: 60,
  /** Sending window, "HH:mm" in the company's time zone; end after start (same day). */
  windowStart: "08:00",
  windowEnd: "20:00",
  /** Weekdays it may send on (0 Sunday … 6 Saturday). */
  days: [1, 2, 3, 4, 5, 6] as number[],
  /** Campaign sends per connection per day (its day in the company's time zone); 0: no cap. */
  dailyCap: 1000,
  optOutWords: ["sair", "parar", "pare", "stop", "cancelar"] as string[],
  variables: [] as { key: string; value: string }[],
};
export type CampaignSettingsValues = typeof CAMPAIGN_SETTING_DEFAULTS;

const seconds = (max: number) =>
  z.number({ error: "Must be a number of seconds" }).min(0, "Must be 0 or more").max(max, `At most ${max}`);
const clock = z.string({ error: "Must be a time (HH:mm)" }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Must be a time (HH:mm)");
const variableKey = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .max(40, TOO_LONG)
  .regex(/^[\p{L}\p{N}_-]+$/u, "Letters, digits, _ and - only");

/**
 * POST /campaign-settings (spec 002: the settings object). Any subset; what is left out keeps its value. Seconds
 * may have fractions (a fast test pacing); the page offers the spec's options.
 */
export const campaignSettingsInput = patchOf({
  messageInterval: seconds(3600).optional(),
  longerIntervalAfter: z.number({ error: "Must be a number of sends" }).int("Must be a whole number").min(0, "Must be 0 or more").max(10_000, "At most 10000").optional(),
  greaterInterval: seconds(86_400).optional(),
  windowStart: clock.optional(),
  windowEnd: clock.optional(),
  days: z
    .array(z.number().int().min(0, "Weekdays are 0 (Sunday) to 6").max(6, "Weekdays are 0 (Sunday) to 6"), { error: "Must be a list of weekdays" })
    .min(1, "Choose at least one day")
    .max(7)
    .optional(),
  dailyCap: z.number({ error: "Must be a number" }).int("Must be a whole number").min(0, "Must be 0 or more").max(1_000_000).optional(),
  optOutWords: z.array(z.string().trim().min(1, REQUIRED).max(40, TOO_LONG), { error: "Must be a list of words" }).max(50, "At most 50 words").optional(),
  variables: z
    .array(z.object({ key: variableKey, value: z.string({ error: NOT_TEXT }).max(1000, TOO_LONG) }), { error: "Must be a list of key and value" })
    .max(50, "At most 50 variables")
    .refine((list) => new Set(list.map((v) => v.key.toLowerCase())).size === list.length, "Each key once")
    .optional(),
}).refine((s) => !s.windowStart || !s.windowEnd || s.windowStart < s.windowEnd, { message: "Must end after it starts", path: ["windowEnd"] });
export type CampaignSettingsInput = z.infer<typeof campaignSettingsInput>;

/** Spec 002: campaign names 2-50. */
const name = z
  .string({ error: (iss) => (iss.input === undefined ? REQUIRED : NOT_TEXT) })
  .trim()
  .min(1, REQUIRED)
  .min(2, TOO_SHORT)
  .max(50, TOO_LONG);
/** Empty strings come as null (spec 002) and are stored empty. */
const slot = z
  .string({ error: NOT_TEXT })
  .max(MAX_MESSAGE_BODY, TOO_LONG)
  .nullable()
  .transform((v) => (v ?? "").trim())
  .optional();
const optionalId = (what: string) =>
  z.number({ error: `Must be ${what}` }).int(`Must be ${what}`).positive(`Must be ${what}`).nullable().optional();

/** scheduledAt: an ISO instant, or the spec's 'YYYY-MM-DD HH:mm:ss' read in UTC; null: start on demand. */
const scheduledAt = z
  .string({ error: "Must be a date and time" })
  .trim()
  .nullable()
  .optional()
  .transform((raw, ctx) => {
    if (raw === undefined) return undefined;
    if (raw === null || raw === "") return null;
    const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(raw) ? `${raw.replace(" ", "T")}Z` : raw;
    const at = /^\d{4}-\d{2}-\d{2}T/.test(iso) ? new Date(iso) : new Date(NaN);
    if (Number.isNaN(at.getTime())) {
      ctx.addIssue({ code: "custom", message: "Must be a date and time" });
      return z.NEVER;
    }
    return at;
  });

/** Where a template variable's value comes from, per recipient (issue 24 §3). */
export const TEMPLATE_PARAM_SOURCES = ["contact", "extra", "list", "text"] as const;
/** The recipient's own fields a variable may take. */
export const TEMPLATE_CONTACT_FIELDS = ["name", "number", "email"] as const;
export const templateParamSource = z.discriminatedUnion(
  "source",
  [
    z.object({ source: z.literal("contact"), field: z.enum(TEMPLATE_CONTACT_FIELDS, { error: "Must be name, number or email" }) }),
    /** A custom field of the contact (its "extraInfo"), by name. */
    z.object({ source: z.literal("extra"), name: boundedText(1, 100) }),
    /** A column of the contact list's item (its variables), by key. */
    z.object({ source: z.literal("list"), key: variableKey }),
    z.object({ source: z.literal("text"), value: boundedText(1, 1024) }),
  ],
  { error: "Choose where the value comes from" },
);
export type TemplateParamSource = z.infer<typeof templateParamSource>;

/** A campaign's default for a variable that comes out empty for a recipient (Meta refuses an empty one). */
export const TEMPLATE_FALLBACK_DEFAULT = "cliente";

/**
 * A campaign on a Cloud API connection goes as an approved template of that connection: one source per {{n}} of
 * its body, in order, and what an empty value becomes.
 */
export const campaignTemplate = z.object({
  templateId: platformId("Choose a template", "Choose a template"),
  params: z.array(templateParamSource, { error: "Must be a list of sources" }).max(20, "At most 20 variables").default([]),
  fallback: z.string({ error: NOT_TEXT }).trim().max(100, TOO_LONG).default(TEMPLATE_FALLBACK_DEFAULT).transform((v) => v || TEMPLATE_FALLBACK_DEFAULT),
});
export type CampaignTemplate = z.infer<typeof campaignTemplate>;

const fields = {
  name,
  message1: slot,
  message2: slot,
  message3: slot,
  message4: slot,
  message5: slot,
  confirmationMessage1: slot,
  confirmationMessage2: slot,
  confirmationMessage3: slot,
  confirmationMessage4: slot,
  confirmationMessage5: slot,
  confirmation: z.boolean({ error: "Must be true or false" }).optional(),
  scheduledAt,
  whatsappId: optionalId("a connection id"),
  contactListId: optionalId("a contact list id"),
  tagListId: optionalId("a tag id"),
  /** A file list of the company's (/files): its files go before the message; the alternative to the single attachment. */
  fileListId: optionalId("a file list id"),
  /** On a Cloud API connection, instead of the messages; null clears it. */
  template: campaignTemplate.nullable().optional(),
};

export const createCampaignInput = z.object(fields);
export type CreateCampaignInput = z.infer<typeof createCampaignInput>;

/** PUT: any subset, while the campaign may be edited (spec 002). */
export const updateCampaignInput = patchOf({ ...fields, name: name.optional() });
export type UpdateCampaignInput = z.infer<typeof updateCampaignInput>;

export const listCampaignsQuery = pagedSearchQuery.extend({
  status: z.enum(CAMPAIGN_STATUSES, { error: `Must be one of ${CAMPAIGN_STATUSES.join(", ")}` }).optional(),
});
export type ListCampaignsQuery = z.infer<typeof listCampaignsQuery>;

/** POST /campaigns/:id/test: the campaign's first message (and confirmation) to one number, before starting. */
export const testCampaignInput = z.object({
  number: z
    .string({ error: (iss) => (iss.input === undefined ? REQUIRED : NOT_TEXT) })
    .transform((n) => n.replace(/\D/g, ""))
    .pipe(z.string().min(8, TOO_SHORT).max(20, TOO_LONG)),
});
export type TestCampaignInput = z.infer<typeof testCampaignInput>;

/** GET /campaigns/:id/report: the counts and, paged, the recipients (optionally of one status). */
/** GET /campaigns/:id/report.csv: the reader's language, for its spreadsheet's separator (semicolons for pt-BR and es). */
export const campaignReportCsvQuery = z.object({
  lang: z.enum(["pt-BR", "en", "es"], { error: "Must be pt-BR, en or es" }).default("pt-BR"),
});

export const campaignReportQuery = z.object({
  pageNumber: z.coerce.number({ error: "Must be a page number" }).int("Must be a page number").min(1, "Must be a page number").max(100_000).default(1),
  status: z
    .enum(["queued", "confirming", "confirmed", "sending", "delivered", "failed", "invalid", "skipped"], { error: "Must be a recipient status" })
    .optional(),
});
export type CampaignReportQuery = z.infer<typeof campaignReportQuery>;
