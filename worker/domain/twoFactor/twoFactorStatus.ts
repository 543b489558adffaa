import type { TwoFactorStatusView } from "../../contracts/twoFactor";
import type { Ctx } from "../context";
import { recoveryCodesLeft, userRow } from "./secondFactor";
import { twoFactorRequired } from "./required";

/** GET /api/auth/two-factor: whether the user's two-factor sign-in is on, required of them, and their codes left. */
export async function twoFactorStatus({ ctx }: { ctx: Ctx }): Promise<TwoFactorStatusView> {
  const user = await userRow(ctx, ctx.user.id);
  const enabled = !!user?.totpEnabledAt;
  return {
    enabled,
    required: twoFactorRequired(ctx.user, ctx.user.companySettings, ctx.env),
    recoveryCodesLeft: enabled ? await recoveryCodesLeft(ctx, ctx.user.id) : 0,
  };
}
