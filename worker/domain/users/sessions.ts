import { and, eq, isNull, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { userSessions } from "../../db/tenant";
import type { AnyCtx } from "../context";

/** The statement that revokes a user's live sessions (all, or all but the one the user is acting from). */
export function revokeSessions(db: Db, userId: number, reason: "deleted" | "password", keepSessionId: string | null = null) {
  return db
    .update(userSessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(
      and(
        eq(userSessions.userId, userId),
        isNull(userSessions.revokedAt),
        keepSessionId ? ne(userSessions.id, keepSessionId) : undefined,
      ),
    );
}

/** Closes the user's sockets after their sessions were revoked; the write has landed, so a failure is logged. */
export async function closeSockets(ctx: Pick<AnyCtx, "hub">, userId: number, keepSessionId: string | null = null) {
  try {
    await ctx.hub.endSessions(userId, keepSessionId, "revoked");
  } catch (err) {
    console.error("could not close the user's sockets", { userId, err: String(err) });
  }
}
