import type { BotAction, BotMessage, IntegrationOutcome, SkippedMedia } from "../domain/integrations/outcome";
import type { TypebotTurn } from "../domain/integrations/turn";
import { safeName } from "../domain/messages/uploadedMedia";
import type { Env } from "../env";
import type { HttpOptions } from "../lib/httpJson";
import { fetchMediaByLink } from "../lib/mediaByLink";
import { continueChat, startChat, type TypebotBubble, type TypebotResult } from "../lib/typebot";

const same = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/**
 * One contact message through a Typebot flow (ADR 0040): the finish keyword lets the ticket go to an agent, the
 * restart keyword forgets the session (with the restart text), an expired session starts over, a message with no
 * text gets the unknown-message text, a number answers the numbered choices offered last; otherwise the message
 * continues the session (or starts one). The bot's bubbles become messages (media fetched through the egress guard
 * and stored in R2 first), its choice input numbered options, and a '#' JSON bubble a command. A flow that ends hands
 * the ticket to an agent.
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
  const skipped: SkippedMedia[] = [];
  let action: BotAction | undefined;
  for (const bubble of reply.bubbles) {
    if (bubble.kind === "command") {
      action = actionOf(bubble.command);
      if (action) break;
      continue;
    }
    if (bubble.kind === "text") messages.push({ body: bubble.text });
    else {
      const said = await storedMedia(env, companyId, bubble, opts);
      if ("skipped" in said) skipped.push(said.skipped);
      if (said.message) messages.push(said.message);
    }
  }
  if (!action && reply.choices) messages.push({ body: reply.choices.map((c, i) => `${i + 1} - ${c}`).join("\n") });
  if (!action && reply.ended) action = { type: "end" };
  return { ...base, messages, session: action ? null : { sessionId: reply.sessionId, choices: reply.choices ?? [] }, action, ...(skipped.length ? { skipped } : {}) };
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

/**
 * A media bubble's file fetched by its link (the egress guard, a timeout, the media size cap, its type read from its
 * bytes) and stored under the company in R2, so it is sent as a WhatsApp image, audio, video or document. One that
 * cannot be is skipped with its reason (the ticket gets a note): an address the guard refuses is not said at all;
 * otherwise its link is sent as text instead.
 */
async function storedMedia(env: Env, companyId: number, bubble: Extract<TypebotBubble, { kind: "media" }>, opts: HttpOptions): Promise<{ message: BotMessage } | { message: BotMessage | null; skipped: SkippedMedia }> {
  const fetched = await fetchMediaByLink(opts.egress, bubble.url, bubble.mediaType, { timeoutMs: opts.timeoutMs ?? 15_000 });
  if (!fetched.ok) return { message: fetched.reason === "forbidden" ? null : { body: bubble.url }, skipped: { reason: fetched.reason, detail: fetched.detail } };
  let name = bubble.mediaType as string;
  try {
    name = decodeURIComponent(new URL(bubble.url).pathname.split("/").pop() || name);
  } catch {
    // a malformed escape in the name: the bubble's kind names it
  }
  name = safeName(name);
  const key = `companies/${companyId}/messages/${crypto.randomUUID()}/${name}`;
  try {
    await env.MEDIA.put(key, fetched.bytes, { httpMetadata: { contentType: fetched.contentType } });
  } catch {
    return { message: { body: bubble.url }, skipped: { reason: "unreachable", detail: "The file could not be stored" } };
  }
  return { message: { body: "", media: { mediaType: fetched.mediaType, key, name } } };
}
