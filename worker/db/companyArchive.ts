import { getTableConfig, SQLiteTable, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { moveId, moveJsonIds, moveMediaKeys, type ArchiveRow, type MoveContext } from "../contracts/companyArchive";
import * as tenant from "./tenant";

/**
 * The company archive's table registry (issue 27, docs/company-archive.md), derived from the tenant schema
 * (db/tenant/index.ts) so that a new table or column is in the archive without a second list: every table with its
 * columns (SQL names and kinds), a zod schema for a raw row, its id columns, the json columns that carry ids, the
 * tables left out, and the order of import. `moveRow` moves a row of the source into the target company. The export
 * (domain) and the importer (scripts) use both; the import API (domain/dataImport) checks every row with them.
 */

export type ArchiveColumnKind = "integer" | "real" | "text" | "json" | "boolean" | "timestamp";

export interface ArchiveColumn {
  /** The SQL name (`company_id`): rows are keyed by it. */
  name: string;
  kind: ArchiveColumnKind;
  notNull: boolean;
  /** A value the database or drizzle supplies when the row leaves it out. */
  hasDefault: boolean;
  enumValues: readonly string[] | null;
  /** The table this column references by id (declared foreign key, or an integer `*_id` / `created_by` column). */
  references: string | null;
  /** A secret sealed to this deployment (lib/secretBox): emptied on import. */
  sealed: boolean;
  /** The value drizzle would write when the column is left out (`$defaultFn`), as SQLite stores it. */
  fill: (() => unknown) | null;
}

export interface ArchiveForeignKey {
  column: string;
  table: string;
  nullable: boolean;
  /** The reference points at a table imported later (a cycle: prompts.queue_id, queues ⇄ prompts). */
  deferred: boolean;
}

export interface ArchiveTable {
  name: string;
  table: SQLiteTable;
  columns: ArchiveColumn[];
  column: Map<string, ArchiveColumn>;
  /** Primary key columns (`["id"]`, or a composite key). */
  primaryKey: string[];
  /** Whether the table's key is the AUTOINCREMENT `id`. */
  hasId: boolean;
  /** `id` and every column that holds an id of the company's rows (company_id aside: it becomes the target's id). */
  idColumns: string[];
  /** Declared foreign keys to the company's own tables (not companies/plans), checked on import. */
  foreignKeys: ArchiveForeignKey[];
  /** json columns whose ids move by `moveJsonIds`. */
  jsonIdColumns: string[];
  sealedColumns: string[];
  /** A row already there by this unique key takes the imported values (settings a new company starts with). */
  upsertOn: string[] | null;
  rowSchema: z.ZodType<ArchiveRow>;
}

/** Tables never exported nor imported, and why (the manifest's `omitted`). */
export const ARCHIVE_OMITTED_TABLES: Readonly<Record<string, string>> = {
  companies: "the company record travels in the manifest",
  plans: "the plan travels in the manifest",
  user_sessions: "sessions end with the deployment",
  sign_ins: "sign-in history stays with the deployment",
  recovery_codes: "two-factor recovery codes are sealed to the deployment",
  push_subscriptions: "push subscriptions belong to the browsers of this deployment",
  api_requests: "public API request log (idempotency keys)",
  external_api_requests: "external API request log (idempotency keys)",
  webhook_deliveries: "webhook deliveries are this deployment's traffic",
  typebot_sessions: "typebot sessions are live conversations with a bot",
  whatsapp_session_keys: "Baileys keys are carried over by the importer only on request",
  data_imports: "the state of imports into this deployment",
  company_exports: "the company's exports from this deployment",
};

/** Sealed secrets (lib/secretBox): sealed to this deployment, so the admin enters them again. */
const SEALED: Readonly<Record<string, readonly string[]>> = {
  prompts: ["api_key", "voice_key"],
  queue_integrations: ["json_content", "secret"],
  webhook_subscriptions: ["secret_sealed"],
  users: ["totp_secret"],
  whatsapps: ["cloud_access_token"],
};

/** Columns that hold ids without saying so by name or by a declared reference. */
const UNDECLARED_REFERENCES: Readonly<Record<string, string>> = {
  created_by: "users",
  marketing_consent_by: "users",
  send_id_queue: "queues",
  last_read_message_id: "chat_messages",
  shipping_id: "campaign_shippings",
  series_id: "schedules",
  actor_id: "users",
  last_assigned_user_id: "users",
};

const JSON_ID_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  automation_rules: ["conditions", "actions"],
  macros: ["actions"],
  campaigns: ["template"],
  automation_runs: ["detail"],
};

const UPSERT_ON: Readonly<Record<string, readonly string[]>> = {
  settings: ["company_id", "key"],
  campaign_settings: ["company_id", "key"],
};

/** Tables outside the company's own (the hub's copies): a reference to them is not an id of the company's. */
const PLATFORM_TABLES = new Set(["companies", "plans"]);

