import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { connectionRoutes } from "./routing";

/** Which host runs a connection: one socket per credentials, across hosts. */
export const sessionLeases = sqliteTable(
  "session_leases",
  {
    whatsappId: integer("whatsapp_id")
      .primaryKey()
      .references(() => connectionRoutes.whatsappId, { onDelete: "cascade" }),
    hostId: text("host_id").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("session_leases_host_idx").on(t.hostId)],
);
