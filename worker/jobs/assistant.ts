import type { AssistantJob } from "../contracts/outbound";
import { assistantTools, outcomeOf } from "../domain/assistant/tools";
import type { AssistantOutcome } from "../domain/assistant/outcome";
import type { HubDirectory } from "../domain/hubPort";
import type { Env } from "../env";
import { egressPolicy } from "../lib/egress";
import { AiError, chatCompletion, type ChatOptions } from "../lib/openai";
import { azureSpeech, openAiSpeech, transcribe, VOICE_MIMETYPE } from "../lib/speech";
import type { AssistantTurn } from "../domain/assistant/turn";

/** Timeouts, retries and the clock of the AI calls; where they may go is the environment's egress policy. */
export type AiLimits = Omit<ChatOptions, "egress">;

/** The AI provider's limits for one turn, from the environment when set (AI_TIMEOUT_MS, AI_RETRIES). */
export function aiOptions(env: Pick<Env, "AI_TIMEOUT_MS" | "AI_RETRIES">): AiLimits {
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
export async function runAssistantJob(hubs: HubDirectory, env: Env, job: AssistantJob, limits: AiLimits = aiOptions(env)) {
  const options: ChatOptions = { ...limits, egress: egressPolicy(env) };
  const hub = hubs.of(job.companyId);
  const ref = { ticketId: job.ticketId, messageId: job.messageId };
  const turn = await hub.call("assistantTurn", ref);
  if (!turn) return;
  let outcome: AssistantOutcome;
  if (!turn.apiKey) {
    outcome = { kind: "failed", reason: "auth", detail: "The saved key could not be opened", usage: null };
  } else {
    try {
      // A voice note is heard first: its transcript goes into the chat and, as its text, to the model.
      if (turn.transcribe) {
        const text = await transcribeNote(env, turn, turn.apiKey, options);
        await hub.call("assistantTranscript", { messageId: turn.transcribe.messageId, text });
        turn.messages[turn.transcribe.index] = { role: "user", content: text || turn.messages[turn.transcribe.index]!.content };
      }
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
      if (outcome.kind === "answer" && outcome.text && turn.voice) outcome.audio = await spoken(env, job.companyId, turn, turn.apiKey, outcome.text, options);
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

async function transcribeNote(env: Env, turn: AssistantTurn, apiKey: string, options: ChatOptions) {
  const note = turn.transcribe!;
  const object = await env.MEDIA.get(note.key);
  if (!object) return "";
  return transcribe({ baseUrl: turn.baseUrl, apiKey, audio: await object.arrayBuffer(), mimetype: (object.httpMetadata?.contentType ?? "audio/ogg").split(";")[0]!, filename: note.filename }, options);
}

/**
 * The answer as a voice note (Ogg/Opus, stored in R2 for the send): Azure's voice when the prompt has its key and
 * region, else OpenAI's speech with the prompt's key. A speech failure is not the turn's: the answer goes as text.
 */
async function spoken(env: Env, companyId: number, turn: AssistantTurn, apiKey: string, text: string, options: ChatOptions) {
  const voice = turn.voice!;
  try {
    const audio = voice.azure
      ? await azureSpeech({ key: voice.azure.key, region: voice.azure.region, text, voice: voice.name, urlTemplate: env.AZURE_SPEECH_URL }, options)
      : await openAiSpeech({ baseUrl: turn.baseUrl, apiKey, text, voice: voice.name }, options);
    const name = `resposta-${Date.now()}.ogg`;
    const key = `companies/${companyId}/messages/${crypto.randomUUID()}/${name}`;
    await env.MEDIA.put(key, audio, { httpMetadata: { contentType: VOICE_MIMETYPE } });
    return { key, name };
  } catch (err) {
    if (!(err instanceof AiError)) throw err;
    console.warn("assistant: speech failed; the answer goes as text", { companyId, reason: err.reason, status: err.status });
    return undefined;
  }
}
