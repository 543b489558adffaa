import type { User } from "../../db/tenant";
import { recordAudit } from "../audit/recordAudit";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { clearCodeAttempts, countCodeAttempt, openTotpSecret, spendTotpCode, userRow } from "./secondFactor";

/**
 * A signed-in user proves they still hold their app (to turn two-factor off, or make new recovery codes): the
 * attempt is counted as a login's code is, and a wrong code is refused and recorded.
 */
export async function checkCurrentCode(ctx: Ctx, code: string, step: "disable" | "recoveryCodes"): Promise<User> {
  const user = await userRow(ctx, ctx.user.id);
  if (!user) throw new AppError("ERR_NO_USER_FOUND");
  const secret = user.totpEnabledAt ? await openTotpSecret(ctx.env, user) : null;
  if (!secret) throw new AppError("ERR_TWO_FACTOR_NOT_ENABLED");
  await countCodeAttempt(ctx, user.id, ctx.client?.ip);
  if (!(await spendTotpCode(ctx, user, secret, code))) {
    recordAudit(ctx, { action: "auth.twoFactorFailed", outcome: "failed", detail: { step } });
    throw new AppError("ERR_TWO_FACTOR_INVALID_CODE");
  }
  await clearCodeAttempts(ctx, user.id);
  return user;
}
