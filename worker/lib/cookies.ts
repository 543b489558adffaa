import { parse, serialize, type CookieOptions } from "hono/utils/cookie";
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS } from "../contracts/auth";

/**
 * The session cookies, defined once for both adapters: the API (Hono) and the pages (Remix loaders and
 * actions) set, rotate and clear them with exactly the same names and flags.
 */
export const ACCESS_COOKIE = "zd_at";
export const REFRESH_COOKIE = "zd_rt";

export interface SessionTokens {
  token: string;
  refreshToken: string;
}

function sessionCookieOptions(secure: boolean): Record<typeof ACCESS_COOKIE | typeof REFRESH_COOKIE, CookieOptions> {
  return {
    [ACCESS_COOKIE]: { httpOnly: true, sameSite: "Lax", secure, path: "/", maxAge: ACCESS_TOKEN_TTL_SECONDS },
    // The refresh token is only ever sent to our own origin.
    [REFRESH_COOKIE]: { httpOnly: true, sameSite: "Strict", secure, path: "/", maxAge: REFRESH_TOKEN_TTL_SECONDS },
  };
}

/** Secure cookies whenever the request came over HTTPS (local http runs keep working). */
export function isSecureRequest(url: string): boolean {
  return new URL(url).protocol === "https:";
}

/** Set-Cookie values that start or rotate a session. */
export function serializeSessionCookies(tokens: SessionTokens, secure: boolean): string[] {
  const opts = sessionCookieOptions(secure);
  return [
    serialize(ACCESS_COOKIE, tokens.token, opts[ACCESS_COOKIE]),
    serialize(REFRESH_COOKIE, tokens.refreshToken, opts[REFRESH_COOKIE]),
  ];
}

/** Set-Cookie values that end a session in the browser. */
export function serializeClearedSessionCookies(secure: boolean): string[] {
  const opts = sessionCookieOptions(secure);
  return [
    serialize(ACCESS_COOKIE, "", { ...opts[ACCESS_COOKIE], maxAge: 0, expires: new Date(0) }),
    serialize(REFRESH_COOKIE, "", { ...opts[REFRESH_COOKIE], maxAge: 0, expires: new Date(0) }),
  ];
}

/** Reads one cookie from a Cookie request header. */
export function readCookie(cookieHeader: string | null | undefined, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  return parse(cookieHeader, name)[name];
}
