import { and, eq } from "drizzle-orm";
import type { PromptView } from "../../contracts/prompts";
import type { Db } from "../../db/client";
import { prompts, promptUsage, queues } from "../../db/tenant";
import type { Ctx } from "../context";
import { masked } from "./secrets";

/** What a prompt is answered with is read with these (the sealed keys themselves never leave the hub). */
export const promptViewColumns = {
  id: prompts.id,
  name: prompts.name,
  prompt: prompts.prompt,
  queueId: prompts.queueId,
  maxTokens: prompts.maxTokens,
  temperature: prompts.temperature,
  maxMessages: prompts.maxMessages,
  voice: prompts.voice,
  voiceKey: prompts.voiceKey,
  voiceRegion: prompts.voiceRegion,
  baseUrl: prompts.baseUrl,
  model: prompts.model,
  apiKeyHint: prompts.apiKeyHint,
  createdAt: prompts.createdAt,
  updatedAt: prompts.updatedAt,
  queueName: queues.name,
  queueColor: queues.color,
  calls: promptUsage.calls,
  failures: promptUsage.failures,
  promptTokens: promptUsage.promptTokens,
  completionTokens: promptUsage.completionTokens,
};

type Row = NonNullable<Awaited<ReturnType<ReturnType<typeof promptRows>["get"]>>>;

export function promptRows(db: Db) {
  return db
    .select(promptViewColumns)
    .from(prompts)
    .leftJoin(queues, eq(queues.id, prompts.queueId))
    .leftJoin(promptUsage, and(eq(promptUsage.companyId, prompts.companyId), eq(promptUsage.promptId, prompts.id)));
}

export function presentPrompt(r: Row): PromptView {
  return {
    id: r.id,
    name: r.name,
    prompt: r.prompt,
    queueId: r.queueId,
    queue: r.queueId !== null && r.queueName !== null ? { id: r.queueId, name: r.queueName, color: r.queueColor ?? "" } : null,
    maxTokens: r.maxTokens,
    temperature: r.temperature,
    maxMessages: r.maxMessages,
    voice: r.voice,
    // The speech key is sealed like the API key; only whether there is one shows.
    voiceKey: r.voiceKey ? masked("") : "",
    voiceRegion: r.voiceRegion,
    baseUrl: r.baseUrl,
    model: r.model,
    apiKey: masked(r.apiKeyHint),
    usage: { calls: r.calls ?? 0, failures: r.failures ?? 0, promptTokens: r.promptTokens ?? 0, completionTokens: r.completionTokens ?? 0 },
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export async function loadPromptView(db: Db, companyId: number, id: number): Promise<PromptView | undefined> {
  const row = await promptRows(db)
    .where(and(eq(prompts.companyId, companyId), eq(prompts.id, id)))
    .get();
  return row ? presentPrompt(row) : undefined;
}

/** Spec 002's company-{id}-prompt channel: to the company's admins (the only ones who see the page). */
export async function publishPrompt(ctx: Ctx, action: "create" | "update", prompt: PromptView) {
  await ctx.hub.publish([{ audience: { kind: "admins" }, event: { type: "prompt", action, prompt: { ...prompt }, promptId: prompt.id } }]);
}
