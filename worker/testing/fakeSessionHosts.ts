import { vi } from "vitest";
import { BRIDGE_HEADERS } from "../contracts/bridge";
import { verifyBridgeRequest } from "../lib/bridgeSignature";
import { testEnv } from "./fixtures";

export interface HostsCall {
  /** The origin the call went to (which host). */
  origin: string;
  method: string;
  path: string;
  body: unknown;
}

type HostAnswer = { status?: number; body: unknown };

/**
 * Stands in for several session hosts (issue 30), one per origin, as useFakeHost (fakeHost.ts) does for the one at
 * SESSION_HOST_URL: each call's signature is checked, the call recorded with the origin it went to, and answered by
 * `respond` (by default `{ status: "OPENING" }`, or `{ ok: true }`). Calls to other origins go through.
 */
export function useFakeHosts(origins: string[], respond: (call: HostsCall) => HostAnswer | Promise<HostAnswer> = () => ({ body: { status: "OPENING", ok: true } })) {
  const calls: HostsCall[] = [];
  const realFetch = globalThis.fetch;
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (!origins.includes(url.origin)) return realFetch(input, init);
    const text = await request.text();
    const verdict = await verifyBridgeRequest(testEnv.BRIDGE_SECRET, request.method, url.pathname + url.search, text, {
      timestamp: request.headers.get(BRIDGE_HEADERS.timestamp),
      signature: request.headers.get(BRIDGE_HEADERS.signature),
    });
    if (!verdict.ok) return Response.json({ error: "ERR_BRIDGE_SIGNATURE", message: verdict.reason }, { status: 401 });
    const call = { origin: url.origin, method: request.method, path: url.pathname, body: text ? JSON.parse(text) : undefined };
    calls.push(call);
    const { status = 200, body } = await respond(call);
    return Response.json(body, { status });
  });
  return { calls, restore: () => spy.mockRestore() };
}