function kindOf(column: SQLiteColumn): ArchiveColumnKind {
  switch (column.columnType) {
    case "SQLiteInteger":
      return "integer";
    case "SQLiteTimestamp":
      return "timestamp";
    case "SQLiteBoolean":
      return "boolean";
    case "SQLiteReal":
      return "real";
    case "SQLiteTextJson":
      return "json";
    case "SQLiteText":
      return "text";
    default:
      throw new Error(`companyArchive: column kind ${column.columnType} of ${column.name} is not handled`);
  }
}

const jsonText = z.string().refine((text) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}, "Must be JSON text");

function valueSchema(column: ArchiveColumn): z.ZodType {
  let schema: z.ZodType;
  switch (column.kind) {
    case "integer":
    case "timestamp":
      schema = z.number().int("Must be an integer").refine(Number.isSafeInteger, "Must be a safe integer");
      break;
    case "real":
      schema = z.number().refine(Number.isFinite, "Must be a finite number");
      break;
    case "boolean":
      schema = z.union([z.literal(0), z.literal(1)], { error: "Must be 0 or 1" });
      break;
    case "json":
      schema = jsonText;
      break;
    case "text":
      schema = column.enumValues ? z.enum(column.enumValues as [string, ...string[]]) : z.string();
      break;
  }
  if (!column.notNull) schema = schema.nullable();
  if (column.hasDefault || !column.notNull) schema = schema.optional();
  return schema;
}

function describe(table: SQLiteTable): Omit<ArchiveTable, "foreignKeys"> & { references: { column: string; table: string; nullable: boolean }[] } {
  const config = getTableConfig(table);
  const declared = new Map<string, string>();
  for (const fk of config.foreignKeys) {
    const ref = fk.reference();
    if (ref.columns.length !== 1 || ref.foreignColumns[0]?.name !== "id") continue;
    declared.set(ref.columns[0]!.name, getTableConfig(ref.foreignTable).name);
  }
  const sealed = SEALED[config.name] ?? [];
  const columns: ArchiveColumn[] = config.columns.map((col) => {
    const kind = kindOf(col);
    const named = kind === "integer" && col.name !== "company_id" && col.name.endsWith("_id") ? col.name.slice(0, -3) : null;
    const references =
      declared.get(col.name) ?? (kind === "integer" ? (UNDECLARED_REFERENCES[col.name] ?? (named ? `${named}s` : null)) : null);
    const defaultFn = col.defaultFn ?? col.onUpdateFn;
    return {
      name: col.name,
      kind,
      notNull: col.notNull,
      hasDefault: col.hasDefault,
      enumValues: col.enumValues && col.enumValues.length > 0 ? col.enumValues : null,
      references: references && !PLATFORM_TABLES.has(references) ? references : null,
      sealed: sealed.includes(col.name),
      fill: col.default === undefined && defaultFn ? () => col.mapToDriverValue(defaultFn()) : null,
    };
  });
  const column = new Map(columns.map((c) => [c.name, c]));
  const pkColumn = config.columns.find((c) => c.primary);
  const primaryKey = pkColumn ? [pkColumn.name] : (config.primaryKeys[0]?.columns.map((c) => c.name) ?? []);
  const hasId = primaryKey.length === 1 && primaryKey[0] === "id" && column.get("id")?.kind === "integer";
  const idColumns = columns.filter((c) => (c.name === "id" && hasId) || c.references !== null).map((c) => c.name);
  const shape: Record<string, z.ZodType> = {};
  for (const c of columns) shape[c.name] = valueSchema(c);
  return {
    name: config.name,
    table,
    columns,
    column,
    primaryKey,
    hasId,
    idColumns,
    references: [...declared]
      .filter(([, t]) => !PLATFORM_TABLES.has(t))
      .map(([col, t]) => ({ column: col, table: t, nullable: !column.get(col)!.notNull })),
    jsonIdColumns: [...(JSON_ID_COLUMNS[config.name] ?? [])],
    sealedColumns: [...sealed],
    upsertOn: UPSERT_ON[config.name] ? [...UPSERT_ON[config.name]!] : null,
    rowSchema: z.strictObject(shape) as unknown as z.ZodType<ArchiveRow>,
  };
}

const everyTable = (Object.values(tenant) as unknown[]).filter((value): value is SQLiteTable => value instanceof SQLiteTable).map(describe);
const described = everyTable.filter((t) => !(t.name in ARCHIVE_OMITTED_TABLES));

/**
 * Omitted tables a legacy import takes all the same when it was opened to carry them: the Baileys session of each
 * connection (`carrySessions`, the importer's --carry-sessions), so the numbers resume without a QR code. Never
 * exported. Imported after `whatsapps`, their parent.
 */
export const CARRIED_SESSION_TABLE = "whatsapp_session_keys";

/**
 * Parents before children, from the declared foreign keys (ties by name, so the order is stable). A reference to the
 * table itself (a quoted message, a parent option) is checked against the rows already in, batch by batch, in the
 * source's order. A cycle between tables (only queues ⇄ prompts today) is broken at a nullable column: the table that
 * holds it (prompts, by name) goes first with the column empty, and `finish` sets it once the other table is in (`deferred`).
 */
