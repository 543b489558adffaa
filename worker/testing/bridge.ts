import type { BridgeEvent, BridgeInboundMessage } from "../contracts/bridge";
import { signBridgeRequest } from "../lib/bridgeSignature";
import { call, testEnv } from "./fixtures";

/** Calls the worker's /bridge routes as the session host does: signed with the shared secret. */
export async function bridgeCall(method: string, path: string, body?: unknown, opts: { now?: number; secret?: string } = {}) {
  const text = body === undefined ? "" : JSON.stringify(body);
  const headers = await signBridgeRequest(opts.secret ?? testEnv.BRIDGE_SECRET, method, path, text, opts.now);
  return call(method, path, { rawBody: text || undefined, headers: { ...headers, "content-type": "application/json" } });
}

let seq = 0;

/** An inbound message event as the host delivers it. */
export function inbound(connectionId: number, from: string, body: string, extra: Partial<BridgeInboundMessage> = {}): BridgeEvent {
  seq++;
  return {
    type: "message",
    connectionId,
    at: Date.now(),
    message: {
      id: `IN${Date.now().toString(36).toUpperCase()}${seq}`,
      chatId: from,
      isGroup: false,
      from,
      fromMe: false,
      body,
      mediaType: "chat",
      isForwarded: false,
      isHistory: false,
      timestamp: Date.now(),
      ...extra,
    },
  };
}

export async function deliver(...events: BridgeEvent[]) {
  const res = await bridgeCall("POST", "/bridge/events", { hostId: "test-host", events });
  if (res.status !== 200) throw new Error(`bridge refused the batch: ${res.status} ${JSON.stringify(res.json)}`);
  return res.json as { accepted: number };
}
