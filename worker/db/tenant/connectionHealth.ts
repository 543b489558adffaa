import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { id } from "../shared/columns";
import { companyId } from "../shared/companyId";
import { whatsapps } from "./whatsapp";

/** What a session host reports of a WhatsApp Web connection's health (issue 30, the bridge's `health` event). */
export const CONNECTION_HEALTH_KINDS = ["reconnect", "silent", "recovered"] as const;
export type ConnectionHealthKind = (typeof CONNECTION_HEALTH_KINDS)[number];

/** How long health events are kept (the hub's housekeeping drops older ones): the page shows the last 24 hours. */
export const CONNECTION_HEALTH_DAYS = 7;

/**
 * A connection's health events: a reconnect after a drop, a silent socket restarted, messages recovered after a
 * restart (`count` of them; 1 for the others). The connections page sums the last 24 hours (index by connection, time).
 */
export const connectionHealthEvents = sqliteTable(
  "connection_health_events",
  {
    id: id(),
    companyId: companyId(),
    whatsappId: integer("whatsapp_id")
      .notNull()
      .references(() => whatsapps.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: CONNECTION_HEALTH_KINDS }).notNull(),
    count: integer("count").notNull().default(1),
    at: integer("at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("connection_health_events_whatsapp_at_idx").on(t.whatsappId, t.at)],
);

export type ConnectionHealthEvent = typeof connectionHealthEvents.$inferSelect;
