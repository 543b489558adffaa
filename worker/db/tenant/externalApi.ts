import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { companyId } from "../shared/companyId";
import { whatsapps } from "./whatsapp";

/**
 * Idempotency-Key replays of the external API (POST /api/messages/send), per connection, kept 24 hours.
 * A row is reserved ("pending") before the send, so two concurrent requests with one key never both send;
 * it becomes "done" with the first answer, which repeats of the key get back without sending again.
 */
export const externalApiRequests = sqliteTable(
  "external_api_requests",
  {
    whatsappId: integer("whatsapp_id")
      .notNull()
      .references(() => whatsapps.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    companyId: companyId(),
    /** SHA-256 of the request (number, body, closeTicket, files): the same key with another body is refused. */
    requestHash: text("request_hash").notNull(),
    state: text("state", { enum: ["pending", "done"] }).notNull(),
    responseStatus: integer("response_status"),
    responseJson: text("response_json"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    /** A pending row expires after minutes (a crashed request frees its key), a done one after 24 hours. */
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.whatsappId, t.key] }), index("external_api_requests_expires_idx").on(t.expiresAt)],
);

export type ExternalApiRequest = typeof externalApiRequests.$inferSelect;
