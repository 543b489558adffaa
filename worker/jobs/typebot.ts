import { allowedMediaTypes, MAX_MEDIA_BYTES } from "../contracts/messages";
import type { BotAction, BotMessage, IntegrationOutcome } from "../domain/integrations/outcome";
import type { TypebotTurn } from "../domain/integrations/turn";
import { safeName } from "../domain/messages/uploadedMedia";
import type { Env } from "../env";
import type { HttpOptions } from "../lib/httpJson";
import { continueChat, startChat, type TypebotBubble, type TypebotResult } from "../lib/typebot";

const same = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/**
 * One contact message through a Typebot flow (ADR 0040): the finish keyword lets the ticket go to an agent, the
 * restart keyword forgets the session (with the restart text), an expired session starts over, a message with no
 * text gets the unknown-message text, a number answers the numbered choices offered last; otherwise the message
 * continues the session (or starts one). The bot's bubbles become messages (media stored in R2 first), its choice
 * input numbered options, and a '#' JSON bubble a command. A flow that ends hands the ticket to an agent.
 */
export async function typebotExchange(env: Env, companyId: number, turn: TypebotTurn, opts: HttpOptions): Promise<IntegrationOutcome> {
  const base = { kind: "bot" as const, delayMs: turn.delayMs };
  if (turn.keywordFinish && turn.text && same(turn.text, turn.keywordFinish)) return { ...base, messages: [], session: null, action: { type: "end" } };
  if (turn.keywordRestart && turn.text && same(turn.text, turn.keywordRestart)) {
    return { ...base, messages: turn.restartMessage ? [{ body: turn.restartMessage }] : [], session: null };
  }
  const expired = turn.session && turn.expiresMinutes > 0 && turn.now - turn.session.lastAt > turn.expiresMinutes * 60_000;
  const session = expired ? null : turn.session;
  if (session && !turn.text) {
    return { ...base, messages: turn.unknownMessage ? [{ body: turn.unknownMessage }] : [], session: { sessionId: session.sessionId, choices: session.choices } };
  }
  const variables = { number: turn.contact.number, pushName: turn.contact.name, firstMessage: turn.text };
  let result: TypebotResult;
  if (!session) result = await startChat(turn.baseUrl, turn.publicId, variables, opts);
  else {
    result = await continueChat(turn.baseUrl, session.sessionId, choiceAnswer(turn.text, session.choices), opts);
    // Typebot forgot the session (it ended, or its server was reset): this message starts the flow again.
    if (!result.ok && result.status === 404) result = await startChat(turn.baseUrl, turn.publicId, variables, opts);
  }
  if (!result.ok) return { kind: "failed", reason: result.reason, status: result.status };

  const { reply } = result;
  const messages: BotMessage[] = [];
  let action: BotAction | undefined;
  for (const bubble of reply.bubbles) {
    if (bubble.kind === "command") {
      action = actionOf(bubble.command);
      if (action) break;
      continue;
    }
    messages.push(bubble.kind === "text" ? { body: bubble.text } : await storedMedia(env, companyId, bubble, opts));
  }
  if (!action && reply.choices) messages.push({ body: reply.choices.map((c, i) => `${i + 1} - ${c}`).join("\n") });
  if (!action && reply.ended) action = { type: "end" };
  return { ...base, messages, session: action ? null : { sessionId: reply.sessionId, choices: reply.choices ?? [] }, action };
}

/** "2" after numbered choices answers the second one's text; anything else goes as typed. */
export function choiceAnswer(text: string, choices: string[]) {
  const n = /^\s*(\d{1,3})\s*[.)-]?\s*$/.exec(text)?.[1];
  const picked = n ? choices[Number(n) - 1] : undefined;
  return picked ?? text;
}

function actionOf(command: Extract<TypebotBubble, { kind: "command" }>["command"]): BotAction | undefined {
  if (command.queueId || command.queue || command.userId) {
    return { type: "transfer", ...(command.queueId ? { queueId: command.queueId } : {}), ...(command.queue ? { queue: command.queue } : {}), ...(command.userId ? { userId: command.userId } : {}) };
  }
  if (command.stopBot) return { type: "end" };
  return undefined;
}

const BY_BUBBLE: Record<string, string> = { image: "image", audio: "audio", video: "video", file: "application" };

/**
 * A media bubble's file fetched (with a timeout and the app's size cap) and stored under the company in R2, so it
 * is sent as a WhatsApp image, audio, video or document; when it cannot be, its link is sent as text instead.
 */
async function storedMedia(env: Env, companyId: number, bubble: Extract<TypebotBubble, { kind: "media" }>, opts: HttpOptions): Promise<BotMessage> {
  try {
    const res = await fetch(bubble.url, { signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000) });
    const declared = Number(res.headers.get("content-length") ?? "0");
    if (!res.ok || declared > MAX_MEDIA_BYTES) return { body: bubble.url };
    const bytes = await res.arrayBuffer();
    if (bytes.byteLength > MAX_MEDIA_BYTES || bytes.byteLength === 0) return { body: bubble.url };
    const type = (res.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    const mediaType = allowedMediaTypes[type] ?? BY_BUBBLE[bubble.mediaType]!;
    const name = safeName(decodeURIComponent(new URL(bubble.url).pathname.split("/").pop() || bubble.mediaType));
    const key = `companies/${companyId}/messages/${crypto.randomUUID()}/${name}`;
    await env.MEDIA.put(key, bytes, { httpMetadata: { contentType: type || "application/octet-stream" } });
    return { body: "", media: { mediaType, key, name } };
  } catch {
    return { body: bubble.url };
  }
}
