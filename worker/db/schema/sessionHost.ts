import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { updatedAt } from "./columns";
import { whatsapps } from "./whatsapp";
import { connectionRoutes } from "./routing";

/**
 * What the session host keeps for each connection, stored here so that a host restart (or another host taking
 * over the lease) resumes without a new QR (ADR 0009). Reached only through the signed /bridge routes, keyed by
 * connection; the connection row carries the company.
 */

/** Baileys' credentials (type "creds", keyId "") and Signal keys (pre-keys, sessions, sender keys…), JSON. */
export const whatsappSessionKeys = sqliteTable(
  "whatsapp_session_keys",
  {
    whatsappId: integer("whatsapp_id")
      .notNull()
      .references(() => whatsapps.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    keyId: text("key_id").notNull(),
    value: text("value").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.whatsappId, t.type, t.keyId] })],
);

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
