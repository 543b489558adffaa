import { z } from "zod";
import { createQueueInput, createQueueOptionInput, MAX_SLA_MINUTES } from "../../../../worker/contracts/queues";
import { removeFile } from "../../components/form/FileField";
import { weekSchema } from "../settings/schedules";
import { queueMedia } from "./media";
import "./texts";

/** A greeting's or an option's attachment, as the form holds it: a picked file, or the current one to remove. */
const attachmentFields = (lang: string) => ({ attachment: queueMedia(lang), removeAttachment: removeFile });

/**
 * The queue form: the API's fields and rules (worker/contracts/queues.ts), the week's as the hours editor holds them;
 * the page's own are the attachment and `keepOpen`, set by "save and add options" (its submit button's value). `lang`
 * writes the attachment's size limit in the user's language.
 */
export const queueFormSchema = (lang: string) =>
  createQueueInput
    .pick({ name: true, color: true, orderQueue: true, greetingMessage: true, outOfHoursMessage: true, integrationId: true, promptId: true, assignmentMode: true })
    .extend({ schedules: weekSchema.optional(), ...attachmentFields(lang), keepOpen: z.boolean().optional(), ...serviceLevelFields });

/** A service-level target as the dialog takes it (issue 26 §4): an amount in minutes or hours; blank for none. */
export const SLA_UNITS = ["minutes", "hours"] as const;
export type SlaUnit = (typeof SLA_UNITS)[number];
const slaAmount = z.number().int("queues.validation.sla").min(1, "queues.validation.sla").max(MAX_SLA_MINUTES, "queues.validation.sla").optional();
const serviceLevelFields = {
  slaFirstResponseMinutes: slaAmount,
  slaFirstResponseUnit: z.enum(SLA_UNITS).default("minutes"),
  slaResolutionMinutes: slaAmount,
  slaResolutionUnit: z.enum(SLA_UNITS).default("minutes"),
};

/** The minutes the API takes for an amount in its unit; null (no target) when blank. */
export const slaMinutesOf = (amount: number | undefined, unit: SlaUnit) => (amount === undefined ? null : unit === "hours" ? amount * 60 : amount);

/** A target's minutes as the dialog shows them: whole hours in hours, anything else in minutes. */
export const slaAmountOf = (minutes: number | null | undefined): { amount: string; unit: SlaUnit } =>
  minutes == null ? { amount: "", unit: "minutes" } : minutes % 60 === 0 ? { amount: String(minutes / 60), unit: "hours" } : { amount: String(minutes), unit: "minutes" };

/** The queue form's texts for the contract's messages outside the vocabulary (spec 002's colour, the order's range). */
export const QUEUE_FORM_MESSAGES = {
  color: { other: "queues.validation.color" },
  orderQueue: { other: "queues.validation.order" },
  slaFirstResponseMinutes: { other: "queues.validation.sla" },
  slaResolutionMinutes: { other: "queues.validation.sla" },
};

/** An option of the menu: a title (what the menu lists after the number), the reply it sends, its file list. */
export const optionFormSchema = (lang: string) => createQueueOptionInput.pick({ title: true, message: true, fileListId: true, marketingConsent: true }).extend(attachmentFields(lang));

/** The "none" choice of a select (Radix items cannot have an empty value); the form holds it as no value. */
export const NONE = "none";
