import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { companies } from "../shared/companies";

/**
 * Control-database indexes that route a request to its company's hub (ADR 0016). The rows they point at live in
 * that company's own database; each index row is written by the hub when the row it indexes changes.
 */

/** Login: an e-mail, unique across the platform, names the company and the user who signs in with it. */
export const loginEmails = sqliteTable(
  "login_emails",
  {
    email: text("email").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    userId: integer("user_id").notNull(),
  },
  (t) => [index("login_emails_company_idx").on(t.companyId)],
);

/**
 * A WhatsApp connection's company (the session host and its bridge calls name connections only), what the session
 * host needs to know to run it, and the hash of its external-API token.
 */
export const connectionRoutes = sqliteTable(
  "connection_routes",
  {
    whatsappId: integer("whatsapp_id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    status: text("status").notNull(),
    /** SHA-256 of the connection's external-API token; null when it has none. */
    tokenHash: text("token_hash").unique(),
  },
  (t) => [index("connection_routes_company_idx").on(t.companyId)],
);

/**
 * A Cloud API number's company and connection (ADR 0050): Meta's webhooks name only the phone number id. A number
 * on the company's own Meta app gets its own callback path (`routeKey`) and the app's secret and verify token,
 * sealed, because the signature must be checked before the body is read; numbers on the platform's app use the
 * platform's (env META_APP_SECRET) and have neither.
 */
export const cloudNumbers = sqliteTable(
  "cloud_numbers",
  {
    phoneNumberId: text("phone_number_id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    whatsappId: integer("whatsapp_id").notNull().unique(),
    /** The business account (WABA): template status webhooks name only it. */
    wabaId: text("waba_id").notNull(),
    routeKey: text("route_key").unique(),
    appSecret: text("app_secret"),
    verifyToken: text("verify_token"),
  },
  (t) => [index("cloud_numbers_company_idx").on(t.companyId), index("cloud_numbers_waba_idx").on(t.wabaId)],
);

export type LoginEmail = typeof loginEmails.$inferSelect;
export type ConnectionRoute = typeof connectionRoutes.$inferSelect;
export type CloudNumber = typeof cloudNumbers.$inferSelect;

/**
 * Rows waiting for a company's hub, written where only the control database can be reached (scripts/
 * bootstrap-admin.mjs on a deployment: the first super admin and the platform settings). The hub inserts them when
 * it creates its database, in id order, and deletes them here. Columns are the tenant table's own (snake_case).
 */
export const pendingTenantRows = sqliteTable(
  "pending_tenant_rows",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    tableName: text("table_name").notNull(),
    row: text("row", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index("pending_tenant_rows_company_idx").on(t.companyId)],
);

/**
 * Companies whose hub has recurring due work (the ticket automation, later schedules and campaigns), with when the
 * hub last said so. A hub writes its row at most every few minutes while its alarm runs; the minute cron wakes a hub
 * whose heartbeat stopped (a missed alarm), found by index, never by looping over all companies.
 */
export const companyWork = sqliteTable(
  "company_work",
  {
    companyId: integer("company_id")
      .primaryKey()
      .references(() => companies.id, { onDelete: "cascade" }),
    heartbeatAt: integer("heartbeat_at").notNull(),
  },
  (t) => [index("company_work_heartbeat_idx").on(t.heartbeatAt)],
);
