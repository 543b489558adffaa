import { z } from "zod";
import { createQueueInput, createQueueOptionInput } from "../../../../worker/contracts/queues";
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
    .extend({ schedules: weekSchema.optional(), ...attachmentFields(lang), keepOpen: z.boolean().optional() });

/** The queue form's texts for the contract's messages outside the vocabulary (spec 002's colour, the order's range). */
export const QUEUE_FORM_MESSAGES = { color: { other: "queues.validation.color" }, orderQueue: { other: "queues.validation.order" } };

/** An option of the menu: a title (what the menu lists after the number), the reply it sends, its file list. */
export const optionFormSchema = (lang: string) => createQueueOptionInput.pick({ title: true, message: true, fileListId: true }).extend(attachmentFields(lang));

/** The "none" choice of a select (Radix items cannot have an empty value); the form holds it as no value. */
export const NONE = "none";
