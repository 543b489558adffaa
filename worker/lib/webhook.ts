import { toHex } from "./crypto";
import { EgressError, egressFetch, MAX_JSON_ANSWER_BYTES, type EgressPolicy } from "./egress";

/**
 * Outgoing webhooks (n8n and webhook integrations): the JSON body signed with HMAC-SHA256 over
 * "<timestamp>.<body>" with the integration's secret, sent as `X-Zapdesk-Signature: v1=<hex>` with
 * `X-Zapdesk-Timestamp` (epoch seconds) and `X-Zapdesk-Delivery` (the same id on every retry, for the receiver's
 * idempotency). A receiver recomputes the signature and refuses a timestamp older than a few minutes. Network
 * errors, timeouts, 429 and 5xx are retried with backoff; other answers are final. Sent through the egress guard
 * (ADR 0043): an address it refuses is never called ("forbidden", final). See ADR 0032.
 */
export const WEBHOOK_HEADERS = { signature: "x-zapdesk-signature", timestamp: "x-zapdesk-timestamp", delivery: "x-zapdesk-delivery", event: "x-zapdesk-event" } as const;

const encoder = new TextEncoder();

export async function webhookSignature(secret: string, timestamp: number, body: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", key, encoder.encode(`${timestamp}.${body}`));
  return `v1=${toHex(new Uint8Array(mac))}`;
}

export interface WebhookOptions {
  egress: EgressPolicy;
  timeoutMs?: number;
  retries?: number;
  baseDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /** The X-Zapdesk-Delivery id to send (an event webhook's event id); a fresh one per call otherwise. */
  deliveryId?: string;
  /** More headers (an event webhook's X-Zapdesk-Event). */
  headers?: Record<string, string>;
}

export type WebhookResult = { ok: true; status: number; json: unknown } | { ok: false; status: number | null; reason: "timeout" | "network" | "refused" | "server" | "forbidden" | "bad_response" };

export async function postWebhook(url: string, secret: string, payload: unknown, opts: WebhookOptions): Promise<WebhookResult> {
  return postWebhookBody(url, secret, JSON.stringify(payload), opts);
}

/** postWebhook with the body already written (an event webhook's stored JSON, signed exactly as stored). */
export async function postWebhookBody(url: string, secret: string, body: string, opts: WebhookOptions): Promise<WebhookResult> {
  const { timeoutMs = 10_000, retries = 2, baseDelayMs = 500 } = opts;
  const sleep = opts.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  const delivery = opts.deliveryId ?? crypto.randomUUID();
  let last: WebhookResult = { ok: false, status: null, reason: "network" };
  for (let attempt = 0; attempt <= retries; attempt++) {
    if (attempt > 0) await sleep(baseDelayMs * 2 ** (attempt - 1) * (0.5 + Math.random() / 2));
    const timestamp = Math.floor((opts.now?.() ?? Date.now()) / 1000);
    let res;
    try {
      res = await egressFetch(
        opts.egress,
        url,
        {
          method: "POST",
          headers: {
            ...opts.headers,
            "content-type": "application/json",
            [WEBHOOK_HEADERS.timestamp]: String(timestamp),
            [WEBHOOK_HEADERS.signature]: await webhookSignature(secret, timestamp, body),
            [WEBHOOK_HEADERS.delivery]: delivery,
          },
          body,
        },
        { timeoutMs, maxBytes: MAX_JSON_ANSWER_BYTES },
      );
    } catch (err) {
      if (err instanceof EgressError) return { ok: false, status: null, reason: err.reason === "forbidden" ? "forbidden" : "bad_response" };
      const name = (err as { name?: string })?.name;
      last = { ok: false, status: null, reason: name === "TimeoutError" || name === "AbortError" ? "timeout" : "network" };
      continue;
    }
    const text = res.text();
    if (res.ok) {
      let json: unknown = null;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        json = null;
      }
      return { ok: true, status: res.status, json };
    }
    last = { ok: false, status: res.status, reason: res.status === 429 || res.status >= 500 ? "server" : "refused" };
    if (last.reason === "refused") break;
  }
  return last;
}