function importOrder(tables: typeof described): { order: string[]; deferred: Set<string> } {
  const names = new Set(tables.map((t) => t.name));
  const pending = new Map(tables.map((t) => [t.name, new Set(t.references.map((r) => r.table).filter((p) => p !== t.name && names.has(p)))]));
  const order: string[] = [];
  const deferred = new Set<string>();
  while (pending.size > 0) {
    const ready = [...pending].filter(([, parents]) => parents.size === 0).map(([name]) => name).sort();
    if (ready.length === 0) {
      // Only a cycle is left blocking: the first table (by name) whose remaining references all point into a cycle
      // through itself, and are nullable, goes now, those references deferred.
      const reaches = (from: string, to: string, seen = new Set<string>()): boolean => {
        for (const p of pending.get(from) ?? []) {
          if (p === to) return true;
          if (!seen.has(p)) {
            seen.add(p);
            if (reaches(p, to, seen)) return true;
          }
        }
        return false;
      };
      const breakable = [...pending.keys()].sort().find((name) => {
        const t = tables.find((x) => x.name === name)!;
        return [...pending.get(name)!].every((p) => reaches(p, name) && t.references.every((r) => r.table !== p || r.nullable));
      });
      if (!breakable) throw new Error("companyArchive: a cycle of required references between tenant tables");
      const t = tables.find((x) => x.name === breakable)!;
      for (const r of t.references) if (pending.get(breakable)!.has(r.table)) deferred.add(`${breakable}.${r.column}`);
      ready.push(breakable);
    }
    for (const name of ready) {
      order.push(name);
      pending.delete(name);
      for (const parents of pending.values()) parents.delete(name);
    }
  }
  return { order, deferred };
}

const { order, deferred } = importOrder(described);

/** Every table of the archive in the order of import (and of the archive's entries): parents before children. */
export const IMPORT_TABLE_ORDER: readonly string[] = order;

/** The registry, by SQL table name. */
export const ARCHIVE_TABLES: Readonly<Record<string, ArchiveTable>> = Object.fromEntries(
  described.map(({ references, ...t }) => [
    t.name,
    { ...t, foreignKeys: references.map((r) => ({ ...r, deferred: deferred.has(`${t.name}.${r.column}`) })) },
  ]),
);

const CARRIED_TABLES: Readonly<Record<string, ArchiveTable>> = Object.fromEntries(
  everyTable
    .filter((t) => t.name === CARRIED_SESSION_TABLE)
    .map(({ references, ...t }) => [t.name, { ...t, foreignKeys: references.map((r) => ({ ...r, deferred: false })) }]),
);

/** A table of the archive; with `carrySessions` (a legacy import opened to carry them) the session keys too. */
export function archiveTable(name: string, opts: { carrySessions?: boolean } = {}): ArchiveTable | null {
  if (Object.hasOwn(ARCHIVE_TABLES, name)) return ARCHIVE_TABLES[name]!;
  return opts.carrySessions && Object.hasOwn(CARRIED_TABLES, name) ? CARRIED_TABLES[name]! : null;
}

/** A row's key in the source, for reports: its id, or its primary key's values joined by ":". */
export function rowKey(table: ArchiveTable, row: ArchiveRow): string | number {
  if (table.hasId && typeof row.id === "number") return row.id;
  return table.primaryKey.map((c) => String(row[c] ?? "")).join(":");
}

/**
 * A row of the source as the target stores it: ids moved into the target's range, `company_id` the target's, media
 * keys under the target's prefix, ids in json columns moved, sealed secrets emptied (null, or "" where required). The
 * row must have passed the table's `rowSchema`. Columns left out stay out (their defaults apply on insert).
 */
export function moveRow(tableName: string, row: ArchiveRow, move: MoveContext): ArchiveRow {
  const table = archiveTable(tableName, { carrySessions: true });
  if (!table) throw new Error(`companyArchive: ${tableName} is not a table of the archive`);
  const out: ArchiveRow = {};
  for (const [name, value] of Object.entries(row)) {
    const column = table.column.get(name);
    if (!column) continue;
    if (column.sealed) {
      out[name] = column.notNull ? "" : null;
    } else if (name === "company_id") {
      out[name] = move.targetCompanyId;
    } else if (column.references !== null || (name === "id" && table.hasId)) {
      out[name] = moveId(value, move);
    } else if (typeof value === "string" && (column.kind === "text" || column.kind === "json")) {
      const text = moveMediaKeys(value, move);
      out[name] = table.jsonIdColumns.includes(name) ? JSON.stringify(moveJsonIds(JSON.parse(text), move)) : text;
    } else {
      out[name] = value;
    }
  }
  // A platform admin is made only on the platform: an imported "super" user is an ordinary one of its company.
  if (table.name === "users" && "super" in out) out.super = 0;
  // A secret that cannot be opened must not leave its feature looking set up.
  if (table.name === "users" && out.totp_secret === null) {
    if ("totp_enabled_at" in out) out.totp_enabled_at = null;
    if ("totp_last_step" in out) out.totp_last_step = null;
  }
  if (table.name === "webhook_subscriptions" && "secret_sealed" in out) {
    out.status = "paused";
    out.paused_reason = "imported: enter the signing secret again";
  }
  return out;
}
