import type { TFunction } from "i18next";
import { z } from "zod";

/** A row of the extra-info list that the user left entirely blank is not sent (nor an error). */
const dropBlankRows = (value: unknown) =>
  Array.isArray(value) ? value.filter((row) => row && typeof row === "object" && Object.values(row).some((v) => v !== undefined && v !== "")) : value;

/**
 * The contact form's rules (spec: name 2–50, number 8–50, email valid), with the spec's messages. Conform turns
 * empty inputs into undefined, so "required" is the missing-value message.
 */
export function contactFormSchema(t: TFunction) {
  const required = t("validation.required");
  return z.object({
    name: z.string({ error: required }).trim().min(2, t("validation.tooShort")).max(50, t("validation.tooLong")),
    number: z.string({ error: required }).trim().min(8, t("validation.tooShort")).max(50, t("validation.tooLong")),
    email: z.string().trim().email(t("validation.invalidEmail")).optional(),
    disableBot: z.boolean().optional(),
    extraInfo: z.preprocess(
      dropBlankRows,
      z
        .array(
          z.object({
            name: z.string({ error: required }).trim().max(100, t("validation.tooLong")),
            value: z.string().max(1000, t("validation.tooLong")).optional(),
          }),
        )
        .default([]),
    ),
  });
}
