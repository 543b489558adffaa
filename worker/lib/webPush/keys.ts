import { fromBase64Url, toBase64Url } from "../crypto";

/**
 * P-256 keys as Web Push writes them: a public key is the 65-byte uncompressed point (0x04 || x || y), a private key
 * the 32-byte scalar d, both base64url. WebCrypto imports a private key only as JWK (or PKCS#8), so the public point
 * travels with it.
 */
export type KeyUse = "ECDH" | "ECDSA";

const usages = (use: KeyUse, kind: "public" | "private"): KeyUsage[] =>
  use === "ECDH" ? (kind === "private" ? ["deriveBits"] : []) : kind === "private" ? ["sign"] : ["verify"];

const algorithm = (use: KeyUse) => ({ name: use, namedCurve: "P-256" });

/** The 65-byte uncompressed point, or an error naming what is wrong. */
export function publicPoint(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  if (bytes.length !== 65 || bytes[0] !== 0x04) throw new Error("A P-256 public key is 65 bytes starting with 0x04");
  return new Uint8Array(bytes);
}

export function importPublicKey(point: Uint8Array, use: KeyUse): Promise<CryptoKey> {
  return crypto.subtle.importKey("raw", publicPoint(point), algorithm(use), true, usages(use, "public"));
}

export function importPrivateKey(d: string, point: Uint8Array, use: KeyUse): Promise<CryptoKey> {
  const p = publicPoint(point);
  const jwk: JsonWebKey = { kty: "EC", crv: "P-256", d, x: toBase64Url(p.slice(1, 33)), y: toBase64Url(p.slice(33, 65)), ext: true };
  return crypto.subtle.importKey("jwk", jwk, algorithm(use), true, usages(use, "private"));
}

export async function exportPublicPoint(key: CryptoKey): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await crypto.subtle.exportKey("raw", key));
}

/** A fresh key pair as base64url strings (VAPID keys in .dev.vars, a test's user agent). */
export async function generateKeyPair(): Promise<{ publicKey: string; privateKey: string }> {
  const pair = (await crypto.subtle.generateKey(algorithm("ECDSA"), true, ["sign", "verify"])) as CryptoKeyPair;
  const jwk = await crypto.subtle.exportKey("jwk", pair.privateKey);
  return { publicKey: toBase64Url(await exportPublicPoint(pair.publicKey)), privateKey: jwk.d! };
}

export { fromBase64Url, toBase64Url };
