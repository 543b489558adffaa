import type { TFunction } from "i18next";
import { z } from "zod";

/** The quick message form's rules (spec 002: shortcode required, 'Obrigatório'). */
export function quickMessageFormSchema(t: TFunction) {
  return z.object({
    shortcode: z
      .string({ error: t("validation.required") })
      .trim()
      // Typed with or without the slash the composer uses; stored without it.
      .transform((v) => v.replace(/^\/+/, "").trim())
      .pipe(z.string().min(1, t("validation.required")).max(100, t("validation.tooLong"))),
    message: z.string().max(4096, t("validation.tooLong")).optional(),
    geral: z.boolean().optional(),
  });
}
