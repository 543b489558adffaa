import { exportPublicPoint, fromBase64Url, importPrivateKey, importPublicKey, publicPoint } from "./keys";

/**
 * RFC 8291 message encryption for Web Push, with RFC 8188's aes128gcm content coding: one record of at most
 * RECORD_SIZE bytes (plaintext, the last-record delimiter 0x02 and the 16-byte tag), keyed by ECDH between a fresh
 * sender key and the subscription's p256dh key, mixed with its auth secret through HKDF-SHA-256.
 */
export const RECORD_SIZE = 4096;
/** The most plaintext one record carries: the record less the delimiter and the AES-GCM tag. */
export const MAX_PLAINTEXT = RECORD_SIZE - 1 - 16;

export interface SubscriptionKeys {
  /** base64url, the user agent's 65-byte public key. */
  p256dh: string;
  /** base64url, 16 bytes. */
  auth: string;
}

/** Fixed sender key and salt: only for reproducing a known vector in tests. */
export interface EncryptFixture {
  senderPrivateKey: string;
  senderPublicKey: string;
  salt: string;
}

const text = new TextEncoder();

const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

async function hkdf(salt: Uint8Array, ikm: Uint8Array, info: Uint8Array, bytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const key = await crypto.subtle.importKey("raw", new Uint8Array(ikm), "HKDF", false, ["deriveBits"]);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt: new Uint8Array(salt), info: new Uint8Array(info) }, key, bytes * 8));
}

/** The content key and nonce both sides derive (RFC 8291 §3.4, RFC 8188 §2.2). */
async function contentKeys(ecdhSecret: Uint8Array, authSecret: Uint8Array, uaPublic: Uint8Array, asPublic: Uint8Array, salt: Uint8Array) {
  const keyInfo = concat(text.encode("WebPush: info\0"), uaPublic, asPublic);
  const ikm = await hkdf(authSecret, ecdhSecret, keyInfo, 32);
  const cek = await hkdf(salt, ikm, text.encode("Content-Encoding: aes128gcm\0"), 16);
  const nonce = await hkdf(salt, ikm, text.encode("Content-Encoding: nonce\0"), 12);
  return { key: await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["encrypt", "decrypt"]), nonce };
}

async function ecdh(privateKey: CryptoKey, publicKey: CryptoKey) {
  return new Uint8Array(await crypto.subtle.deriveBits({ name: "ECDH", public: publicKey }, privateKey, 256));
}

/** The body of a push message: header (salt, record size, sender key) and the one encrypted record. */
export async function encryptPayload(plaintext: Uint8Array | string, keys: SubscriptionKeys, fixture?: EncryptFixture): Promise<Uint8Array<ArrayBuffer>> {
  const data = typeof plaintext === "string" ? text.encode(plaintext) : plaintext;
  if (data.length > MAX_PLAINTEXT) throw new Error(`A push payload is at most ${MAX_PLAINTEXT} bytes`);
  const uaPublic = publicPoint(fromBase64Url(keys.p256dh));
  const authSecret = fromBase64Url(keys.auth);
  if (authSecret.length !== 16) throw new Error("The auth secret is 16 bytes");
  let sender: { privateKey: CryptoKey; publicPoint: Uint8Array };
  if (fixture) {
    const point = fromBase64Url(fixture.senderPublicKey);
    sender = { privateKey: await importPrivateKey(fixture.senderPrivateKey, point, "ECDH"), publicPoint: point };
  } else {
    const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"])) as CryptoKeyPair;
    sender = { privateKey: pair.privateKey, publicPoint: await exportPublicPoint(pair.publicKey) };
  }
  const salt = fixture ? fromBase64Url(fixture.salt) : crypto.getRandomValues(new Uint8Array(16));
  const secret = await ecdh(sender.privateKey, await importPublicKey(uaPublic, "ECDH"));
  const { key, nonce } = await contentKeys(secret, authSecret, uaPublic, sender.publicPoint, salt);
  const record = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv: nonce }, key, concat(data, new Uint8Array([2]))));
  const header = new Uint8Array(21);
  header.set(salt, 0);
  new DataView(header.buffer).setUint32(16, RECORD_SIZE);
  header[20] = sender.publicPoint.length;
  return concat(header, sender.publicPoint, record) as Uint8Array<ArrayBuffer>;
}

/**
 * What a browser does with a push body: the subscription's private key (`d`, base64url) and public key and auth
 * secret open it. For the tests and the local fake push service; the worker never holds a user agent's key.
 */
export async function decryptPayload(body: Uint8Array, keys: SubscriptionKeys & { privateKey: string }): Promise<Uint8Array<ArrayBuffer>> {
  if (body.length < 21) throw new Error("Truncated header");
  const salt = body.slice(0, 16);
  const rs = new DataView(body.buffer, body.byteOffset, body.byteLength).getUint32(16);
  const idLength = body[20]!;
  if (rs < 18) throw new Error("Bad record size");
  const asPublic = body.slice(21, 21 + idLength);
  const record = body.slice(21 + idLength);
  if (record.length > rs) throw new Error("More than one record");
  const uaPublic = publicPoint(fromBase64Url(keys.p256dh));
  const ua = await importPrivateKey(keys.privateKey, uaPublic, "ECDH");
  const secret = await ecdh(ua, await importPublicKey(asPublic, "ECDH"));
  const { key, nonce } = await contentKeys(secret, fromBase64Url(keys.auth), uaPublic, asPublic, salt);
  const padded = new Uint8Array(await crypto.subtle.decrypt({ name: "AES-GCM", iv: nonce }, key, record));
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (end < 0 || padded[end] !== 2) throw new Error("Missing the last-record delimiter");
  return padded.slice(0, end);
}
