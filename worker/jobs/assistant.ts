import type { AssistantJob } from "../contracts/outbound";
import { assistantTools, outcomeOf } from "../domain/assistant/tools";
import type { AssistantOutcome } from "../domain/assistant/outcome";
import type { HubDirectory } from "../domain/hubPort";
import type { Env } from "../env";
import { AiError, chatCompletion, type ChatOptions } from "../lib/openai";

/** The AI provider's limits for one turn, from the environment when set (AI_TIMEOUT_MS, AI_RETRIES). */
export function aiOptions(env: Pick<Env, "AI_TIMEOUT_MS" | "AI_RETRIES">): ChatOptions {
  const timeoutMs = Number(env.AI_TIMEOUT_MS);
  const retries = Number(env.AI_RETRIES);
  return {
    ...(Number.isFinite(timeoutMs) && timeoutMs > 0 ? { timeoutMs } : {}),
    ...(Number.isInteger(retries) && retries >= 0 ? { retries } : {}),
  };
}

/**
 * One assistant turn, run by the OUTBOUND consumer, outside the company's hub: the hub gives the turn (prompt,
 * key, latest messages), the model is called here (the hub goes on serving agents meanwhile), and the hub
 * carries out what came of it. A failed call is an outcome too (the ticket goes to a human with a note), so only
 * a hub that cannot be reached makes the job retry.
 */
export async function runAssistantJob(hubs: HubDirectory, env: Env, job: AssistantJob, options: ChatOptions = aiOptions(env)) {
  const hub = hubs.of(job.companyId);
  const ref = { ticketId: job.ticketId, messageId: job.messageId };
  const turn = await hub.call("assistantTurn", ref);
  if (!turn) return;
  let outcome: AssistantOutcome;
  if (!turn.apiKey) {
    outcome = { kind: "failed", reason: "auth", detail: "The saved key could not be opened", usage: null };
  } else {
    try {
      const answer = await chatCompletion(
        {
          baseUrl: turn.baseUrl,
          apiKey: turn.apiKey,
          model: turn.model,
          messages: turn.messages,
          temperature: turn.temperature,
          maxTokens: turn.maxTokens,
          tools: assistantTools(turn),
        },
        options,
      );
      outcome = outcomeOf(answer, turn);
    } catch (err) {
      if (!(err instanceof AiError)) throw err;
      // Never the key: the reason and the provider's short message only.
      console.warn("assistant: call failed", { companyId: job.companyId, ticketId: job.ticketId, reason: err.reason, status: err.status });
      outcome = { kind: "failed", reason: err.reason, detail: err.message, usage: err.usage };
    }
  }
  const done = await hub.call("assistantOutcome", { ...ref, promptId: turn.promptId, outcome });
  if ("deliverNow" in done && done.deliverNow) {
    try {
      await hub.call("deliverOutbound", { kind: "send", companyId: job.companyId, messageId: done.deliverNow });
    } catch (err) {
      // The queued send (a few seconds later) delivers it, with its own retries.
      console.warn("assistant: immediate delivery failed; the queued send will retry", { companyId: job.companyId, messageId: done.deliverNow, error: String(err) });
    }
  }
}
