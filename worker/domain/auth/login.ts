import { and, eq, isNull, ne } from "drizzle-orm";
import type { ControlDb } from "../../db/client";
import { loginEmails } from "../../db/control";
import { companies, userSessions, users } from "../../db/tenant";
import type { LoginInput } from "../../contracts/auth";
import { DUMMY_PASSWORD_HASH, verifyPassword } from "../../lib/crypto";
import { clearHits, limits, returnHit, takeHits } from "../shared/rateLimit";
import type { SystemCtx } from "../context";
import type { HubDirectory } from "../hubPort";
import { AppError } from "../errors";
import { assertCompanyAccess } from "./companyAccess";
import { loadSessionUser } from "./sessionUser";
import { hashRefreshToken, newRefreshToken, REFRESH_TOKEN_TTL_SECONDS, signAccessToken } from "./tokens";

interface LoginArgs {
  control: ControlDb;
  hubs: HubDirectory;
  input: LoginInput;
  ip: string;
  userAgent: string | null;
}

export type SignedIn = Awaited<ReturnType<typeof signIn>>;

/**
 * Email and password in; an access token, a refresh token and the session user out. Runs at the edge: the rate
 * limits and the login index are in the control database, the user and the session in the company's hub.
 * Every attempt is counted, per e-mail and per address, before its password is checked, so of a burst sent at
 * once exactly the limit is checked. One that succeeds clears its e-mail's count and gives its address's back:
 * colleagues behind one office address do not use up each other's budget.
 */
export async function login({ control, hubs, input, ip, userAgent }: LoginArgs): Promise<SignedIn> {
  const email = input.email.trim().toLowerCase();
  const emailKey = `login:email:${email}`;
  const perIp = { key: `login:ip:${ip}`, limit: limits.loginPerIp };
  const now = Date.now();
  await takeHits(control, [{ key: emailKey, limit: limits.loginPerEmail }, perIp], now);

  const route = await control.select({ companyId: loginEmails.companyId }).from(loginEmails).where(eq(loginEmails.email, email)).get();
  if (!route) {
    // Compare against a dummy hash for unknown emails so timing does not reveal which emails exist.
    await verifyPassword(input.password, DUMMY_PASSWORD_HASH);
    throw new AppError("ERR_INVALID_CREDENTIALS");
  }
  const result = await hubs.of(route.companyId).call("signIn", { email, password: input.password, userAgent });
  await control.batch([clearHits(control, emailKey), returnHit(control, perIp, now)]);
  return result;
}

/**
 * The company's part of a login, in its hub: the password checked, the session opened. Starting a session ends
 * every other session of the same user (one live session per user).
 */
export async function signIn({ ctx, input }: { ctx: SystemCtx; input: { email: string; password: string; userAgent: string | null } }) {
  const { db } = ctx;
  const found = await db
    .select({ user: users, company: companies })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.email, input.email), eq(users.companyId, ctx.companyId)))
    .get();
  const valid = await verifyPassword(input.password, found?.user.passwordHash ?? DUMMY_PASSWORD_HASH);
  if (!found || !valid) throw new AppError("ERR_INVALID_CREDENTIALS");
  const { user, company } = found;
  assertCompanyAccess(company, user, { billing: true });

  const sessionId: string = crypto.randomUUID();
  const refreshToken = newRefreshToken(user.companyId, sessionId);
  const refreshHash = await hashRefreshToken(refreshToken);
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
      refreshHash,
      userAgent: input.userAgent?.slice(0, 255) ?? null,
      expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000),
    }),
  ]);
  // The old tab is told 'Sua conta foi acessada em outro computador.' and its socket closed.
  await ctx.hub.endSessions(user.id, sessionId, "replaced");

  const token = await signAccessToken({ sub: user.id, cid: user.companyId, sid: sessionId }, ctx.env.JWT_SECRET);
  return { token, refreshToken, sessionId, user: await loadSessionUser(db, user.id, user.companyId) };
}
