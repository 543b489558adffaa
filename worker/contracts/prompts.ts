import { z } from "zod";
import { platformId } from "./ids";
import { PROMPT_VOICES } from "./promptVoices";
import { patchOf } from "./patch";
import { REQUIRED, NOT_TEXT, TOO_SHORT, TOO_LONG, requiredOr } from "./fieldMessages";


export const PROMPT_DEFAULTS = { maxTokens: 100, temperature: 1, maxMessages: 10, voice: "texto", model: "gpt-4o-mini" } as const;

const name = z.string({ error: requiredOr(NOT_TEXT) }).trim().min(1, REQUIRED).min(5, TOO_SHORT).max(100, TOO_LONG);
const promptText = z.string({ error: requiredOr(NOT_TEXT) }).trim().min(1, REQUIRED).min(50, TOO_SHORT).max(20_000, TOO_LONG);
/** The provider's key: any non-blank text (providers differ in their formats). */
const apiKey = z
  .string({ error: requiredOr(NOT_TEXT) })
  .trim()
  .min(1, REQUIRED)
  .max(500, TOO_LONG)
  .regex(/^\S+$/, "Must have no spaces");
/** A queue is mandatory (spec 002: the form says 'Informe o setor'; the web shows it for this field). */
const queueId = platformId(REQUIRED);
/** The tuning numbers' ranges (the form names them in its message). */
export const PROMPT_LIMITS = { temperature: { min: 0, max: 2 }, maxTokens: { min: 1, max: 16_000 }, maxMessages: { min: 1, max: 100 } } as const;
const number = (min: number, max: number, integer: boolean) => {
  const base = z.coerce.number({ error: requiredOr("Must be a number") }).min(min, `Must be at least ${min}`).max(max, `Must be at most ${max}`);
  return integer ? base.int("Must be a whole number") : base;
};
const voice = z.enum(PROMPT_VOICES, { error: requiredOr("Unknown voice") });
const shortText = (max: number) => z.string({ error: NOT_TEXT }).trim().max(max, TOO_LONG);
/** An OpenAI-compatible API ("https://api.openai.com/v1" when empty). */
const baseUrl = z
  .string({ error: "Must be a URL" })
  .trim()
  .max(500, TOO_LONG)
  .refine((v) => v === "" || /^https?:\/\/[^\s/]+(\/\S*)?$/i.test(v), "Must be an http(s) URL")
  .transform((v) => v.replace(/\/+$/, ""));
const model = z.string({ error: NOT_TEXT }).trim().min(1, REQUIRED).max(100, TOO_LONG).regex(/^[\w.:/-]+$/, "Must be a model name");

const fields = {
  name,
  prompt: promptText,
  queueId,
  maxTokens: number(PROMPT_LIMITS.maxTokens.min, PROMPT_LIMITS.maxTokens.max, true),
  temperature: number(PROMPT_LIMITS.temperature.min, PROMPT_LIMITS.temperature.max, false),
  maxMessages: number(PROMPT_LIMITS.maxMessages.min, PROMPT_LIMITS.maxMessages.max, true),
  voice,
  voiceKey: shortText(500),
  voiceRegion: shortText(50),
  baseUrl,
  model,
};

export const createPromptInput = z.object({
  ...fields,
  apiKey,
  maxTokens: fields.maxTokens.default(PROMPT_DEFAULTS.maxTokens),
  temperature: fields.temperature.default(PROMPT_DEFAULTS.temperature),
  maxMessages: fields.maxMessages.default(PROMPT_DEFAULTS.maxMessages),
  voice: fields.voice.default(PROMPT_DEFAULTS.voice),
  voiceKey: fields.voiceKey.default(""),
  voiceRegion: fields.voiceRegion.default(""),
  baseUrl: fields.baseUrl.default(""),
  model: fields.model.default(PROMPT_DEFAULTS.model),
});
export type CreatePromptInput = z.infer<typeof createPromptInput>;

/**
 * PUT: any subset. The key is write-only: absent or empty keeps the saved one (the form shows it masked), a new
 * value replaces it from the next message on.
 */
export const updatePromptInput = patchOf({
  name: name.optional(),
  prompt: promptText.optional(),
  queueId: queueId.optional(),
  maxTokens: fields.maxTokens.optional(),
  temperature: fields.temperature.optional(),
  maxMessages: fields.maxMessages.optional(),
  voice: voice.optional(),
  voiceKey: fields.voiceKey.optional(),
  voiceRegion: fields.voiceRegion.optional(),
  baseUrl: baseUrl.optional(),
  model: model.optional(),
  apiKey: z.union([z.literal("").transform(() => undefined), apiKey]).optional(),
});
export type UpdatePromptInput = z.infer<typeof updatePromptInput>;

/** A prompt as the API answers it: never the key, only a masked hint of it. */
export interface PromptView {
  id: number;
  name: string;
  prompt: string;
  queueId: number | null;
  queue: { id: number; name: string; color: string } | null;
  maxTokens: number;
  temperature: number;
  maxMessages: number;
  voice: string;
  /** Masked as the key is ("" when none). */
  voiceKey: string;
  voiceRegion: string;
  baseUrl: string;
  model: string;
  /** e.g. "••••••••x9Zq": the key's last four characters. */
  apiKey: string;
  usage: { calls: number; failures: number; promptTokens: number; completionTokens: number };
  createdAt: string;
  updatedAt: string;
}
