import { vi } from "vitest";
import { WEBHOOK_HEADERS, webhookSignature } from "../lib/webhook";

export const FAKE_HOOKS_URL = "http://hooks.test";

export interface ReceivedHook {
  path: string;
  body: unknown;
  delivery: string | null;
  /** X-Zapdesk-Event (event webhooks). */
  event: string | null;
}

/**
 * A webhook receiver at FAKE_HOOKS_URL that checks each call as a careful receiver would (HMAC-SHA256 of
 * "<timestamp>.<body>" with `secret`, a timestamp within 5 minutes) and answers by path: /ok (with `reply`),
 * /500 (always), /flaky (500 once per delivery, then `reply`), /401, /slow (never within the caller's timeout),
 * /gone (410), /redirect-private (a redirect to a private address, which the egress guard must refuse).
 * A call with a bad signature is answered 401 and not recorded. `secretOf` is given the path called (receivers of
 * several subscriptions, each with its own secret).
 */
export function useFakeWebhook(secretOf: (path: string) => string, reply: unknown = {}) {
  const received: ReceivedHook[] = [];
  const failedOnce = new Set<string>();
  const realFetch = globalThis.fetch;
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (!request.url.startsWith(FAKE_HOOKS_URL)) return realFetch(input, init);
    const path = new URL(request.url).pathname;
    const text = await request.text();
    const timestamp = Number(request.headers.get(WEBHOOK_HEADERS.timestamp));
    const fresh = Math.abs(Date.now() / 1000 - timestamp) < 300;
    if (path === "/redirect-private") return new Response(null, { status: 302, headers: { location: "http://10.0.0.1/steal" } });
    const expected = await webhookSignature(secretOf(path), timestamp, text);
    if (!fresh || request.headers.get(WEBHOOK_HEADERS.signature) !== expected) return new Response("bad signature", { status: 401 });
    const delivery = request.headers.get(WEBHOOK_HEADERS.delivery);
    received.push({ path, body: JSON.parse(text), delivery, event: request.headers.get(WEBHOOK_HEADERS.event) });
    if (path === "/500") return new Response("boom", { status: 500 });
    if (path === "/401") return new Response("no", { status: 401 });
    if (path === "/gone") return new Response("gone", { status: 410 });
    if (path === "/flaky" && !failedOnce.has(delivery ?? "")) {
      failedOnce.add(delivery ?? "");
      return new Response("boom", { status: 503 });
    }
    if (path === "/slow") {
      const signal = init?.signal;
      return new Promise<Response>((_, reject) => signal?.addEventListener("abort", () => reject(signal.reason), { once: true }));
    }
    return Response.json(reply);
  });
  return { received, restore: () => spy.mockRestore() };
}
