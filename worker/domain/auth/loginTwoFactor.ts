import type { ControlDb } from "../../db/client";
import type { TwoFactorLoginInput } from "../../contracts/twoFactor";
import type { SessionGrant } from "../../contracts/views/session";
import type { Env } from "../../env";
import { recordAudit } from "../audit/recordAudit";
import type { SystemCtx } from "../context";
import { AppError } from "../errors";
import type { HubDirectory } from "../hubPort";
import { clearHits, limits, returnHit } from "../shared/rateLimit";
import { countCodeAttempt, openTotpSecret, spendRecoveryCode, spendTotpCode, twoFactorUserKey, userRow } from "../twoFactor/secondFactor";
import { assertCompanyAccess } from "./companyAccess";
import { actorOf, openSession, recordSignIn, userTarget } from "./login";
import { verifyTwoFactorChallenge } from "./tokens";
import { companies } from "../../db/tenant";
import { eq } from "drizzle-orm";

interface Args {
  control: ControlDb;
  hubs: HubDirectory;
  env: Pick<Env, "JWT_SECRET">;
  input: TwoFactorLoginInput;
  ip: string;
  userAgent: string | null;
}

/**
 * POST /api/auth/login/two-factor, at the edge: the login's challenge names the user and company; the attempt is
 * counted per user and per address before the code is checked (as passwords are), then the company's hub checks
 * the code or recovery code and opens the session as a login does. One that succeeds clears the user's count.
 */
export async function loginTwoFactor({ control, hubs, env, input, ip, userAgent }: Args): Promise<SessionGrant> {
  const { sub, cid } = await verifyTwoFactorChallenge(input.challenge, env.JWT_SECRET);
  const now = Date.now();
  await countCodeAttempt({ control }, sub, ip);
  const result = await hubs.of(cid).call("signInTwoFactor", { userId: sub, code: input.code ?? null, recoveryCode: input.recoveryCode ?? null, ip, userAgent });
  await control.batch([clearHits(control, twoFactorUserKey(sub)), returnHit(control, { key: `2fa:ip:${ip}`, limit: limits.twoFactorPerIp }, now)]);
  return result;
}

/**
 * The company's part of the second step, in its hub: the user's code (not a step already used) or one of their
 * unused recovery codes, then the session opened exactly as a password-only login opens it. A wrong code is
 * recorded in the user's history and the audit log.
 */
export async function signInTwoFactor({
  ctx: hubCtx,
  input,
}: {
  ctx: SystemCtx;
  input: { userId: number; code: string | null; recoveryCode: string | null; ip: string; userAgent: string | null };
}): Promise<SessionGrant> {
  const ctx: SystemCtx = { ...hubCtx, client: { ip: input.ip, userAgent: input.userAgent } };
  const user = await userRow(ctx, input.userId);
  const secret = user?.totpEnabledAt ? await openTotpSecret(ctx.env, user) : null;
  if (!user || !secret) throw new AppError("ERR_TWO_FACTOR_CHALLENGE_EXPIRED");
  const company = await ctx.db.select().from(companies).where(eq(companies.id, ctx.companyId)).get();
  if (!company) throw new AppError("ERR_TWO_FACTOR_CHALLENGE_EXPIRED");
  assertCompanyAccess(company, user, { billing: true });

  const good = input.code ? await spendTotpCode(ctx, user, secret, input.code) : input.recoveryCode ? await spendRecoveryCode(ctx, user, input.recoveryCode) : false;
  if (!good) {
    recordSignIn(ctx, user, "wrongCode", null);
    recordAudit(ctx, { action: "auth.twoFactorFailed", outcome: "failed", actor: actorOf(user), target: userTarget(user), detail: { step: "signIn", method: input.code ? "code" : "recoveryCode" } });
    throw new AppError("ERR_TWO_FACTOR_INVALID_CODE");
  }
  if (input.recoveryCode) recordAudit(ctx, { action: "auth.recoveryCodeUsed", actor: actorOf(user), target: userTarget(user) });
  return openSession(ctx, user, { method: input.code ? "code" : "recoveryCode" });
}
