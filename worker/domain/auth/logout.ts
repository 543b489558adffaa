import { and, eq, isNull } from "drizzle-orm";
import { userSessions, users } from "../../db/tenant";
import type { Ctx } from "../context";

/** Ends the current session and shows the user offline. */
export async function logout({ ctx }: { ctx: Ctx }) {
  await ctx.db.batch([
    ctx.db
      .update(userSessions)
      .set({ revokedAt: new Date(), revokedReason: "logout" })
      .where(and(eq(userSessions.id, ctx.user.sessionId), isNull(userSessions.revokedAt))),
    ctx.db.update(users).set({ online: false }).where(and(eq(users.id, ctx.user.id), eq(users.companyId, ctx.companyId))),
  ]);
  await ctx.hub
    .endSessions(ctx.user.id, null, "revoked")
    .catch((err) => console.error("could not close sockets on logout", String(err)));
}
