import { z } from "zod";
import { platformIdText } from "../contracts/ids";
import { requestJson, type HttpOptions, type HttpResult } from "./httpJson";

/**
 * A client for Typebot's chat API (docs.typebot.io, "Deploy > API"): POST {base}/api/v1/typebots/{publicId}/startChat
 * starts a session (its answer carries the sessionId), POST {base}/api/v1/sessions/{sessionId}/continueChat sends
 * the contact's reply. Both answer the bot's bubbles (`messages`) up to its next `input` (none: the flow ended).
 * Text bubbles are asked for as markdown (`textBubbleContentFormat`); rich text from older servers is flattened.
 * See ADR 0040.
 */

/** What the bot said, as WhatsApp messages: text, a media file by URL, or a '#' JSON command. */
export type TypebotBubble =
  | { kind: "text"; text: string }
  | { kind: "media"; mediaType: "image" | "audio" | "video" | "file"; url: string }
  | { kind: "command"; command: TypebotCommand };

/** A text bubble "#{...}": stop the bot, or hand the ticket to a queue (by id or name) and/or a user. */
export const typebotCommand = z.object({
  stopBot: z.boolean().optional(),
  // Ids by the id contract, as a number or its text ("12"); z.coerce also took true as 1 and "1e3" as 1000.
  queueId: platformIdText().optional(),
  queue: z.string().min(1).optional(),
  userId: platformIdText().optional(),
});
export type TypebotCommand = z.infer<typeof typebotCommand>;

export interface TypebotReply {
  sessionId: string;
  bubbles: TypebotBubble[];
  /** The choice input's items, offered as numbered options (null: the bot waits for free text or ended). */
  choices: string[] | null;
  /** No input follows: the flow is over and the session is gone. */
  ended: boolean;
}

export type TypebotResult = { ok: true; reply: TypebotReply } | Extract<HttpResult, { ok: false }>;

const richNode: z.ZodType<{ text?: string; type?: string; bold?: boolean; italic?: boolean; children?: unknown[] }> = z.looseObject({
  text: z.string().optional(),
  type: z.string().optional(),
  bold: z.boolean().optional(),
  italic: z.boolean().optional(),
  children: z.array(z.unknown()).optional(),
});

const chatReply = z.object({
  sessionId: z.string().optional(),
  messages: z
    .array(
      z.looseObject({
        type: z.string(),
        content: z
          .looseObject({
            type: z.string().optional(),
            markdown: z.string().optional(),
            richText: z.array(z.unknown()).optional(),
            plainText: z.string().optional(),
            url: z.string().optional(),
          })
          .optional(),
      }),
    )
    .default([]),
  input: z
    .looseObject({
      type: z.string(),
      items: z.array(z.looseObject({ content: z.string().optional() })).optional(),
    })
    .nullish(),
});

export async function startChat(baseUrl: string, publicId: string, prefilledVariables: Record<string, string>, opts: HttpOptions): Promise<TypebotResult> {
  const url = `${trimBase(baseUrl)}/api/v1/typebots/${encodeURIComponent(publicId)}/startChat`;
  const result = await requestJson(url, { headers: { "content-type": "application/json" }, body: JSON.stringify({ isStreamEnabled: false, prefilledVariables, textBubbleContentFormat: "markdown" }) }, opts);
  return readReply(result, null);
}

export async function continueChat(baseUrl: string, sessionId: string, text: string, opts: HttpOptions): Promise<TypebotResult> {
  const url = `${trimBase(baseUrl)}/api/v1/sessions/${encodeURIComponent(sessionId)}/continueChat`;
  const result = await requestJson(url, { headers: { "content-type": "application/json" }, body: JSON.stringify({ message: { type: "text", text }, textBubbleContentFormat: "markdown" }) }, opts);
  return readReply(result, sessionId);
}

const trimBase = (url: string) => url.replace(/\/+$/, "");

function readReply(result: HttpResult, sessionId: string | null): TypebotResult {
  if (!result.ok) return result;
  const parsed = chatReply.safeParse(result.json);
  const id = parsed.success ? (parsed.data.sessionId ?? sessionId) : null;
  if (!parsed.success || !id) return { ok: false, status: result.status, reason: "bad_response", detail: "The answer was not a Typebot chat reply" };
  const bubbles = parsed.data.messages.map(bubbleOf).filter((b): b is TypebotBubble => b !== null);
  const input = parsed.data.input ?? null;
  const choices = input?.type === "choice input" ? (input.items ?? []).map((i) => i.content ?? "").filter(Boolean) : null;
  return { ok: true, reply: { sessionId: id, bubbles, choices: choices?.length ? choices : null, ended: input === null } };
}

type RawMessage = z.infer<typeof chatReply>["messages"][number];

function bubbleOf(m: RawMessage): TypebotBubble | null {
  const content = m.content ?? {};
  if (m.type === "text") {
    const text = (content.markdown !== undefined ? whatsAppText(content.markdown) : (content.plainText ?? flatten(content.richText ?? []))).trim();
    if (!text) return null;
    const command = commandOf(text);
    return command ? { kind: "command", command } : { kind: "text", text };
  }
  const url = content.url;
  if (!url || !/^https?:\/\//i.test(url)) return null;
  if (m.type === "image" || m.type === "audio" || m.type === "video") return { kind: "media", mediaType: m.type, url };
  if (m.type === "embed") return { kind: "media", mediaType: "file", url };
  return null;
}

/** "#{...}" with a JSON object the command schema accepts; anything else is said as text. */
function commandOf(text: string): TypebotCommand | null {
  if (!text.startsWith("#")) return null;
  try {
    const parsed = typebotCommand.safeParse(JSON.parse(text.slice(1)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Typebot's markdown as WhatsApp writes it: **bold** becomes *bold*, *italic* becomes _italic_, and markdown's
 * backslash escapes are dropped (a '#' command's JSON comes through whole).
 */
export function whatsAppText(markdown: string): string {
  const BOLD = "\u0000";
  return markdown
    .replace(/\\([\\`*_{}\[\]()#+\-.!>"])/g, "$1")
    .replace(/\*\*(.+?)\*\*/g, `${BOLD}$1${BOLD}`)
    .replace(/(?<![*\w])\*(?!\s)(.+?)(?<!\s)\*(?![*\w])/g, "_$1_")
    .replaceAll(BOLD, "*");
}

/** Rich text (Slate nodes) to WhatsApp text: paragraphs on their own lines, bold as *x*, italic as _x_. */
function flatten(nodes: unknown[]): string {
  const lines = nodes.map((n) => inline(n));
  return lines.join("\n");
}

function inline(node: unknown): string {
  const parsed = richNode.safeParse(node);
  if (!parsed.success) return "";
  const n = parsed.data;
  if (typeof n.text === "string") {
    if (!n.text.trim()) return n.text;
    return n.bold ? `*${n.text}*` : n.italic ? `_${n.text}_` : n.text;
  }
  return (n.children ?? []).map(inline).join("");
}
