import { EgressError, egressFetch, MAX_JSON_ANSWER_BYTES, type EgressPolicy } from "./egress";

/**
 * A JSON call to an outside service through the egress guard (ADR 0043) with a timeout per attempt and retries with
 * jittered backoff for what may pass (network errors, timeouts, 429 and 5xx); any other answer is final, and so is
 * a refusal of the guard. Shared by the Typebot, Dialogflow and Google OAuth clients (ADR 0040), so each fails in
 * the same words.
 */
export interface HttpOptions {
  egress: EgressPolicy;
  timeoutMs?: number;
  retries?: number;
  baseDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

export type HttpFailure = "timeout" | "network" | "refused" | "rate_limited" | "server" | "bad_response" | "forbidden";

export type HttpResult = { ok: true; status: number; json: unknown } | { ok: false; status: number | null; reason: HttpFailure; detail: string };

export const DEFAULT_HTTP_OPTIONS = { timeoutMs: 10_000, retries: 2, baseDelayMs: 500 } as const;

const RETRIED: ReadonlySet<HttpFailure> = new Set(["timeout", "network", "rate_limited", "server"]);

export async function requestJson(url: string, init: { method?: string; headers?: Record<string, string>; body?: string }, opts: HttpOptions): Promise<HttpResult> {
  const { timeoutMs, retries, baseDelayMs } = { ...DEFAULT_HTTP_OPTIONS, ...opts };
  const sleep = opts.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  let last: HttpResult = { ok: false, status: null, reason: "network", detail: "" };
  for (let attempt = 0; attempt <= retries; attempt++) {
    if (attempt > 0) await sleep(Math.min(8_000, baseDelayMs * 2 ** (attempt - 1)) * (0.5 + Math.random() / 2));
    last = await once(opts.egress, url, init, timeoutMs);
    if (last.ok || !RETRIED.has(last.reason)) return last;
  }
  return last;
}

async function once(egress: EgressPolicy, url: string, init: { method?: string; headers?: Record<string, string>; body?: string }, timeoutMs: number): Promise<HttpResult> {
  let res;
  try {
    res = await egressFetch(egress, url, { method: init.method ?? "POST", headers: { accept: "application/json", ...init.headers }, body: init.body }, { timeoutMs, maxBytes: MAX_JSON_ANSWER_BYTES });
  } catch (err) {
    if (err instanceof EgressError) {
      return err.reason === "forbidden" ? { ok: false, status: null, reason: "forbidden", detail: err.message } : { ok: false, status: null, reason: "bad_response", detail: err.message };
    }
    const name = (err as { name?: string })?.name;
    return name === "TimeoutError" || name === "AbortError"
      ? { ok: false, status: null, reason: "timeout", detail: `No answer within ${timeoutMs} ms` }
      : { ok: false, status: null, reason: "network", detail: "Could not be reached" };
  }
  const text = res.text();
  // The service's own words, kept short: they may end up in a note an agent reads.
  const detail = text.slice(0, 200);
  if (res.status === 429) return { ok: false, status: 429, reason: "rate_limited", detail };
  if (res.status >= 500) return { ok: false, status: res.status, reason: "server", detail };
  if (!res.ok) return { ok: false, status: res.status, reason: "refused", detail };
  try {
    return { ok: true, status: res.status, json: text ? JSON.parse(text) : null };
  } catch {
    return { ok: false, status: res.status, reason: "bad_response", detail: "The answer was not JSON" };
  }
}
