import { BRIDGE_HEADERS, BRIDGE_REPLAY_WINDOW_MS } from "../contracts/bridge";

/**
 * Signing of bridge calls, both ways: HMAC-SHA256 over `${timestamp}.${method} ${path}.${body}` with the shared
 * BRIDGE_SECRET, hex-encoded. The timestamp (epoch ms) must be within BRIDGE_REPLAY_WINDOW_MS of the receiver's
 * clock. WebCrypto only, so the worker and the Node session host share this file.
 */

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    keys.set(secret, key);
  }
  return key;
}

function payload(timestamp: string, method: string, path: string, body: string): Uint8Array<ArrayBuffer> {
  return encoder.encode(`${timestamp}.${method.toUpperCase()} ${path}.${body}`);
}

const toHex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");

function fromHex(hex: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[0-9a-f]{64}$/.test(hex)) return null;
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** Headers to send with a bridge call. `path` is the URL path with its query string. */
export async function signBridgeRequest(secret: string, method: string, path: string, body: string, now = Date.now()) {
  const timestamp = String(now);
  const signature = toHex(await crypto.subtle.sign("HMAC", await hmacKey(secret), payload(timestamp, method, path, body)));
  return { [BRIDGE_HEADERS.timestamp]: timestamp, [BRIDGE_HEADERS.signature]: signature };
}

export type BridgeVerdict = { ok: true } | { ok: false; reason: "missing" | "stale" | "bad-signature" };

/** Checks a received call's signature and freshness (constant-time comparison through crypto.subtle.verify). */
export async function verifyBridgeRequest(
  secret: string,
  method: string,
  path: string,
  body: string,
  headers: { timestamp: string | null | undefined; signature: string | null | undefined },
  now = Date.now(),
): Promise<BridgeVerdict> {
  const { timestamp, signature } = headers;
  if (!timestamp || !signature) return { ok: false, reason: "missing" };
  const sentAt = Number(timestamp);
  if (!/^\d{1,16}$/.test(timestamp) || Math.abs(now - sentAt) > BRIDGE_REPLAY_WINDOW_MS) return { ok: false, reason: "stale" };
  const bytes = fromHex(signature.toLowerCase());
  if (!bytes) return { ok: false, reason: "bad-signature" };
  const valid = await crypto.subtle.verify("HMAC", await hmacKey(secret), bytes, payload(timestamp, method, path, body));
  return valid ? { ok: true } : { ok: false, reason: "bad-signature" };
}
