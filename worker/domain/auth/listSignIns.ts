import { and, desc, eq, inArray } from "drizzle-orm";
import type { SignInView } from "../../contracts/twoFactor";
import { signIns, userSessions } from "../../db/tenant";
import { deviceLabel } from "../../lib/device";
import type { Ctx } from "../context";

export const SIGN_IN_HISTORY_SIZE = 20;

/**
 * GET /api/auth/sign-ins: the user's own recent sign-ins, refused ones included, newest first: when, from which
 * address and device, whether it is this session, and whether the session it opened is still live.
 */
export async function listSignIns({ ctx }: { ctx: Ctx }): Promise<SignInView[]> {
  const rows = await ctx.db
    .select()
    .from(signIns)
    .where(and(eq(signIns.userId, ctx.user.id), eq(signIns.companyId, ctx.companyId)))
    .orderBy(desc(signIns.createdAt), desc(signIns.id))
    .limit(SIGN_IN_HISTORY_SIZE);
  const sessionIds = rows.flatMap((r) => (r.sessionId ? [r.sessionId] : []));
  const now = new Date();
  const live = new Set(
    sessionIds.length === 0
      ? []
      : (
          await ctx.db
            .select({ id: userSessions.id, revokedAt: userSessions.revokedAt, expiresAt: userSessions.expiresAt })
            .from(userSessions)
            .where(and(inArray(userSessions.id, sessionIds), eq(userSessions.userId, ctx.user.id), eq(userSessions.companyId, ctx.companyId)))
        )
          .filter((s) => !s.revokedAt && s.expiresAt > now)
          .map((s) => s.id),
  );
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.createdAt,
    outcome: r.outcome,
    ip: r.ip,
    device: deviceLabel(r.userAgent),
    current: r.sessionId !== null && r.sessionId === ctx.user.sessionId,
    live: r.sessionId !== null && live.has(r.sessionId),
    sessionId: r.sessionId,
  }));
}
