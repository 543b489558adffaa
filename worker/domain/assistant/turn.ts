import { and, asc, desc, eq } from "drizzle-orm";
import { messages, prompts, queues, tickets } from "../../db/tenant";
import type { ChatMessage } from "../../lib/openai";
import type { SystemCtx } from "../context";
import { apiKeyDestination, openPromptSecret, voiceKeyDestination } from "../prompts/secrets";
import type { AssistantJobRef, AssistantTurn } from "../../contracts/hubJobs";
export type { AssistantJobRef, AssistantTurn };


/** Voice notes and audio files a contact sends, as stored. */
const AUDIO = new Set(["audio", "ptt"]);


/** The ticket as the assistant's rules read it. */
export async function assistantTicket(ctx: SystemCtx, ticketId: number) {
  return ctx.db
    .select({ id: tickets.id, status: tickets.status, userId: tickets.userId, useIntegration: tickets.useIntegration, promptId: tickets.promptId, queueId: tickets.queueId, contactId: tickets.contactId })
    .from(tickets)
    .where(and(eq(tickets.companyId, ctx.companyId), eq(tickets.id, ticketId)))
    .get();
}
export type AssistantTicket = NonNullable<Awaited<ReturnType<typeof assistantTicket>>>;

/** Whether the assistant still has this ticket: waiting, no agent, a prompt, and the integration flag on. */
export function withAssistant(t: AssistantTicket | undefined): t is AssistantTicket & { promptId: number } {
  return !!t && t.status === "pending" && t.userId === null && t.useIntegration && t.promptId !== null;
}

/**
 * Whether `messageId` is still the ticket's last message. A newer one (the contact wrote again: that message has
 * its own job; an agent or the assistant answered meanwhile) makes this turn moot, which also makes a redelivered
 * job harmless.
 */
export async function isLastMessage(ctx: SystemCtx, ticketId: number, messageId: number) {
  const last = await ctx.db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.companyId, ctx.companyId), eq(messages.ticketId, ticketId)))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(1)
    .get();
  return last?.id === messageId;
}

/** A message as the model reads it: its text, or what it was when it has none (a photo, a voice note). */
function contentOf(m: { body: string; mediaType: string; mediaName: string | null }) {
  if (m.body.trim()) return m.body;
  return m.mediaType === "chat" ? "" : `[${m.mediaType}${m.mediaName ? `: ${m.mediaName}` : ""}]`;
}

/** The assistant's next turn on a ticket, or null when it is no longer the assistant's to answer. */
export async function assistantTurn({ ctx, input }: { ctx: SystemCtx; input: AssistantJobRef }): Promise<AssistantTurn | null> {
  const ticket = await assistantTicket(ctx, input.ticketId);
  if (!withAssistant(ticket) || !(await isLastMessage(ctx, ticket.id, input.messageId))) return null;
  const prompt = await ctx.db
    .select()
    .from(prompts)
    .where(and(eq(prompts.companyId, ctx.companyId), eq(prompts.id, ticket.promptId)))
    .get();
  if (!prompt) return null;
  // The latest maxMessages, then put back in the order they were said (the anchors sent the oldest ones).
  const recent = await ctx.db
    .select({ id: messages.id, body: messages.body, fromMe: messages.fromMe, mediaType: messages.mediaType, mediaName: messages.mediaName, mediaUrl: messages.mediaUrl })
    .from(messages)
    .where(and(eq(messages.companyId, ctx.companyId), eq(messages.ticketId, ticket.id), eq(messages.isDeleted, false)))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(prompt.maxMessages)
    .all();
  const said = recent.reverse().filter((m) => contentOf(m) !== "");
  const history: ChatMessage[] = said.map((m) => ({ role: m.fromMe ? ("assistant" as const) : ("user" as const), content: contentOf(m) }));
  // The message that woke the assistant is a voice note with no transcript yet: the job transcribes it first.
  const last = said.at(-1);
  const transcribe =
    last && last.id === input.messageId && !last.fromMe && AUDIO.has(last.mediaType) && !last.body.trim() && last.mediaUrl
      ? { messageId: last.id, key: last.mediaUrl, filename: last.mediaName || "audio.ogg", index: history.length }
      : null;
  const voiceKey = prompt.voice !== "texto" && prompt.voiceKey && prompt.voiceRegion ? await openPromptSecret(ctx.env, ctx.companyId, prompt.voiceKey, voiceKeyDestination(prompt.voiceRegion)) : null;
  const companyQueues = await ctx.db.select({ id: queues.id, name: queues.name }).from(queues).where(eq(queues.companyId, ctx.companyId)).orderBy(asc(queues.name)).all();
  return {
    promptId: prompt.id,
    model: prompt.model,
    baseUrl: prompt.baseUrl,
    apiKey: await openPromptSecret(ctx.env, ctx.companyId, prompt.apiKey, apiKeyDestination(prompt.baseUrl)),
    temperature: prompt.temperature,
    maxTokens: prompt.maxTokens,
    messages: [{ role: "system", content: prompt.prompt }, ...history],
    queues: companyQueues,
    transcribe,
    voice: prompt.voice === "texto" ? null : { name: prompt.voice, azure: voiceKey ? { key: voiceKey, region: prompt.voiceRegion } : null },
  };
}
