import { and, eq } from "drizzle-orm";
import type { UpdatePromptInput } from "../../contracts/prompts";
import { prompts, type NewPrompt } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError, fieldError, isUniqueViolation } from "../errors";
import { assertCallableUrls } from "../shared/egressFields";
import { assertPromptAccess } from "./access";
import { assertPromptNameFree, assertPromptQueue, PROMPT_NAME_UNIQUE } from "./names";
import { apiKeyDestination, hintOf, sealPromptSecret, voiceKeyDestination } from "./secrets";
import { recordAudit } from "../audit/recordAudit";
import { changesDetail, HIDDEN } from "../audit/changes";
import { loadPromptView, publishPrompt } from "./view";

/** Why a saved key cannot stay when its destination changes (ADR 0043). */
export const KEY_AGAIN = { apiKey: "Enter the key again: it was saved for another base URL", voiceKey: "Enter the voice key again: it was saved for another region" } as const;

/**
 * Edits a prompt. A new API key replaces the sealed one (the assistant reads it per message, so it is used from
 * the next message on); no key keeps it. voiceKey: absent keeps, "" removes, a value replaces. A key is bound to
 * where it goes: a new base URL (or voice region) without the key typed again is refused with a 400 naming the key
 * field, so a saved key never follows the prompt to another host.
 */
export async function updatePrompt({ ctx, input }: { ctx: Ctx; input: { id: number; patch: UpdatePromptInput } }) {
  await assertPromptAccess(ctx);
  const { id, patch } = input;
  const mine = and(eq(prompts.id, id), eq(prompts.companyId, ctx.companyId));
  const current = await ctx.db.select().from(prompts).where(mine).get();
  if (!current) throw new AppError("ERR_NO_PROMPT_FOUND");
  assertCallableUrls(ctx.env, { baseUrl: patch.baseUrl });
  const apiTo = apiKeyDestination(patch.baseUrl ?? current.baseUrl);
  const voiceTo = voiceKeyDestination(patch.voiceRegion ?? current.voiceRegion);
  const again: Record<string, string> = {};
  if (!patch.apiKey && apiTo.apiKey !== apiKeyDestination(current.baseUrl).apiKey) again.apiKey = KEY_AGAIN.apiKey;
  if (patch.voiceKey === undefined && current.voiceKey && voiceTo.voiceRegion !== voiceKeyDestination(current.voiceRegion).voiceRegion) again.voiceKey = KEY_AGAIN.voiceKey;
  if (Object.keys(again).length) throw fieldError(again);
  if (patch.name !== undefined && patch.name !== current.name) await assertPromptNameFree(ctx, patch.name, id);
  if (patch.queueId !== undefined) await assertPromptQueue(ctx, patch.queueId);

  const { apiKey, voiceKey, ...fields } = patch;
  const changes: Partial<NewPrompt> = { ...fields, updatedAt: new Date() };
  if (apiKey) {
    changes.apiKey = await sealPromptSecret(ctx.env, ctx.companyId, apiKey, apiTo);
    changes.apiKeyHint = hintOf(apiKey);
  }
  if (voiceKey !== undefined) changes.voiceKey = voiceKey ? await sealPromptSecret(ctx.env, ctx.companyId, voiceKey, voiceTo) : "";
  // Each changed field; the instructions only as changed, the keys only as replaced or removed.
  const detail = changesDetail(current, fields, { text: ["prompt"], url: ["baseUrl"] });
  if (apiKey) detail.apiKey = HIDDEN;
  if (voiceKey !== undefined && (voiceKey || current.voiceKey)) detail.voiceKey = voiceKey ? HIDDEN : "removed";
  try {
    // The edit and its entry: one transaction.
    ctx.db.transaction(() => {
      ctx.db.update(prompts).set(changes).where(mine).run();
      if (Object.keys(detail).length > 0) recordAudit(ctx, { action: "prompt.updated", target: { type: "prompt", id, label: patch.name ?? current.name }, detail });
    });
  } catch (err) {
    if (isUniqueViolation(err, PROMPT_NAME_UNIQUE)) throw new AppError("ERR_DUPLICATED_PROMPT");
    throw err;
  }
  const view = (await loadPromptView(ctx.db, ctx.companyId, id))!;
  await publishPrompt(ctx, "update", view);
  return view;
}
