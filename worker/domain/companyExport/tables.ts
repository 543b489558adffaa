import { ARCHIVE_OMITTED_TABLES, ARCHIVE_TABLES, IMPORT_TABLE_ORDER } from "../../db/companyArchive";

/**
 * What of the tenant schema goes into a company archive (docs/company-archive.md): the import's own table registry
 * (db/companyArchive.ts, read from the drizzle definitions), so what one side writes the other reads.
 */

/** Tables left out, and why (the manifest's `omitted` says so). */
export const OMITTED_TABLES = ARCHIVE_OMITTED_TABLES;

/**
 * Besides the registry's sealed secrets, what only this deployment's live connection or enrolment means: written
 * empty too ("" for a column that may not be null, null otherwise).
 */
const LIVE_STATE_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  whatsapps: ["session", "qrcode"],
  users: ["totp_enabled_at", "totp_last_step"],
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

/** Every exported table, parents before children (the import's order). */
export const EXPORTED_TABLES: readonly ExportedTable[] = IMPORT_TABLE_ORDER.map((name) => {
  const table = ARCHIVE_TABLES[name]!;
  const blank = [...table.sealedColumns, ...(LIVE_STATE_COLUMNS[name] ?? [])];
  const sealed = blank.map((column) => {
    const def = table.column.get(column);
    if (!def) throw new Error(`sealed column ${name}.${column} is not in the schema`);
    return { column, value: def.notNull ? ("" as const) : null };
  });
  return { name, sealed, primaryKey: table.primaryKey };
});
