import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { updatedAt } from "../shared/columns";
import { whatsapps } from "./whatsapp";

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
