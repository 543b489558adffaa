import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { id } from "../shared/columns";
import { companyId } from "../shared/companyId";
import { SIGN_IN_OUTCOMES } from "../../contracts/twoFactor";
import { companies } from "../shared/companies";
import { users } from "./users";

/**
 * One row per login. The refresh token rotates on every use: `refreshHash` is the live one and
 * `previousHash` the one it replaced, so presenting a spent token is recognised as reuse and ends the session.
 * A user has at most one live session (a new login revokes the others).
 */
export const userSessions = sqliteTable(
  "user_sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    refreshHash: text("refresh_hash").notNull(),
    previousHash: text("previous_hash"),
    userAgent: text("user_agent"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().$defaultFn(() => new Date()),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }).notNull().$defaultFn(() => new Date()),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
    revokedReason: text("revoked_reason", { enum: ["logout", "replaced", "reuse", "deleted", "password"] }),
  },
  (t) => [index("user_sessions_user_idx").on(t.userId), index("user_sessions_expires_idx").on(t.expiresAt)],
);

/**
 * A user's recovery codes (issue 28): ten, shown once at enrolment or regeneration, stored as SHA-256 keyed by the
 * user (never the code); each signs in once (`usedAt`). Regenerating deletes the old ones.
 */
export const recoveryCodes = sqliteTable(
  "recovery_codes",
  {
    id: id(),
    companyId: companyId(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().$defaultFn(() => new Date()),
  },
  (t) => [index("recovery_codes_user_idx").on(t.userId)],
);

/**
 * Each sign-in of a user, and each refused one (a wrong password or code), for the user's own history: when, from
 * which address and device. `sessionId` is the session it opened.
 */
export const signIns = sqliteTable(
  "sign_ins",
  {
    id: id(),
    companyId: companyId(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    outcome: text("outcome", { enum: SIGN_IN_OUTCOMES }).notNull(),
    sessionId: text("session_id"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().$defaultFn(() => new Date()),
  },
  (t) => [index("sign_ins_user_created_idx").on(t.userId, t.createdAt)],
);
