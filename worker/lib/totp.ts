/**
 * One-time codes for two-factor sign-in: HOTP (RFC 4226) and TOTP (RFC 6238) with WebCrypto's HMAC, the secret in
 * Base32 (RFC 4648) as authenticator apps take it, and the `otpauth://` URI their QR codes carry. SHA-1, 6 digits,
 * 30-second steps (what every authenticator app does by default); a code is accepted one step either side.
 */

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of the present one a code may come from (a phone's clock a little off, a code typed late). */
export const TOTP_WINDOW = 1;

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** Spaces, dashes, lower case and padding are forgiven (apps and people write secrets that way); null if not Base32. */
export function base32Decode(text: string): Uint8Array<ArrayBuffer> | null {
  const clean = text.replace(/[\s-]/g, "").replace(/=+$/, "").toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of clean) {
    const index = BASE32.indexOf(ch);
    if (index < 0) return null;
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return new Uint8Array(out);
}

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommended length), in Base32. */
export function newTotpSecret(): string {
  return base32Encode(crypto.getRandomValues(new Uint8Array(20)));
}

export type HmacHash = "SHA-1" | "SHA-256" | "SHA-512";

/** RFC 4226 §5.3: HMAC of the 8-byte counter, dynamically truncated to `digits` digits. */
export async function hotp(key: Uint8Array<ArrayBuffer>, counter: number, { digits = TOTP_DIGITS, hash = "SHA-1" as HmacHash } = {}): Promise<string> {
  const message = new Uint8Array(8);
  // The counter as a big-endian 64-bit integer (JS numbers are exact to 2^53: the high word by division).
  new DataView(message.buffer).setUint32(0, Math.floor(counter / 2 ** 32));
  new DataView(message.buffer).setUint32(4, counter >>> 0);
  const hmacKey = await crypto.subtle.importKey("raw", key, { name: "HMAC", hash }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", hmacKey, message));
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(binary % 10 ** digits).padStart(digits, "0");
}

/** The time step of an instant (RFC 6238 §4.2: T0 = 0, X = 30 s). */
export function totpStep(nowMs: number, period = TOTP_PERIOD_SECONDS): number {
  return Math.floor(nowMs / 1000 / period);
}

/** The code of a secret (Base32) at an instant. */
export async function totpAt(secret: string, nowMs: number, options: { digits?: number; hash?: HmacHash; period?: number } = {}): Promise<string> {
  const key = base32Decode(secret);
  if (!key) throw new Error("The secret is not Base32.");
  return hotp(key, totpStep(nowMs, options.period), options);
}

/**
 * The step a code belongs to, if it is the code of the present step or one either side and of a step later than
 * `afterStep` (the last one accepted: a code once used cannot be replayed within its window); null otherwise.
 * Every candidate is computed and compared in constant time, whichever matches.
 */
export async function verifyTotp(secret: string, code: string, nowMs: number, afterStep: number | null = null): Promise<number | null> {
  const key = base32Decode(secret);
  const typed = code.replace(/\s/g, "");
  if (!key || !/^\d{6}$/.test(typed)) return null;
  const present = totpStep(nowMs);
  let found: number | null = null;
  for (let step = present - TOTP_WINDOW; step <= present + TOTP_WINDOW; step++) {
    const expected = await hotp(key, step);
    let diff = 0;
    for (let i = 0; i < TOTP_DIGITS; i++) diff |= expected.charCodeAt(i) ^ typed.charCodeAt(i);
    if (diff === 0 && (afterStep === null || step > afterStep) && found === null) found = step;
  }
  return found;
}

/** The `otpauth://totp/` URI an authenticator app reads from the QR code (Google's Key Uri Format). */
export function otpauthUri({ secret, account, issuer }: { secret: string; account: string; issuer: string }): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const params = new URLSearchParams({ secret, issuer, algorithm: "SHA1", digits: String(TOTP_DIGITS), period: String(TOTP_PERIOD_SECONDS) });
  return `otpauth://totp/${label}?${params.toString()}`;
}
