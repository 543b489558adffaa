import type { TFunction } from "i18next";
import { z } from "zod";
import "./texts";

const numberIn = (t: TFunction, min: number, max: number, integer: boolean) => {
  const message = t("prompts.validation.number", { min, max });
  const base = z.coerce.number({ error: message }).min(min, message).max(max, message);
  return integer ? base.int(message) : base;
};

/**
 * The prompt form's rules (spec 002: name 5-100, prompt at least 50, a queue required with 'Informe o setor'; the
 * key is required when adding and optional when editing, where blank keeps the saved one).
 */
export function promptFormSchema(t: TFunction, editing: boolean) {
  const required = t("validation.required");
  return z.object({
    name: z.string({ error: required }).trim().min(5, t("prompts.validation.tooShort")).max(100, t("prompts.validation.tooLong")),
    apiKey: editing ? z.string().trim().max(500).optional() : z.string({ error: required }).trim().min(1, required).max(500),
    prompt: z.string({ error: required }).trim().min(50, t("prompts.validation.tooShort")).max(20_000, t("prompts.validation.tooLong")),
    queueId: z.coerce.number({ error: t("prompts.validation.queue") }).int().positive(t("prompts.validation.queue")),
    voice: z.string({ error: required }),
    voiceKey: z.string().trim().max(500).optional(),
    /** Editing only: clear the saved voice key (keys are write-only, so blank means "keep"). */
    removeVoiceKey: z.boolean().optional(),
    voiceRegion: z.string().trim().max(50).optional(),
    temperature: numberIn(t, 0, 2, false),
    maxTokens: numberIn(t, 1, 16_000, true),
    maxMessages: numberIn(t, 1, 100, true),
    model: z.string({ error: required }).trim().min(1, required).max(100),
    baseUrl: z
      .string()
      .trim()
      .max(500)
      .refine((v) => v === "" || /^https?:\/\/\S+$/i.test(v), t("prompts.validation.url"))
      .optional(),
  });
}
