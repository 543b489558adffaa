import { and, eq } from "drizzle-orm";
import type { UpdatePromptInput } from "../../contracts/prompts";
import { prompts, type NewPrompt } from "../../db/schema";
import type { Ctx } from "../context";
import { AppError, isUniqueViolation } from "../errors";
import { assertPromptAccess } from "./access";
import { assertPromptNameFree, assertPromptQueue, PROMPT_NAME_UNIQUE } from "./names";
import { hintOf, sealPromptSecret } from "./secrets";
import { loadPromptView, publishPrompt } from "./view";

/**
 * Edits a prompt. A new API key replaces the sealed one (the assistant reads it per message, so it is used from
 * the next message on); no key keeps it. voiceKey: absent keeps, "" removes, a value replaces.
 */
export async function updatePrompt({ ctx, input }: { ctx: Ctx; input: { id: number; patch: UpdatePromptInput } }) {
  await assertPromptAccess(ctx);
  const { id, patch } = input;
  const mine = and(eq(prompts.id, id), eq(prompts.companyId, ctx.companyId));
  const current = await ctx.db.select({ name: prompts.name }).from(prompts).where(mine).get();
  if (!current) throw new AppError("ERR_NO_PROMPT_FOUND");
  if (patch.name !== undefined && patch.name !== current.name) await assertPromptNameFree(ctx, patch.name, id);
  if (patch.queueId !== undefined) await assertPromptQueue(ctx, patch.queueId);

  const { apiKey, voiceKey, ...fields } = patch;
  const changes: Partial<NewPrompt> = { ...fields, updatedAt: new Date() };
  if (apiKey) {
    changes.apiKey = await sealPromptSecret(ctx.env, ctx.companyId, apiKey);
    changes.apiKeyHint = hintOf(apiKey);
  }
  if (voiceKey !== undefined) changes.voiceKey = voiceKey ? await sealPromptSecret(ctx.env, ctx.companyId, voiceKey) : "";
  try {
    await ctx.db.update(prompts).set(changes).where(mine);
  } catch (err) {
    if (isUniqueViolation(err, PROMPT_NAME_UNIQUE)) throw new AppError("ERR_DUPLICATED_PROMPT");
    throw err;
  }
  const view = (await loadPromptView(ctx.db, ctx.companyId, id))!;
  await publishPrompt(ctx, "update", view);
  return view;
}
