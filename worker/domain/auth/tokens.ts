import { sign, verify } from "hono/jwt";
import { JwtTokenExpired } from "hono/utils/jwt/types";
import { randomToken, sha256 } from "../../lib/crypto";
import { parsePlatformId } from "../../contracts/ids";
import { AppError } from "../errors";
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS } from "../../contracts/auth";
import { TWO_FACTOR_CHALLENGE_TTL_SECONDS } from "../../contracts/twoFactor";

export { ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS };

export interface AccessClaims {
  sub: number; // user id
  cid: number; // company id
  sid: string; // session id
}

export async function signAccessToken(claims: AccessClaims, secret: string, now = Date.now()): Promise<string> {
  const iat = Math.floor(now / 1000);
  return sign({ ...claims, iat, exp: iat + ACCESS_TOKEN_TTL_SECONDS }, secret, "HS256");
}

export async function verifyAccessToken(token: string, secret: string): Promise<AccessClaims> {
  try {
    const payload = await verify(token, secret, "HS256");
    const { sub, cid, sid } = payload as Record<string, unknown>;
    if (typeof sub !== "number" || typeof cid !== "number" || typeof sid !== "string") throw new Error("claims");
    return { sub, cid, sid };
  } catch (err) {
    // An expired token is the normal case the client answers by refreshing; anything else is forged or broken.
    throw new AppError("ERR_SESSION_EXPIRED", undefined, { reason: err instanceof JwtTokenExpired ? "expired" : "invalid" });
  }
}

/**
 * Refresh tokens are `<companyId>.<sessionId>.<secret>`: the company routes the refresh to its hub, where the
 * session lives; only the SHA-256 of the whole token is stored.
 */
export function newRefreshToken(companyId: number, sessionId: string): string {
  return `${companyId}.${sessionId}.${randomToken(32)}`;
}

export function refreshTokenParts(refreshToken: string): { companyId: number; sessionId: string } | null {
  const match = /^([^.]+)\.([0-9a-f-]{36})\.[A-Za-z0-9_-]+$/.exec(refreshToken);
  // The company is read by the id contract: 16 digits past 2^53 named a company that cannot exist.
  const companyId = match ? parsePlatformId(match[1]) : null;
  return match && companyId !== null ? { companyId, sessionId: match[2]! } : null;
}

export const hashRefreshToken = sha256;

/**
 * The challenge a login answers when a second factor is due (issue 28): the user and company it was issued for,
 * signed like an access token but with a purpose of its own (an access token is never taken for it, nor it for
 * one: it has no session) and a life of minutes.
 */
export async function signTwoFactorChallenge(claims: { sub: number; cid: number }, secret: string, now = Date.now()): Promise<string> {
  const iat = Math.floor(now / 1000);
  return sign({ ...claims, purpose: "two-factor", iat, exp: iat + TWO_FACTOR_CHALLENGE_TTL_SECONDS }, secret, "HS256");
}

export async function verifyTwoFactorChallenge(token: string, secret: string): Promise<{ sub: number; cid: number }> {
  try {
    const payload = (await verify(token, secret, "HS256")) as Record<string, unknown>;
    const { sub, cid, purpose } = payload;
    if (typeof sub !== "number" || typeof cid !== "number" || purpose !== "two-factor") throw new Error("claims");
    return { sub, cid };
  } catch {
    throw new AppError("ERR_TWO_FACTOR_CHALLENGE_EXPIRED");
  }
}
