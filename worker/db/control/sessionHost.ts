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

/**
 * The session hosts that registered (issue 30, ADR 0056): each heartbeat upserts its row. A host is live while
 * `heartbeat_at` is within HOST_LIVE_MS; the worker places connections on live, non-draining hosts and sends each
 * command to the URL of the host that holds the connection's lease. Empty: an old single-host deployment
 * (SESSION_HOST_URL).
 */
export const sessionHosts = sqliteTable(
  "session_hosts",
  {
    id: text("id").primaryKey(),
    /** Where the worker reaches the host's /bridge routes. */
    url: text("url").notNull(),
    capacity: integer("capacity").notNull(),
    /** Sockets the host said it had open at its last heartbeat. */
    running: integer("running").notNull().default(0),
    draining: integer("draining", { mode: "boolean" }).notNull().default(false),
    memoryMb: integer("memory_mb"),
    version: text("version"),
    startedAt: integer("started_at", { mode: "timestamp_ms" }).notNull(),
    heartbeatAt: integer("heartbeat_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("session_hosts_heartbeat_idx").on(t.heartbeatAt)],
);

export type SessionHostRow = typeof sessionHosts.$inferSelect;
