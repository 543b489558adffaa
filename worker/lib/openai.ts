import { z } from "zod";
import { EgressError, egressFetch, MAX_JSON_ANSWER_BYTES, type EgressAnswer, type EgressPolicy } from "./egress";

/**
 * A small client for OpenAI's chat completions API (POST {baseUrl}/chat/completions), or any provider that speaks
 * it. Each attempt has a timeout; rate limits (429 without an exhausted quota), server errors (5xx) and timeouts
 * are retried with backoff (honouring Retry-After up to a cap); a refused key (401/403), an exhausted quota and
 * a malformed request are not. Every call goes through the egress guard (ADR 0043): a refused base URL is never
 * sent the key. See ADR 0031.
 */
export const OPENAI_BASE_URL = "https://api.openai.com/v1";

export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

export interface ChatTool {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export interface ChatRequest {
  baseUrl?: string;
  apiKey: string;
  model: string;
  messages: ChatMessage[];
  temperature: number;
  maxTokens: number;
  tools?: ChatTool[];
}

export interface ChatOptions {
  /** The egress guard's policy (the environment's allow-list). */
  egress: EgressPolicy;
  /** Per attempt. */
  timeoutMs?: number;
  /** Retries after the first attempt. */
  retries?: number;
  /** Backoff base: attempt n waits base·2ⁿ (with jitter), at most maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

export interface ChatUsage {
  promptTokens: number;
  completionTokens: number;
}

export interface ChatAnswer {
  content: string;
  toolCalls: { name: string; arguments: Record<string, unknown> }[];
  usage: ChatUsage;
}

/** Why a call failed, in words an agent's note can carry. */
export type AiFailure = "auth" | "quota" | "rate_limited" | "server" | "timeout" | "bad_request" | "bad_response" | "network" | "forbidden";

export class AiError extends Error {
  /** A rate limit's Retry-After, in ms. */
  retryAfterMs?: number;
  constructor(
    readonly reason: AiFailure,
    readonly status: number | null,
    message: string,
    /** Tokens spent before the failure, when the provider said. */
    readonly usage: ChatUsage | null = null,
  ) {
    super(message);
  }
}

const completion = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({
          content: z.string().nullish(),
          tool_calls: z
            .array(z.object({ type: z.string().optional(), function: z.object({ name: z.string(), arguments: z.string().default("{}") }) }))
            .nullish(),
        }),
      }),
    )
    .min(1),
  usage: z.object({ prompt_tokens: z.number().default(0), completion_tokens: z.number().default(0) }).nullish(),
});

const errorBody = z.object({ error: z.object({ message: z.string().optional(), code: z.string().nullish(), type: z.string().nullish() }).optional() });

export const DEFAULT_CHAT_OPTIONS = { timeoutMs: 30_000, retries: 2, baseDelayMs: 500, maxDelayMs: 8_000 } as const;

export async function chatCompletion(req: ChatRequest, opts: ChatOptions): Promise<ChatAnswer> {
  const { timeoutMs, retries, baseDelayMs, maxDelayMs } = { ...DEFAULT_CHAT_OPTIONS, ...opts };
  const sleep = opts.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  const url = `${(req.baseUrl || OPENAI_BASE_URL).replace(/\/+$/, "")}/chat/completions`;
  const body = JSON.stringify({
    model: req.model,
    messages: req.messages,
    temperature: req.temperature,
    max_tokens: req.maxTokens,
    ...(req.tools?.length ? { tools: req.tools.map((fn) => ({ type: "function", function: fn })), tool_choice: "auto" } : {}),
  });

  let last: AiError | undefined;
  for (let attempt = 0; attempt <= retries; attempt++) {
    if (attempt > 0) {
      const backoff = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
      const hinted = last?.retryAfterMs;
      await sleep(hinted !== undefined ? Math.min(maxDelayMs, hinted) : backoff / 2 + Math.random() * (backoff / 2));
    }
    const outcome = await attemptOnce(opts.egress, url, req.apiKey, body, timeoutMs);
    if (!(outcome instanceof AiError)) return outcome;
    last = outcome;
    if (!RETRIED.has(outcome.reason)) break;
  }
  throw last!;
}

const RETRIED: ReadonlySet<AiFailure> = new Set(["rate_limited", "server", "timeout", "network"]);

async function attemptOnce(egress: EgressPolicy, url: string, apiKey: string, body: string, timeoutMs: number): Promise<ChatAnswer | AiError> {
  let res: EgressAnswer;
  try {
    res = await egressFetch(egress, url, { method: "POST", headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" }, body }, { timeoutMs, maxBytes: MAX_JSON_ANSWER_BYTES });
  } catch (err) {
    return aiErrorOf(err, timeoutMs, "Could not reach the AI provider");
  }
  const text = res.text();
  if (!res.ok) return failureOf(res, text);
  let parsed;
  try {
    parsed = completion.safeParse(JSON.parse(text));
  } catch {
    parsed = null;
  }
  if (!parsed?.success) return new AiError("bad_response", res.status, "The AI provider's answer was not a chat completion");
  const choice = parsed.data.choices[0]!.message;
  return {
    content: (choice.content ?? "").trim(),
    toolCalls: (choice.tool_calls ?? []).map((c) => ({ name: c.function.name, arguments: parseArguments(c.function.arguments) })),
    usage: { promptTokens: parsed.data.usage?.prompt_tokens ?? 0, completionTokens: parsed.data.usage?.completion_tokens ?? 0 },
  };
}

function parseArguments(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** What a failed call through the guard came to: refused by it, too large, timed out or unreachable. */
export function aiErrorOf(err: unknown, timeoutMs: number, unreachable: string): AiError {
  if (err instanceof EgressError) return err.reason === "forbidden" ? new AiError("forbidden", null, err.message) : new AiError("bad_response", null, err.message);
  const name = (err as { name?: string })?.name;
  if (name === "TimeoutError" || name === "AbortError") return new AiError("timeout", null, `No answer within ${timeoutMs} ms`);
  return new AiError("network", null, unreachable);
}

export function failureOf(res: { status: number; headers: Headers }, text: string): AiError {
  let detail: z.infer<typeof errorBody>["error"];
  try {
    detail = errorBody.parse(JSON.parse(text)).error;
  } catch {
    detail = undefined;
  }
  // The provider's own words are kept short: they end up in a note an agent reads, never with the key.
  const said = (detail?.message ?? "").slice(0, 200);
  if (res.status === 401 || res.status === 403) return new AiError("auth", res.status, said || "The API key was refused");
  if (res.status === 429) {
    if (detail?.code === "insufficient_quota" || detail?.type === "insufficient_quota") return new AiError("quota", 429, said || "The account's quota is exhausted");
    const err = new AiError("rate_limited", 429, said || "Rate limited");
    const after = Number(res.headers.get("retry-after"));
    if (Number.isFinite(after) && after >= 0) err.retryAfterMs = after * 1000;
    return err;
  }
  if (res.status >= 500) return new AiError("server", res.status, said || `The AI provider failed (${res.status})`);
  return new AiError("bad_request", res.status, said || `The AI provider refused the request (${res.status})`);
}
