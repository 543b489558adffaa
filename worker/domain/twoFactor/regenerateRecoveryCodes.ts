import { and, eq } from "drizzle-orm";
import type { RecoveryCodesView, TwoFactorCodeInput } from "../../contracts/twoFactor";
import { recoveryCodes } from "../../db/tenant";
import type { Ctx } from "../context";
import { checkCurrentCode } from "./checkCurrentCode";
import { newRecoveryCodes, recoveryCodeRows } from "./secondFactor";

/** POST /api/auth/two-factor/recovery-codes: with a current code, ten new recovery codes replace the old ones (shown once). */
export async function regenerateRecoveryCodes({ ctx, input }: { ctx: Ctx; input: TwoFactorCodeInput }): Promise<RecoveryCodesView> {
  const user = await checkCurrentCode(ctx, input.code, "recoveryCodes");
  const codes = newRecoveryCodes();
  const rows = await recoveryCodeRows(ctx.env, user, codes);
  ctx.db.transaction((tx) => {
    tx.delete(recoveryCodes).where(and(eq(recoveryCodes.userId, user.id), eq(recoveryCodes.companyId, ctx.companyId))).run();
    tx.insert(recoveryCodes).values(rows).run();
  });
  return { recoveryCodes: codes };
}
