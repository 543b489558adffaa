import type { TFunction } from "i18next";
import { z } from "zod";
import { platformIdText } from "../../../../worker/contracts/ids";
import { MAX_MESSAGE_BODY as MAX_MESSAGE } from "../../../../worker/contracts/messages";
import { normalizeHex } from "../tags/colors";
import "./texts";

/** The queue form's rules, as the API's (spec 002: name 2-50, colour required; greeting is text). */
export function queueFormSchema(t: TFunction) {
  const required = t("validation.required");
  const order = t("queues.validation.order");
  return z.object({
    name: z.string({ error: required }).trim().min(1, required).min(2, t("validation.tooShort")).max(50, t("validation.tooLong")),
    color: z
      .string({ error: required })
      .refine((v) => normalizeHex(v) !== null, t("queues.validation.color"))
      .transform((v) => normalizeHex(v)!),
    orderQueue: z.number({ error: order }).int(order).min(0, order).max(10_000, order).optional(),
    greetingMessage: z.string().max(MAX_MESSAGE, t("validation.tooLong")).optional(),
    outOfHoursMessage: z.string().max(MAX_MESSAGE, t("validation.tooLong")).optional(),
  });
}

/** An option of the menu: a title (what the menu lists after the number) and the reply it sends. */
export function optionFormSchema(t: TFunction) {
  const required = t("validation.required");
  return z.object({
    title: z.string({ error: required }).trim().min(1, required).max(100, t("validation.tooLong")),
    message: z.string().max(MAX_MESSAGE, t("validation.tooLong")).optional(),
    // The file list sent with the option, or none.
    fileListId: z.union([z.literal(NO_FILE_LIST).transform(() => null), platformIdText()]).default(null),
  });
}

/** The "no file list" choice of the option's file list select (Radix items cannot have an empty value). */
export const NO_FILE_LIST = "none";
