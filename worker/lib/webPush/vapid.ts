import { fromBase64Url, importPrivateKey, importPublicKey, toBase64Url } from "./keys";

/**
 * RFC 8292 VAPID: an ES256 JWT (aud the push service's origin, exp at most 24 hours ahead, sub a mailto: or https
 * contact) signed with the application server's key, sent as `Authorization: vapid t=<jwt>, k=<public key>`.
 */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** Twelve hours: under RFC 8292's 24-hour ceiling with room for clock skew. */
export const VAPID_JWT_SECONDS = 12 * 60 * 60;

const text = new TextEncoder();
const json64 = (value: unknown) => toBase64Url(text.encode(JSON.stringify(value)));

export async function vapidAuthorization(endpoint: string, keys: VapidKeys, nowSeconds = Math.floor(Date.now() / 1000)): Promise<string> {
  const aud = new URL(endpoint).origin;
  const signingInput = `${json64({ typ: "JWT", alg: "ES256" })}.${json64({ aud, exp: nowSeconds + VAPID_JWT_SECONDS, sub: keys.subject })}`;
  const key = await importPrivateKey(keys.privateKey, fromBase64Url(keys.publicKey), "ECDSA");
  // WebCrypto's ECDSA signature is already JOSE's r || s (64 bytes).
  const signature = await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, key, text.encode(signingInput));
  return `vapid t=${signingInput}.${toBase64Url(signature)}, k=${keys.publicKey}`;
}

export type VapidCheck = { ok: true; claims: { aud: string; exp: number; sub: string }; publicKey: string } | { ok: false; reason: string };

/**
 * A push service's check of the Authorization header: the key is the one the subscription was made with, the
 * signature verifies, aud is the service's origin, exp is in the future and within 24 hours, sub is a contact.
 */
export async function verifyVapid(header: string | null, expected: { publicKey: string; audience: string }, nowSeconds = Math.floor(Date.now() / 1000)): Promise<VapidCheck> {
  const match = /^vapid t=([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? "");
  if (!match) return { ok: false, reason: "not a vapid authorization" };
  const [, token, k] = match as unknown as [string, string, string];
  if (k !== expected.publicKey) return { ok: false, reason: "not the subscription's application server key" };
  const [head, body, sig] = token.split(".") as [string, string, string];
  let claims: { aud?: unknown; exp?: unknown; sub?: unknown };
  try {
    const header = JSON.parse(new TextDecoder().decode(fromBase64Url(head)));
    if (header.alg !== "ES256") return { ok: false, reason: "alg is not ES256" };
    claims = JSON.parse(new TextDecoder().decode(fromBase64Url(body)));
  } catch {
    return { ok: false, reason: "unreadable token" };
  }
  const key = await importPublicKey(fromBase64Url(k), "ECDSA");
  const valid = await crypto.subtle.verify({ name: "ECDSA", hash: "SHA-256" }, key, fromBase64Url(sig), text.encode(`${head}.${body}`));
  if (!valid) return { ok: false, reason: "bad signature" };
  if (claims.aud !== expected.audience) return { ok: false, reason: "wrong aud" };
  if (typeof claims.exp !== "number" || claims.exp <= nowSeconds || claims.exp > nowSeconds + 24 * 60 * 60) return { ok: false, reason: "bad exp" };
  if (typeof claims.sub !== "string" || !/^(mailto:|https:)/.test(claims.sub)) return { ok: false, reason: "bad sub" };
  return { ok: true, claims: claims as { aud: string; exp: number; sub: string }, publicKey: k };
}
