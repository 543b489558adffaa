import { and, eq } from "drizzle-orm";
import type { TwoFactorEnrolmentView } from "../../contracts/twoFactor";
import { users } from "../../db/tenant";
import { newTotpSecret, otpauthUri } from "../../lib/totp";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { sealTotpSecret, userRow } from "./secondFactor";

export const TOTP_ISSUER = "ZapDesk";

/**
 * POST /api/auth/two-factor/enrolment: a new secret for the user's authenticator app, kept sealed and not yet in
 * force (confirmEnrolment turns it on with a first code). Starting again replaces a secret not yet confirmed.
 */
export async function startEnrolment({ ctx }: { ctx: Ctx }): Promise<TwoFactorEnrolmentView> {
  const user = await userRow(ctx, ctx.user.id);
  if (!user) throw new AppError("ERR_NO_USER_FOUND");
  if (user.totpEnabledAt) throw new AppError("ERR_TWO_FACTOR_ALREADY_ENABLED");
  const secret = newTotpSecret();
  await ctx.db
    .update(users)
    .set({ totpSecret: await sealTotpSecret(ctx.env, user, secret), totpLastStep: null })
    .where(and(eq(users.id, user.id), eq(users.companyId, ctx.companyId)));
  return { secret, uri: otpauthUri({ secret, account: user.email, issuer: TOTP_ISSUER }) };
}
