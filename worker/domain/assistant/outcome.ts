import { and, eq, sql } from "drizzle-orm";
import { handOver } from "./handOver";
import { messages, prompts, promptUsage } from "../../db/tenant";
import { publishMessageUpdate } from "../messages/publishMessageUpdate";
import type { ChatUsage } from "../../lib/openai";
import { storeOutboundMessage } from "../messages/storeOutboundMessage";
import type { SystemCtx } from "../context";
import { settingsFor } from "../settings/companySettingValues";
import { assistantTicket, isLastMessage, withAssistant, type AssistantJobRef } from "./turn";
import { failureNote } from "./notes";
import type { AssistantOutcome } from "../../contracts/hubJobs";
export type { AssistantOutcome };


/**
 * Carries out the assistant's turn on a ticket (runs in the hub's command queue, so it never interleaves with an
 * inbound message or an agent's accept): usage recorded whatever happens; then, if the ticket is still the
 * assistant's and nothing was said since, the answer is sent as the bot, or the ticket is handed to a queue's
 * agents (a transfer, tracked as one), or, when the call failed, it is left for an agent with a note saying why.
 */
export async function assistantOutcome({ ctx, input }: { ctx: SystemCtx; input: AssistantJobRef & { promptId: number; outcome: AssistantOutcome } }) {
  const { outcome } = input;
  await recordUsage(ctx, input.promptId, outcome.usage, outcome.kind === "failed");
  const ticket = await assistantTicket(ctx, input.ticketId);
  if (!withAssistant(ticket) || ticket.promptId !== input.promptId || !(await isLastMessage(ctx, ticket.id, input.messageId))) return { applied: false };

  if (outcome.kind === "answer") {
    // The job delivers the answer at once (a queued send would add the queue's wait); the queued one is a safety net.
    if (!outcome.text) return { applied: true };
    const { message } = await storeOutboundMessage(ctx, ticket.id, {
      body: outcome.text,
      ...(outcome.audio ? { mediaType: "audio", mediaUrl: outcome.audio.key, mediaName: outcome.audio.name } : {}),
      bot: { kind: "assistant" },
      deliveredByCaller: { fallbackDelaySeconds: 10 },
    });
    return { applied: true, deliverNow: message.id as number };
  }
  if (outcome.kind === "transfer") {
    // What the model said with its hand-over ("I'll pass you to our team") goes first.
    if (outcome.text) await storeOutboundMessage(ctx, ticket.id, { body: outcome.text, bot: { kind: "assistant" } });
    const prompt = await ctx.db.select({ queueId: prompts.queueId }).from(prompts).where(and(eq(prompts.companyId, ctx.companyId), eq(prompts.id, input.promptId))).get();
    await handOver(ctx, input.ticketId, outcome.queueId ?? prompt?.queueId ?? ticket.queueId, null);
  } else {
    const settings = await settingsFor(ctx, ["language"]);
    await handOver(ctx, input.ticketId, ticket.queueId, failureNote(settings.language, outcome.reason));
  }
  return { applied: true };
}

async function recordUsage(ctx: SystemCtx, promptId: number, usage: ChatUsage | null, failed: boolean) {
  const promptTokens = usage?.promptTokens ?? 0;
  const completionTokens = usage?.completionTokens ?? 0;
  const failures = failed ? 1 : 0;
  await ctx.db
    .insert(promptUsage)
    .values({ companyId: ctx.companyId, promptId, calls: 1, failures, promptTokens, completionTokens, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: [promptUsage.companyId, promptUsage.promptId],
      set: {
        calls: sql`${promptUsage.calls} + 1`,
        failures: sql`${promptUsage.failures} + ${failures}`,
        promptTokens: sql`${promptUsage.promptTokens} + ${promptTokens}`,
        completionTokens: sql`${promptUsage.completionTokens} + ${completionTokens}`,
        updatedAt: new Date(),
      },
    });
}

/**
 * A contact's voice note as the assistant heard it: the transcript becomes the message's text (shown under the
 * audio in the chat), unless someone gave it one meanwhile.
 */
export async function assistantTranscript({ ctx, input }: { ctx: SystemCtx; input: { messageId: number; text: string } }) {
  const text = input.text.trim().slice(0, 10_000);
  if (!text) return { saved: false };
  const updated = await ctx.db
    .update(messages)
    .set({ body: text, updatedAt: new Date() })
    .where(and(eq(messages.companyId, ctx.companyId), eq(messages.id, input.messageId), eq(messages.body, "")))
    .returning({ id: messages.id })
    .get();
  if (updated) await publishMessageUpdate(ctx, updated.id);
  return { saved: !!updated };
}
