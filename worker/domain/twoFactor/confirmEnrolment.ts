import { and, eq, isNull } from "drizzle-orm";
import type { RecoveryCodesView, TwoFactorCodeInput } from "../../contracts/twoFactor";
import { recoveryCodes, users } from "../../db/tenant";
import { recordAudit } from "../audit/recordAudit";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { clearCodeAttempts, countCodeAttempt, newRecoveryCodes, openTotpSecret, recoveryCodeRows, spendTotpCode, userRow } from "./secondFactor";

/**
 * POST /api/auth/two-factor/enrolment/confirm: a first code of the app proves it holds the secret; two-factor
 * sign-in is on from here, and the ten recovery codes are answered, once (only their hashes are kept).
 */
export async function confirmEnrolment({ ctx, input }: { ctx: Ctx; input: TwoFactorCodeInput }): Promise<RecoveryCodesView> {
  const user = await userRow(ctx, ctx.user.id);
  if (!user) throw new AppError("ERR_NO_USER_FOUND");
  if (user.totpEnabledAt) throw new AppError("ERR_TWO_FACTOR_ALREADY_ENABLED");
  const secret = await openTotpSecret(ctx.env, user);
  if (!secret) throw new AppError("ERR_TWO_FACTOR_NOT_STARTED");
  await countCodeAttempt(ctx, user.id, ctx.client?.ip);
  if (!(await spendTotpCode(ctx, user, secret, input.code))) {
    recordAudit(ctx, { action: "auth.twoFactorFailed", outcome: "failed", detail: { step: "enrolment" } });
    throw new AppError("ERR_TWO_FACTOR_INVALID_CODE");
  }
  await clearCodeAttempts(ctx, user.id);
  const codes = newRecoveryCodes();
  const rows = await recoveryCodeRows(ctx.env, user, codes);
  ctx.db.transaction((tx) => {
    const on = tx
      .update(users)
      .set({ totpEnabledAt: new Date() })
      .where(and(eq(users.id, user.id), eq(users.companyId, ctx.companyId), isNull(users.totpEnabledAt)))
      .returning({ id: users.id })
      .all();
    if (on.length === 0) throw new AppError("ERR_TWO_FACTOR_ALREADY_ENABLED");
    tx.delete(recoveryCodes).where(and(eq(recoveryCodes.userId, user.id), eq(recoveryCodes.companyId, ctx.companyId))).run();
    tx.insert(recoveryCodes).values(rows).run();
    recordAudit(ctx, { action: "auth.twoFactorEnabled", target: { type: "user", id: user.id, label: user.name } });
  });
  return { recoveryCodes: codes };
}
