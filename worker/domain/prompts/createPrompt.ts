import type { CreatePromptInput } from "../../contracts/prompts";
import { prompts } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError, isUniqueViolation } from "../errors";
import { assertPromptAccess } from "./access";
import { assertPromptNameFree, assertPromptQueue, PROMPT_NAME_UNIQUE } from "./names";
import { assertCallableUrls } from "../shared/egressFields";
import { apiKeyDestination, hintOf, sealPromptSecret, voiceKeyDestination } from "./secrets";
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
  let id: number;
  try {
    const row = await ctx.db
      .insert(prompts)
      .values({
        ...fields,
        companyId: ctx.companyId,
        apiKey: await sealPromptSecret(ctx.env, ctx.companyId, apiKey, apiKeyDestination(input.baseUrl)),
        apiKeyHint: hintOf(apiKey),
        voiceKey: voiceKey ? await sealPromptSecret(ctx.env, ctx.companyId, voiceKey, voiceKeyDestination(input.voiceRegion)) : "",
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: prompts.id })
      .get();
    id = row.id;
  } catch (err) {
    if (isUniqueViolation(err, PROMPT_NAME_UNIQUE)) throw new AppError("ERR_DUPLICATED_PROMPT");
    throw err;
  }
  const view = (await loadPromptView(ctx.db, ctx.companyId, id))!;
  await publishPrompt(ctx, "create", view);
  return view;
}
