import { and, eq, isNull, ne } from "drizzle-orm";
import type { ControlDb } from "../../db/client";
import { loginEmails } from "../../db/control";
import { companies, signIns, userSessions, users, type User } from "../../db/tenant";
import type { LoginInput } from "../../contracts/auth";
import type { TwoFactorChallenge } from "../../contracts/twoFactor";
import type { SessionGrant } from "../../contracts/views/session";
import { DUMMY_PASSWORD_HASH, hashPassword, isLegacyPasswordHash, verifyPassword } from "../../lib/crypto";
import { clearHits, limits, returnHit, takeHits } from "../shared/rateLimit";
import type { SystemCtx } from "../context";
import type { HubDirectory } from "../hubPort";
import { AppError } from "../errors";
import { recordAudit } from "../audit/recordAudit";
import { assertCompanyAccess } from "./companyAccess";
import { loadSessionUser } from "./sessionUser";
import { hashRefreshToken, newRefreshToken, REFRESH_TOKEN_TTL_SECONDS, signAccessToken, signTwoFactorChallenge } from "./tokens";

interface LoginArgs {
  control: ControlDb;
  hubs: HubDirectory;
  input: LoginInput;
  ip: string;
  userAgent: string | null;
}

export type SignedIn = SessionGrant;
/** A login's answer: a session, or (the user has two-factor sign-in) the challenge its second step takes. */
export type LoginOutcome = SessionGrant | TwoFactorChallenge;

/**
 * Email and password in; an access token, a refresh token and the session user out (or, for a user with two-factor
 * sign-in, a challenge: login/two-factor finishes it). Runs at the edge: the rate limits and the login index are in
 * the control database, the user and the session in the company's hub.
 * Every attempt is counted, per e-mail and per address, before its password is checked, so of a burst sent at
 * once exactly the limit is checked. One that succeeds clears its e-mail's count and gives its address's back:
 * colleagues behind one office address do not use up each other's budget.
 */
export async function login({ control, hubs, input, ip, userAgent }: LoginArgs): Promise<LoginOutcome> {
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
  const result = await hubs.of(route.companyId).call("signIn", { email, password: input.password, ip, userAgent });
  await control.batch([clearHits(control, emailKey), returnHit(control, perIp, now)]);
  return result;
}

/**
 * The company's part of a login, in its hub: the password checked, then the session opened, or, for a user with
 * two-factor sign-in, a short-lived challenge signed for the second step (no session yet). A wrong password of a
 * user of the company is recorded in their sign-in history and the audit log.
 */
export async function signIn({ ctx: hubCtx, input }: { ctx: SystemCtx; input: { email: string; password: string; ip: string; userAgent: string | null } }): Promise<LoginOutcome> {
  const ctx: SystemCtx = { ...hubCtx, client: { ip: input.ip, userAgent: input.userAgent } };
  const { db } = ctx;
  const found = await db
    .select({ user: users, company: companies })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.email, input.email), eq(users.companyId, ctx.companyId)))
    .get();
  const valid = await verifyPassword(input.password, found?.user.passwordHash ?? DUMMY_PASSWORD_HASH);
  if (!found) throw new AppError("ERR_INVALID_CREDENTIALS");
  const { user, company } = found;
  if (!valid) {
    recordSignIn(ctx, user, "wrongPassword", null);
    recordAudit(ctx, { action: "auth.signInFailed", outcome: "failed", actor: actorOf(user), target: userTarget(user), detail: { reason: "password" } });
    throw new AppError("ERR_INVALID_CREDENTIALS");
  }
  if (isLegacyPasswordHash(user.passwordHash)) {
    // An imported bcrypt hash (issue 27) is replaced by the product's own once the password is known to match it.
    user.passwordHash = await hashPassword(input.password);
    db.update(users).set({ passwordHash: user.passwordHash }).where(and(eq(users.id, user.id), eq(users.companyId, ctx.companyId))).run();
  }
  assertCompanyAccess(company, user, { billing: true });
  if (user.totpEnabledAt && user.totpSecret) {
    return { twoFactor: true, challenge: await signTwoFactorChallenge({ sub: user.id, cid: user.companyId }, ctx.env.JWT_SECRET) };
  }
  return openSession(ctx, user, {});
}

/**
 * Opens a session for a user whose credentials were checked (password, and code when due): starting a session
 * ends every other session of the same user (one live session per user). The sign-in is recorded in the user's
 * history and the audit log with the session's own writes.
 */
export async function openSession(ctx: SystemCtx, user: User, detail: { method?: "code" | "recoveryCode" }): Promise<SessionGrant> {
  const { db } = ctx;
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
      userAgent: ctx.client?.userAgent?.slice(0, 255) ?? null,
      expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000),
    }),
  ]);
  recordSignIn(ctx, user, "ok", sessionId);
  recordAudit(ctx, { action: "auth.signIn", actor: actorOf(user), target: userTarget(user), detail: detail.method ? { secondFactor: detail.method } : {} });
  // The old tab is told 'Sua conta foi acessada em outro computador.' and its socket closed.
  await ctx.hub.endSessions(user.id, sessionId, "replaced");

  const token = await signAccessToken({ sub: user.id, cid: user.companyId, sid: sessionId }, ctx.env.JWT_SECRET);
  return { token, refreshToken, sessionId, user: await loadSessionUser(db, user.id, user.companyId, ctx.env) };
}

/** One row of the user's sign-in history (synchronous, as recordAudit: beside the sign-in's own writes). */
export function recordSignIn(ctx: SystemCtx, user: Pick<User, "id" | "companyId">, outcome: "ok" | "wrongPassword" | "wrongCode", sessionId: string | null) {
  ctx.db
    .insert(signIns)
    .values({
      companyId: user.companyId,
      userId: user.id,
      outcome,
      sessionId,
      ip: ctx.client?.ip ?? null,
      userAgent: ctx.client?.userAgent?.slice(0, 255) ?? null,
    })
    .run();
}

export const actorOf = (user: Pick<User, "id" | "name">) => ({ kind: "user" as const, id: user.id, name: user.name });
export const userTarget = (user: Pick<User, "id" | "name">) => ({ type: "user", id: user.id, label: user.name });
