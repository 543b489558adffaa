import { and, eq, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { templateFamily } from "../../db/preparedTemplates";
import { companies, settings, userQueues, userSessions, users } from "../../db/tenant";
import type { Env } from "../../env";
import type { CurrentUser } from "../context";
import { AppError } from "../errors";
import { assertCompanyAccess } from "./companyAccess";
import { twoFactorRequired } from "../twoFactor/required";
import { verifyAccessToken, type AccessClaims } from "./tokens";

/**
 * Access token in, the acting user out — loaded fresh in one round trip, so a revoked session, a changed
 * profile or an expired company take effect on the very next request.
 */
export async function authenticate({
  db,
  env,
  token,
  billing = false,
  enrolment = false,
}: {
  db: Db;
  env: Env;
  token: string;
  billing?: boolean;
  /** The request is one a user who must enrol in two-factor sign-in may make (isEnrolmentPath). */
  enrolment?: boolean;
}): Promise<CurrentUser> {
  return loadSession(db, await verifyAccessToken(token, env.JWT_SECRET), { billing, enrolment, env });
}

/** The session's rows, turned into the acting user. `billing`: the request is one an expired company's admin may make. */
export async function loadSession(db: Db, claims: AccessClaims, options: SessionOptions): Promise<CurrentUser> {
  const rows = await readSessionRows(db, claims);
  return userFromSessionRows(claims, rows, options);
}

interface SessionOptions {
  billing?: boolean;
  enrolment?: boolean;
  env: Pick<Env, "APP_ENV">;
}

function sessionUserQuery(db: Db, where: SQL) {
  // Batched rows are keyed by column name, so the selected columns must have distinct names.
  return db
    .select({
      id: users.id,
      companyId: users.companyId,
      name: users.name,
      email: users.email,
      profile: users.profile,
      super: users.super,
      allTicket: users.allTicket,
      totpEnabledAt: users.totpEnabledAt,
      revokedAt: userSessions.revokedAt,
      revokedReason: userSessions.revokedReason,
      companyStatus: companies.status,
      dueDate: companies.dueDate,
      timezone: companies.timezone,
    })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(where);
}
const sessionUser = templateFamily<Awaited<ReturnType<typeof sessionUserQuery>>>(sessionUserQuery);
const sessionQueues = templateFamily<{ queueId: number }[]>((db, where) => db.select({ queueId: userQueues.queueId }).from(userQueues).where(where));
export const sessionSettings = templateFamily<{ key: string; value: string }[]>((db, where) =>
  db.select({ key: settings.key, value: settings.value }).from(settings).where(where),
);

/**
 * What a request's session is read from (one batch, or the head of a read's own batch: readInSession): its user
 * with the session's and the company's state, the user's queues, the company's settings. Prepared once per client
 * (preparedTemplates): they run on every request.
 */
export function sessionQueries(db: Db, claims: AccessClaims) {
  return [
    sessionUser(db, and(eq(userSessions.id, claims.sid), eq(users.id, claims.sub), eq(users.companyId, claims.cid))!),
    sessionQueues(db, eq(userQueues.userId, claims.sub)),
    sessionSettings(db, eq(settings.companyId, claims.cid)),
  ] as const;
}

/** The session's rows alone, in one round trip. */
export function readSessionRows(db: Db, claims: AccessClaims) {
  return db.batch(sessionQueries(db, claims));
}
export type SessionRows = Awaited<ReturnType<typeof readSessionRows>>;

/** The acting user of a session's rows, or the error that refuses it (ended, replaced, company locked out). */
export function userFromSessionRows(claims: AccessClaims, [rows, queueRows, settingRows]: SessionRows, { billing = false, enrolment = false, env }: SessionOptions): CurrentUser {
  const row = rows[0];
  if (!row) throw new AppError("ERR_SESSION_EXPIRED");
  if (row.revokedAt) {
    throw new AppError(row.revokedReason === "replaced" ? "ERR_SESSION_REPLACED" : "ERR_SESSION_EXPIRED");
  }
  assertCompanyAccess({ status: row.companyStatus, dueDate: row.dueDate, timezone: row.timezone }, row, { billing });
  const user = actingUser(row, queueRows, settingRows, claims.sid);
  // Two-factor sign-in required and not set up (issue 28): the session serves only its own enrolment.
  if (!enrolment && !row.totpEnabledAt && twoFactorRequired(row, user.companySettings, env)) throw new AppError("ERR_TWO_FACTOR_REQUIRED");
  return user;
}

/** The acting user from its row, its queues and the company's settings (a session's, or an API token's maker). */
export function actingUser(
  row: Pick<CurrentUser, "id" | "companyId" | "name" | "email" | "profile" | "super" | "allTicket">,
  queueRows: { queueId: number }[],
  settingRows: { key: string; value: string }[],
  sessionId: string,
): CurrentUser {
  return {
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    email: row.email,
    profile: row.profile,
    super: row.super,
    allTicket: row.allTicket,
    queueIds: queueRows.map((q) => q.queueId),
    sessionId,
    companySettings: Object.fromEntries(settingRows.map((r) => [r.key, r.value])),
  };
}
