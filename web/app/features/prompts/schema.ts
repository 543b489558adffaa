import { z } from "zod";
import { createPromptInput, PROMPT_LIMITS, updatePromptInput } from "../../../../worker/contracts/prompts";
import type { FieldMessageOverrides } from "../../lib/form-errors";
import { messageWith } from "../../lib/form-errors";
import "./texts";

/**
 * The prompt form: the contract's fields (spec 002: name 5-100, prompt at least 50, a queue required); the key is
 * required when adding and, when editing, blank keeps the saved one (the update contract's). The removal of the
 * saved voice key is the page's own.
 */
export function promptFormSchema(editing: boolean) {
  const { name, prompt, queueId, voice, voiceKey, voiceRegion, temperature, maxTokens, maxMessages, model, baseUrl } = createPromptInput.shape;
  return z.object({
    name,
    apiKey: editing ? updatePromptInput.shape.apiKey : createPromptInput.shape.apiKey,
    prompt,
    queueId,
    voice,
    voiceKey,
    /** Editing only: clear the saved voice key (keys are write-only, so blank means "keep"). */
    removeVoiceKey: z.boolean().optional(),
    voiceRegion,
    temperature,
    maxTokens,
    maxMessages,
    model,
    baseUrl,
  });
}

const numberText = (range: { min: number; max: number }): FieldMessageOverrides => {
  const text = messageWith("prompts.validation.number", range);
  return { required: text, other: text };
};

/** The spec's texts for this form ('Informe o setor'; a number's range). */
export const PROMPT_FORM_MESSAGES: Record<string, FieldMessageOverrides> = {
  name: { tooShort: "prompts.validation.tooShort", tooLong: "prompts.validation.tooLong" },
  prompt: { tooShort: "prompts.validation.tooShort", tooLong: "prompts.validation.tooLong" },
  queueId: { required: "prompts.validation.queue", other: "prompts.validation.queue" },
  baseUrl: { other: "prompts.validation.url" },
  temperature: numberText(PROMPT_LIMITS.temperature),
  maxTokens: numberText(PROMPT_LIMITS.maxTokens),
  maxMessages: numberText(PROMPT_LIMITS.maxMessages),
};
