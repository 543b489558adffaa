import { fromBase64Url, toBase64Url } from "./crypto";

/**
 * Secrets a company gives us (an AI provider's API key) stored encrypted at rest: AES-256-GCM with a key derived
 * (HKDF-SHA256) from the platform's DATA_SECRET, a fresh 96-bit IV per value, and the owner ("prompt:<companyId>")
 * as additional data so that a value copied into another company's row does not decrypt. Stored as
 * "v1.<iv>.<ciphertext>" (base64url). See ADR 0031.
 */
const VERSION = "v1";
const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

function keyOf(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle
      .importKey("raw", encoder.encode(secret), "HKDF", false, ["deriveKey"])
      .then((base) =>
        crypto.subtle.deriveKey(
          { name: "HKDF", hash: "SHA-256", salt: encoder.encode("zapdesk-secret-box"), info: encoder.encode("company secrets v1") },
          base,
          { name: "AES-GCM", length: 256 },
          false,
          ["encrypt", "decrypt"],
        ),
      );
    keys.set(secret, key);
  }
  return key;
}

export async function sealSecret(secret: string, plaintext: string, owner: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: encoder.encode(owner) }, await keyOf(secret), encoder.encode(plaintext));
  return `${VERSION}.${toBase64Url(iv)}.${toBase64Url(sealed)}`;
}

/** The plaintext, or null when the value was not sealed by us for this owner (tampered, another key, another owner). */
export async function openSecret(secret: string, stored: string, owner: string): Promise<string | null> {
  const [version, iv, data] = stored.split(".");
  if (version !== VERSION || !iv || !data) return null;
  try {
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: fromBase64Url(iv), additionalData: encoder.encode(owner) },
      await keyOf(secret),
      fromBase64Url(data),
    );
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}

/** What the browser may see of a secret: its last four characters at most. */
export function maskSecret(plaintextTail: string): string {
  return `••••••••${plaintextTail}`;
}
