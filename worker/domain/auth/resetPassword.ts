import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { ResetPasswordInput } from "../../contracts/passwordReset";
import type { ControlDb } from "../../db/client";
import { loginEmails, passwordResets } from "../../db/control";
import { users } from "../../db/tenant";
import type { Env } from "../../env";
import { hashPassword, safeEqual } from "../../lib/crypto";
import { limits, takeHits } from "../shared/rateLimit";
import type { SystemCtx } from "../context";
import { AppError } from "../errors";
import type { HubDirectory } from "../hubPort";
import { closeSockets, revokeSessions } from "../users/sessions";
import { RESET_MAX_ATTEMPTS, resetCodeHash } from "./requestPasswordReset";

interface ResetArgs {
  control: ControlDb;
  hubs: HubDirectory;
  env: Pick<Env, "JWT_SECRET">;
  input: ResetPasswordInput;
  ip: string;
}

const invalidCode = () => new AppError("ERR_INVALID_RESET_CODE");

/**
 * Step 2 of /forgetpsw, at the edge. The user's newest live code is charged one attempt before it is compared (in
 * one statement, so a burst cannot try more than RESET_MAX_ATTEMPTS), then claimed once; the user's hub sets the
 * password and ends every session. Whatever is wrong (no account, no code, a wrong, spent or expired one) answers
 * the same error.
 */
export async function resetPassword({ control, hubs, env, input, ip }: ResetArgs): Promise<void> {
  await takeHits(control, [{ key: `reset-verify:ip:${ip}`, limit: limits.resetVerifyPerIp }]);
  const route = await control.select().from(loginEmails).where(eq(loginEmails.email, input.email)).get();
  if (!route) throw invalidCode();
  const now = new Date();
  const live = await control
    .select()
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.companyId, route.companyId),
        eq(passwordResets.userId, route.userId),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .orderBy(desc(passwordResets.id))
    .get();
  if (!live) throw invalidCode();
  const charged = await control
    .update(passwordResets)
    .set({ attempts: sql`${passwordResets.attempts} + 1` })
    .where(and(eq(passwordResets.id, live.id), isNull(passwordResets.usedAt), lt(passwordResets.attempts, RESET_MAX_ATTEMPTS)))
    .returning({ attempts: passwordResets.attempts });
  if (charged.length === 0) throw invalidCode();
  const given = await resetCodeHash(env, route.companyId, route.userId, input.token);
  if (!safeEqual(given, live.codeHash)) throw invalidCode();

  const passwordHash = await hashPassword(input.newPassword);
  const claimed = await control
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.id, live.id), isNull(passwordResets.usedAt)))
    .returning({ id: passwordResets.id });
  if (claimed.length === 0) throw invalidCode();
  await hubs.of(route.companyId).call("applyPasswordReset", { userId: route.userId, passwordHash });
}

/** The company's part, in its hub: the new password set and every session of the user ended (sockets closed). */
export async function applyPasswordReset({ ctx, input }: { ctx: SystemCtx; input: { userId: number; passwordHash: string } }) {
  const [updated] = await ctx.db.batch([
    ctx.db
      .update(users)
      .set({ passwordHash: input.passwordHash, updatedAt: new Date() })
      .where(and(eq(users.id, input.userId), eq(users.companyId, ctx.companyId)))
      .returning({ id: users.id }),
    revokeSessions(ctx.db, input.userId, "password"),
  ]);
  if (updated.length === 0) throw invalidCode();
  await closeSockets(ctx, input.userId);
  return { ok: true as const };
}
