import { is } from "drizzle-orm";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import * as tenant from "../../db/tenant";

/**
 * What of the tenant schema goes into a company archive (docs/company-archive.md), read from the drizzle definitions
 * so a new table is exported without a change here. (The import's table registry, worker/contracts/companyArchive.ts,
 * is built in parallel; the two lists are unified when both exist.)
 */

/** Tables left out, and why (the manifest's `omitted` says so). */
export const OMITTED_TABLES: Readonly<Record<string, string>> = {
  companies: "the company's row is the manifest's `company`",
  plans: "the company's plan is the manifest's `plan`",
  user_sessions: "sessions",
  sign_ins: "sign-ins",
  recovery_codes: "two-factor recovery codes",
  push_subscriptions: "push subscriptions (bound to this deployment's keys)",
  api_requests: "public API request log and idempotency keys",
  external_api_requests: "external API request log and idempotency keys",
  webhook_deliveries: "webhook deliveries",
  typebot_sessions: "typebot sessions",
  whatsapp_session_keys: "Baileys keys",
  company_exports: "the company's exports",
};

/**
 * Columns that hold secrets sealed to this deployment (or a session's live state): written empty, so the row still
 * fits its table ("" for a column that may not be null, null otherwise). The admin enters them again.
 */
export const SEALED_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  whatsapps: ["session", "cloud_access_token", "qrcode"],
  users: ["totp_secret", "totp_enabled_at", "totp_last_step"],
  prompts: ["api_key", "voice_key"],
  queue_integrations: ["secret", "json_content"],
  webhook_subscriptions: ["secret_sealed"],
};

export const OMITTED_SECRETS =
  "sealed secrets (Cloud API tokens, Baileys sessions, AI and voice keys, integration keys and service accounts, webhook secrets, two-factor secrets) are written empty";

export interface ExportedTable {
  name: string;
  /** Sealed columns and what each is written as. */
  sealed: { column: string; value: "" | null }[];
  /** The primary key's columns: the order of a table made WITHOUT ROWID (the service rollups), paged by offset. */
  primaryKey: string[];
}

/** Every exported table, parents before children (by the foreign keys the schema declares; ties by name). */
export const EXPORTED_TABLES: readonly ExportedTable[] = orderTables();

function orderTables(): ExportedTable[] {
  const configs = new Map<string, ReturnType<typeof getTableConfig>>();
  for (const value of Object.values(tenant)) {
    if (!is(value, SQLiteTable)) continue;
    const config = getTableConfig(value);
    if (!(config.name in OMITTED_TABLES)) configs.set(config.name, config);
  }
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (name: string) => {
    if (ordered.includes(name) || visiting.has(name)) return;
    visiting.add(name);
    const parents = configs.get(name)!.foreignKeys.map((fk) => getTableConfig(fk.reference().foreignTable).name).sort();
    for (const parent of parents) if (parent !== name && configs.has(parent)) visit(parent);
    visiting.delete(name);
    ordered.push(name);
  };
  for (const name of [...configs.keys()].sort()) visit(name);
  return ordered.map((name) => {
    const columns = configs.get(name)!.columns;
    const sealed = (SEALED_COLUMNS[name] ?? []).map((column) => {
      const def = columns.find((c) => c.name === column);
      if (!def) throw new Error(`sealed column ${name}.${column} is not in the schema`);
      return { column, value: def.notNull ? ("" as const) : null };
    });
    const config = configs.get(name)!;
    const primaryKey = config.primaryKeys[0]?.columns.map((c) => c.name) ?? columns.filter((c) => c.primary).map((c) => c.name);
    return { name, sealed, primaryKey };
  });
}
