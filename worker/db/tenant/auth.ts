import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
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
