import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { companies, settings, userQueues, userSessions, users } from "../../db/schema";
import type { Env } from "../../env";
import type { CurrentUser } from "../context";
import { AppError } from "../errors";
import { assertCompanyAccess } from "./companyAccess";
import { verifyAccessToken } from "./tokens";

/**
 * Access token in, the acting user out — loaded fresh in one round trip, so a revoked session, a changed
 * profile or an expired company take effect on the very next request.
 */
export async function authenticate({ db, env, token }: { db: Db; env: Env; token: string }): Promise<CurrentUser> {
  const claims = await verifyAccessToken(token, env.JWT_SECRET);
  // One round trip. Batched rows are keyed by column name, so the selected columns must have distinct names.
  const [rows, queueRows, settingRows] = await db.batch([
    db
      .select({
        id: users.id,
        companyId: users.companyId,
        name: users.name,
        email: users.email,
        profile: users.profile,
        super: users.super,
        allTicket: users.allTicket,
        revokedAt: userSessions.revokedAt,
        revokedReason: userSessions.revokedReason,
        companyStatus: companies.status,
        dueDate: companies.dueDate,
        timezone: companies.timezone,
      })
      .from(userSessions)
      .innerJoin(users, eq(users.id, userSessions.userId))
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(and(eq(userSessions.id, claims.sid), eq(users.id, claims.sub), eq(users.companyId, claims.cid))),
    db.select({ queueId: userQueues.queueId }).from(userQueues).where(eq(userQueues.userId, claims.sub)),
    db.select({ key: settings.key, value: settings.value }).from(settings).where(eq(settings.companyId, claims.cid)),
  ]);
  const row = rows[0];
  if (!row) throw new AppError("ERR_SESSION_EXPIRED");
  if (row.revokedAt) {
    throw new AppError(row.revokedReason === "replaced" ? "ERR_SESSION_REPLACED" : "ERR_SESSION_EXPIRED");
  }
  assertCompanyAccess({ status: row.companyStatus, dueDate: row.dueDate, timezone: row.timezone }, row.super);
  return {
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    email: row.email,
    profile: row.profile,
    super: row.super,
    allTicket: row.allTicket,
    queueIds: queueRows.map((q) => q.queueId),
    sessionId: claims.sid,
    companySettings: Object.fromEntries(settingRows.map((r) => [r.key, r.value])),
  };
}
