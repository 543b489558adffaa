import { and, eq, isNull, ne } from "drizzle-orm";
import { userSessions } from "../../db/tenant";
import { recordAudit } from "../audit/recordAudit";
import type { Ctx } from "../context";
import { AppError } from "../errors";

/**
 * DELETE /api/auth/sessions/:sessionId: the user ends another live session of their own (not the one asking: that
 * is logout). One live session per user stands, so such a session exists only briefly; the control says so
 * honestly: a session not theirs is not found, one ended or the current one is refused.
 */
export async function endSession({ ctx, input }: { ctx: Ctx; input: { sessionId: string } }): Promise<{ ok: true }> {
  const session = await ctx.db
    .select({ id: userSessions.id, revokedAt: userSessions.revokedAt })
    .from(userSessions)
    .where(and(eq(userSessions.id, input.sessionId), eq(userSessions.userId, ctx.user.id), eq(userSessions.companyId, ctx.companyId)))
    .get();
  if (!session) throw new AppError("ERR_NOT_FOUND");
  if (session.revokedAt || session.id === ctx.user.sessionId) throw new AppError("ERR_SESSION_NOT_ENDABLE");
  const ended = await ctx.db
    .update(userSessions)
    .set({ revokedAt: new Date(), revokedReason: "logout" })
    .where(and(eq(userSessions.id, session.id), eq(userSessions.companyId, ctx.companyId), isNull(userSessions.revokedAt), ne(userSessions.id, ctx.user.sessionId)))
    .returning({ id: userSessions.id });
  if (ended.length === 0) throw new AppError("ERR_SESSION_NOT_ENDABLE");
  recordAudit(ctx, { action: "auth.sessionEnded", target: { type: "session", id: session.id } });
  // Its tabs are told and their sockets closed; this one's stay.
  await ctx.hub.endSessions(ctx.user.id, ctx.user.sessionId, "revoked");
  return { ok: true };
}
