import { and, count, eq, isNull, lt, or } from "drizzle-orm";
import { RECOVERY_CODE_COUNT } from "../../contracts/twoFactor";
import { recoveryCodes, users, type User } from "../../db/tenant";
import type { Env } from "../../env";
import { hmacSha256 } from "../../lib/crypto";
import { openSecret, sealSecret } from "../../lib/secretBox";
import { verifyTotp } from "../../lib/totp";
import type { AnyCtx } from "../context";
import { clearHits, limits, takeHits } from "../shared/rateLimit";

/**
 * The pieces of two-factor sign-in (issue 28) its verbs share: the TOTP secret sealed for its user (lib/secretBox,
 * as integration secrets are: a value copied to another user's row does not open), recovery codes made, stored as a
 * keyed hash and spent once, and a code checked against the last step used so it cannot be replayed.
 */
const ownerOf = (user: Pick<User, "id" | "companyId">) => `totp:${user.companyId}:${user.id}`;

export function sealTotpSecret(env: Pick<Env, "DATA_SECRET">, user: Pick<User, "id" | "companyId">, secret: string) {
  return sealSecret(env.DATA_SECRET, secret, ownerOf(user));
}

export function openTotpSecret(env: Pick<Env, "DATA_SECRET">, user: Pick<User, "id" | "companyId" | "totpSecret">) {
  return user.totpSecret ? openSecret(env.DATA_SECRET, user.totpSecret, ownerOf(user)) : Promise.resolve(null);
}

/** Ten codes of ten letters and digits (about 51 bits each), written `xxxxx-xxxxx`. */
export function newRecoveryCodes(): string[] {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    let code = "";
    while (code.length < 10) {
      const [n] = crypto.getRandomValues(new Uint8Array(1));
      // Rejection sampling: 248 is the largest multiple of 31 under 256, so every letter is equally likely.
      if (n! < 248) code += alphabet[n! % alphabet.length];
    }
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/** What is stored of a recovery code: a keyed hash bound to its user (a copy of the database cannot try codes offline). */
export function recoveryCodeHash(env: Pick<Env, "DATA_SECRET">, user: Pick<User, "id" | "companyId">, code: string) {
  return hmacSha256(env.DATA_SECRET, `recovery-code:${user.companyId}:${user.id}:${code.toLowerCase().replace(/[\s-]/g, "")}`);
}

/** The rows of a fresh set of codes (the caller deletes the old ones in the same batch). */
export async function recoveryCodeRows(env: Pick<Env, "DATA_SECRET">, user: Pick<User, "id" | "companyId">, codes: string[]) {
  return Promise.all(codes.map(async (code) => ({ companyId: user.companyId, userId: user.id, codeHash: await recoveryCodeHash(env, user, code) })));
}

/**
 * Counts a code attempt of the user, and of the address, before the code is checked (as passwords: a burst gets
 * exactly the limit through). The per-user count is cleared by a sign-in that succeeds.
 */
export async function countCodeAttempt(ctx: Pick<AnyCtx, "control">, userId: number, ip: string | undefined) {
  await takeHits(ctx.control, [
    { key: twoFactorUserKey(userId), limit: limits.twoFactorPerUser },
    { key: `2fa:ip:${ip ?? "unknown"}`, limit: limits.twoFactorPerIp },
  ]);
}
export const twoFactorUserKey = (userId: number) => `2fa:user:${userId}`;

/** A code that was right clears the user's count (as a login that succeeds clears its e-mail's). */
export async function clearCodeAttempts(ctx: Pick<AnyCtx, "control">, userId: number) {
  await clearHits(ctx.control, twoFactorUserKey(userId));
}

/**
 * Checks a code of the user's app against `secret` and, when it is good, claims its step in one statement (only if
 * later than the last one used): a code accepted once, or an earlier one, is refused however the requests race.
 */
export async function spendTotpCode(ctx: AnyCtx, user: Pick<User, "id" | "companyId" | "totpLastStep">, secret: string, code: string): Promise<boolean> {
  const step = await verifyTotp(secret, code, Date.now(), user.totpLastStep);
  if (step === null) return false;
  const claimed = await ctx.db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, user.id), eq(users.companyId, ctx.companyId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return claimed.length > 0;
}

/** Spends one unused recovery code of the user; false when it is not one of theirs or was used already. */
export async function spendRecoveryCode(ctx: AnyCtx, user: Pick<User, "id" | "companyId">, code: string): Promise<boolean> {
  const codeHash = await recoveryCodeHash(ctx.env, user, code);
  const spent = await ctx.db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(recoveryCodes.userId, user.id), eq(recoveryCodes.companyId, ctx.companyId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return spent.length > 0;
}

export async function recoveryCodesLeft(ctx: AnyCtx, userId: number): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.companyId, ctx.companyId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** The acting user's full row (their secret and last step are not in the session's user). */
export async function userRow(ctx: AnyCtx, userId: number): Promise<User | undefined> {
  return ctx.db.select().from(users).where(and(eq(users.id, userId), eq(users.companyId, ctx.companyId))).get();
}
