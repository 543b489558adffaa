import type { TFunction } from "i18next";
import { z } from "zod";
import { normalizeHex } from "./colors";
import "./texts";

/** The tag form's rules (spec 002: name required, at least 3, 'Mensagem muito curta' / 'Obrigatório'). */
export function tagFormSchema(t: TFunction) {
  return z.object({
    name: z.string({ error: t("validation.required") }).trim().min(3, t("tags.validation.tooShort")).max(100, t("tags.validation.tooLong")),
    color: z
      .string({ error: t("validation.required") })
      .refine((v) => normalizeHex(v) !== null, t("tags.validation.color"))
      .transform((v) => normalizeHex(v)!),
    kanban: z.boolean().optional(),
  });
}
