import { z } from "zod";
import { requestJson, type HttpOptions, type HttpResult } from "./httpJson";

/**
 * Google service-account OAuth (RFC 7523 JWT bearer grant, as Google's "Using OAuth 2.0 for Server to Server
 * Applications" describes): a JWT signed RS256 with the account's private key through WebCrypto, exchanged at the
 * token endpoint for an access token, cached until a minute before it expires. The cache lives in the isolate: it
 * only saves calls, and a cold isolate simply asks again. See ADR 0041.
 */
export const GOOGLE_TOKEN_URL = "https://oauth2.googleapis.com/token";
export const GOOGLE_SCOPE = "https://www.googleapis.com/auth/cloud-platform";

export const serviceAccount = z.object({
  client_email: z.string().min(3),
  private_key: z.string().includes("PRIVATE KEY"),
  private_key_id: z.string().optional(),
  project_id: z.string().optional(),
});
export type ServiceAccount = z.infer<typeof serviceAccount>;

/** The service account of an integration's jsonContent, or null when it is not one. */
export function readServiceAccount(json: string): ServiceAccount | null {
  try {
    const parsed = serviceAccount.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const tokenAnswer = z.object({ access_token: z.string().min(1), expires_in: z.coerce.number().positive().default(3600) });

const cache = new Map<string, { token: string; expiresAt: number }>();

export type TokenResult = { ok: true; token: string } | Extract<HttpResult, { ok: false }> | { ok: false; status: null; reason: "credentials"; detail: string };

export async function googleAccessToken(account: ServiceAccount, tokenUrl: string, opts: HttpOptions & { now?: () => number }): Promise<TokenResult> {
  const now = opts?.now?.() ?? Date.now();
  const cacheKey = `${tokenUrl}|${account.client_email}|${account.private_key_id ?? account.private_key.slice(-40)}`;
  const cached = cache.get(cacheKey);
  if (cached && cached.expiresAt > now) return { ok: true, token: cached.token };
  let assertion: string;
  try {
    assertion = await signedJwt(account, tokenUrl, Math.floor(now / 1000));
  } catch {
    return { ok: false, status: null, reason: "credentials", detail: "The service account's private key could not be read" };
  }
  const result = await requestJson(
    tokenUrl,
    { headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion }).toString() },
    opts,
  );
  if (!result.ok) return result;
  const parsed = tokenAnswer.safeParse(result.json);
  if (!parsed.success) return { ok: false, status: result.status, reason: "bad_response", detail: "The token endpoint's answer had no access token" };
  cache.set(cacheKey, { token: parsed.data.access_token, expiresAt: now + (parsed.data.expires_in - 60) * 1000 });
  return { ok: true, token: parsed.data.access_token };
}

/** Forgets a token the API refused (revoked, or the clock was off), so the next call asks for a new one. */
export function dropGoogleToken(account: ServiceAccount, tokenUrl = GOOGLE_TOKEN_URL) {
  cache.delete(`${tokenUrl}|${account.client_email}|${account.private_key_id ?? account.private_key.slice(-40)}`);
}

const encoder = new TextEncoder();

export function base64Url(bytes: Uint8Array | string): string {
  const data = typeof bytes === "string" ? encoder.encode(bytes) : bytes;
  let binary = "";
  for (const b of data) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

async function signedJwt(account: ServiceAccount, audience: string, iat: number): Promise<string> {
  const header = { alg: "RS256", typ: "JWT", ...(account.private_key_id ? { kid: account.private_key_id } : {}) };
  const claims = { iss: account.client_email, scope: GOOGLE_SCOPE, aud: audience, iat, exp: iat + 3600 };
  const input = `${base64Url(JSON.stringify(header))}.${base64Url(JSON.stringify(claims))}`;
  const key = await crypto.subtle.importKey("pkcs8", pemBytes(account.private_key), { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" }, false, ["sign"]);
  const signature = await crypto.subtle.sign("RSASSA-PKCS1-v1_5", key, encoder.encode(input));
  return `${input}.${base64Url(new Uint8Array(signature))}`;
}

function pemBytes(pem: string): Uint8Array<ArrayBuffer> {
  const body = pem.replace(/-----(BEGIN|END) [A-Z ]+-----/g, "").replace(/\\n/g, "").replace(/\s+/g, "");
  const binary = atob(body);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
