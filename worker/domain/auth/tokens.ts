import { sign, verify } from "hono/jwt";
import { JwtTokenExpired } from "hono/utils/jwt/types";
import { randomToken, sha256 } from "../../lib/crypto";
import { AppError } from "../errors";

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

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

/** Refresh tokens are `<sessionId>.<secret>`; only the SHA-256 of the whole token is stored. */
export function newRefreshToken(sessionId: string): string {
  return `${sessionId}.${randomToken(32)}`;
}

export function sessionIdOf(refreshToken: string): string | null {
  const dot = refreshToken.indexOf(".");
  return dot > 0 ? refreshToken.slice(0, dot) : null;
}

export const hashRefreshToken = sha256;
