import { and, eq, isNull, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { companies, userSessions, users } from "../../db/schema";
import type { Env } from "../../env";
import type { LoginInput } from "../../contracts/auth";
import { hubFor } from "../../hub/publish";
import { DUMMY_PASSWORD_HASH, verifyPassword } from "../../lib/crypto";
import { assertUnderLimit, clearHits, limits, recordHit } from "../../lib/rateLimit";
import { AppError } from "../errors";
import { assertCompanyAccess } from "./companyAccess";
import { loadSessionUser } from "./sessionUser";
import { hashRefreshToken, newRefreshToken, REFRESH_TOKEN_TTL_SECONDS, signAccessToken } from "./tokens";

interface LoginArgs {
  db: Db;
  env: Env;
  input: LoginInput;
  ip: string;
  userAgent: string | null;
}

/**
 * Email and password in; an access token, a refresh token and the session user out.
 * Starting a session ends every other session of the same user (one live session per user).
 */
export async function login({ db, env, input, ip, userAgent }: LoginArgs) {
  const email = input.email.trim().toLowerCase();
  const emailKey = `login:email:${email}`;
  const ipKey = `login:ip:${ip}`;
  await assertUnderLimit(db, emailKey, limits.loginPerEmail);
  await assertUnderLimit(db, ipKey, limits.loginPerIp);

  const found = await db
    .select({ user: users, company: companies })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.email, email))
    .get();
  // Compare against a dummy hash for unknown emails so timing does not reveal which emails exist.
  const valid = await verifyPassword(input.password, found?.user.passwordHash ?? DUMMY_PASSWORD_HASH);
  if (!found || !valid) {
    await db.batch([recordHit(db, emailKey, limits.loginPerEmail), recordHit(db, ipKey, limits.loginPerIp)]);
    throw new AppError("ERR_INVALID_CREDENTIALS");
  }
  const { user, company } = found;
  assertCompanyAccess(company, user.super);

  const sessionId = crypto.randomUUID();
  const refreshToken = newRefreshToken(sessionId);
  const now = new Date();
  await db.batch([
    db
      .update(userSessions)
      .set({ revokedAt: now, revokedReason: "replaced" })
      .where(and(eq(userSessions.userId, user.id), isNull(userSessions.revokedAt), ne(userSessions.id, sessionId))),
    db.insert(userSessions).values({
      id: sessionId,
      userId: user.id,
      companyId: user.companyId,
      refreshHash: await hashRefreshToken(refreshToken),
      userAgent: userAgent?.slice(0, 255) ?? null,
      expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000),
    }),
    clearHits(db, emailKey),
  ]);
  // The old tab is told 'Sua conta foi acessada em outro computador.' and its socket closed.
  try {
    await hubFor(env, user.companyId).endSessions(user.id, sessionId, "replaced");
  } catch (err) {
    console.error("could not notify replaced sessions", String(err));
  }

  const token = await signAccessToken({ sub: user.id, cid: user.companyId, sid: sessionId }, env.JWT_SECRET);
  return { token, refreshToken, sessionId, user: await loadSessionUser(db, user.id, user.companyId) };
}
