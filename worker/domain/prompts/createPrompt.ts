import type { CreatePromptInput } from "../../contracts/prompts";
import { prompts } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError, isUniqueViolation } from "../errors";
import { assertPromptAccess } from "./access";
import { assertPromptNameFree, assertPromptQueue, PROMPT_NAME_UNIQUE } from "./names";
import { assertCallableUrls } from "../shared/egressFields";
import { apiKeyDestination, hintOf, sealPromptSecret, voiceKeyDestination } from "./secrets";
import { recordAudit } from "../audit/recordAudit";
import { loadPromptView, publishPrompt } from "./view";

/**
 * Adds an AI assistant prompt (admins, plan useOpenAi). Its base URL must be one the egress guard lets the worker
 * call; its keys are sealed, each bound to where it goes (the base URL, the voice region), before they are stored.
 */
export async function createPrompt({ ctx, input }: { ctx: Ctx; input: CreatePromptInput }) {
  await assertPromptAccess(ctx);
  assertCallableUrls(ctx.env, { baseUrl: input.baseUrl });
  await assertPromptNameFree(ctx, input.name);
  await assertPromptQueue(ctx, input.queueId);
  const { apiKey, voiceKey, ...fields } = input;
  const now = new Date();
  // Sealed before the write, so the insert and its entry run with no await between them.
  const sealedApiKey = await sealPromptSecret(ctx.env, ctx.companyId, apiKey, apiKeyDestination(input.baseUrl));
  const sealedVoiceKey = voiceKey ? await sealPromptSecret(ctx.env, ctx.companyId, voiceKey, voiceKeyDestination(input.voiceRegion)) : "";
  let id: number;
  try {
    id = ctx.db.transaction(() => {
      const row = ctx.db
        .insert(prompts)
        .values({ ...fields, companyId: ctx.companyId, apiKey: sealedApiKey, apiKeyHint: hintOf(apiKey), voiceKey: sealedVoiceKey, createdAt: now, updatedAt: now })
        .returning({ id: prompts.id })
        .get();
      recordAudit(ctx, { action: "prompt.created", target: { type: "prompt", id: row.id, label: input.name }, detail: { queueId: input.queueId ?? null } });
      return row.id;
    });
  } catch (err) {
    if (isUniqueViolation(err, PROMPT_NAME_UNIQUE)) throw new AppError("ERR_DUPLICATED_PROMPT");
    throw err;
  }
  const view = (await loadPromptView(ctx.db, ctx.companyId, id))!;
  await publishPrompt(ctx, "create", view);
  return view;
}
