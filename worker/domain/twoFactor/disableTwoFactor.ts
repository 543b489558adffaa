import { and, eq } from "drizzle-orm";
import type { TwoFactorCodeInput } from "../../contracts/twoFactor";
import { recoveryCodes, users } from "../../db/tenant";
import { recordAudit } from "../audit/recordAudit";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { twoFactorRequired } from "./required";
import { checkCurrentCode } from "./checkCurrentCode";

/**
 * POST /api/auth/two-factor/disable: a current code of the app turns two-factor sign-in off (the secret and the
 * recovery codes go). Not for a user of whom it is required: they would only be sent back to enrol.
 */
export async function disableTwoFactor({ ctx, input }: { ctx: Ctx; input: TwoFactorCodeInput }): Promise<{ ok: true }> {
  if (twoFactorRequired(ctx.user, ctx.user.companySettings, ctx.env)) throw new AppError("ERR_TWO_FACTOR_REQUIRED_BY_COMPANY");
  const user = await checkCurrentCode(ctx, input.code, "disable");
  ctx.db.transaction((tx) => {
    tx
      .update(users)
      .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
      .where(and(eq(users.id, user.id), eq(users.companyId, ctx.companyId)))
      .run();
    tx.delete(recoveryCodes).where(and(eq(recoveryCodes.userId, user.id), eq(recoveryCodes.companyId, ctx.companyId))).run();
    recordAudit(ctx, { action: "auth.twoFactorDisabled", target: { type: "user", id: user.id, label: user.name } });
  });
  return { ok: true };
}
