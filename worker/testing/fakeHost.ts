import { vi } from "vitest";
import { BRIDGE_HEADERS } from "../contracts/bridge";
import { verifyBridgeRequest } from "../lib/bridgeSignature";
import { testEnv } from "./fixtures";

export interface HostCall {
  method: string;
  path: string;
  body: unknown;
}

type HostAnswer = { status?: number; body: unknown };

/**
 * Stands in for the session host at SESSION_HOST_URL: checks each call's signature as the real host does,
 * records it, and answers with `respond`, at once or later (the real client code, signing and error mapping
 * included, runs).
 */
export function useFakeHost(respond: (call: HostCall) => HostAnswer | Promise<HostAnswer> = () => ({ body: { ok: true } })) {
  const calls: HostCall[] = [];
  const realFetch = globalThis.fetch;
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (!request.url.startsWith(testEnv.SESSION_HOST_URL)) return realFetch(input, init);
    const url = new URL(request.url);
    const text = await request.text();
    const verdict = await verifyBridgeRequest(testEnv.BRIDGE_SECRET, request.method, url.pathname + url.search, text, {
      timestamp: request.headers.get(BRIDGE_HEADERS.timestamp),
      signature: request.headers.get(BRIDGE_HEADERS.signature),
    });
    if (!verdict.ok) return Response.json({ error: "ERR_BRIDGE_SIGNATURE", message: verdict.reason }, { status: 401 });
    const call = { method: request.method, path: url.pathname, body: text ? JSON.parse(text) : undefined };
    calls.push(call);
    const { status = 200, body } = await respond(call);
    return Response.json(body, { status });
  });
  return { calls, restore: () => spy.mockRestore() };
}
