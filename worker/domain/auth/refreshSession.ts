import { and, eq } from "drizzle-orm";
import { companies, userSessions, users } from "../../db/tenant";
import type { SystemCtx } from "../context";
import { safeEqual } from "../../lib/crypto";
import { AppError } from "../errors";
import { assertCompanyAccess } from "./companyAccess";
import { loadSessionUser } from "./sessionUser";
import { hashRefreshToken, newRefreshToken, REFRESH_TOKEN_TTL_SECONDS, refreshTokenParts, signAccessToken } from "./tokens";

/** How long after a rotation the token it replaced is taken as a concurrent refresh rather than a replay. */
export const REFRESH_RACE_GRACE_MS = 10_000;

/**
 * Rotates the refresh token. Presenting the token that was already rotated away means it was stolen or
 * replayed: the whole session ends, so neither holder can continue.
 */
export async function refreshSession({ ctx, input: { refreshToken } }: { ctx: SystemCtx; input: { refreshToken: string } }) {
  const { db, env } = ctx;
  const sessionId = refreshTokenParts(refreshToken)?.sessionId;
  if (!sessionId) throw new AppError("ERR_SESSION_EXPIRED");
  const found = await db
    .select({ session: userSessions, user: users, company: companies })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(userSessions.id, sessionId), eq(userSessions.companyId, ctx.companyId)))
    .get();
  if (!found) throw new AppError("ERR_SESSION_EXPIRED");
  const { session, user, company } = found;
  if (session.revokedAt) {
    throw new AppError(session.revokedReason === "replaced" ? "ERR_SESSION_REPLACED" : "ERR_SESSION_EXPIRED");
  }
  const presented = await hashRefreshToken(refreshToken);
  if (!safeEqual(presented, session.refreshHash)) {
    const justRotated = Date.now() - session.lastUsedAt.getTime() < REFRESH_RACE_GRACE_MS;
    if (session.previousHash && safeEqual(presented, session.previousHash) && justRotated) {
      // Two requests of the same browser refreshed at once (a page load and a fetch): the other one won and
      // its response carries the new cookie. Not theft; the caller retries.
      throw new AppError("ERR_REFRESH_RACE");
    }
    if (session.previousHash && safeEqual(presented, session.previousHash)) {
      await db.update(userSessions).set({ revokedAt: new Date(), revokedReason: "reuse" }).where(eq(userSessions.id, session.id));
      await ctx.hub
        .endSessions(user.id, null, "revoked")
        .catch((err) => console.error("could not close sessions after reuse", String(err)));
    }
    throw new AppError("ERR_SESSION_EXPIRED");
  }
  if (session.expiresAt.getTime() < Date.now()) throw new AppError("ERR_SESSION_EXPIRED");
  assertCompanyAccess(company, user, { billing: true });

  const next = newRefreshToken(ctx.companyId, session.id);
  const now = new Date();
  await db
    .update(userSessions)
    .set({
      refreshHash: await hashRefreshToken(next),
      previousHash: session.refreshHash,
      lastUsedAt: now,
      expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000),
    })
    .where(eq(userSessions.id, session.id));
  const token = await signAccessToken({ sub: user.id, cid: user.companyId, sid: session.id }, env.JWT_SECRET);
  return { token, refreshToken: next, sessionId: session.id, user: await loadSessionUser(db, user.id, user.companyId, ctx.env) };
}
