import { eq } from "drizzle-orm";
import type { ArchiveRow, ImportRowsInput, ImportRowsResult, ImportTableState, MoveContext, SkippedRow } from "../../contracts/companyArchive";
import { idRangeStart } from "../../contracts/ids";
import { archiveTable, CARRIED_SESSION_TABLE, moveRow, rowKey, type ArchiveTable } from "../../db/companyArchive";
import { dataImports, type DataImportRow } from "../../db/tenant";
import { sha256 } from "../../lib/crypto";
import type { SystemCtx } from "../context";
import { fieldError } from "../errors";
import { forgetHubMemory } from "./forgetHubMemory";
import { hubStorage, loadImport } from "./importState";

export function moveContextOf(row: DataImportRow): MoveContext {
  return {
    sourceBase: row.sourceKind === "zapdesk" ? idRangeStart(row.sourceCompanyId) : 0,
    targetBase: idRangeStart(row.companyId),
    offset: row.idOffset,
    sourceCompanyId: row.sourceCompanyId,
    targetCompanyId: row.companyId,
  };
}

function isJson(value: unknown): boolean {
  if (typeof value !== "string") return false;
  try {
    JSON.parse(value);
    return true;
  } catch {
    return false;
  }
}

/** Every row checked against its table before anything is written: the first one that does not fit is a 400. */
function parseRows(table: ArchiveTable, rows: ArchiveRow[]): ArchiveRow[] {
  return rows.map((row, index) => {
    const result = table.rowSchema.safeParse(row);
    if (result.success) return result.data;
    const fields: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const column = issue.path.length > 0 ? issue.path.join(".") : issue.code === "unrecognized_keys" ? (issue as { keys?: string[] }).keys?.join(",") ?? "_" : "_";
      fields[`rows.${index}.${column}`] ??= issue.code === "unrecognized_keys" ? `Not a column of ${table.name}` : issue.message;
    }
    throw Object.assign(fieldError(fields), { message: `Row ${index} of ${table.name} does not fit the table: ${Object.keys(fields).join(", ")}` });
  });
}

/**
 * One batch of an import, in the target company's hub (POST /api/platform/imports/:id/rows): rows checked, ids moved,
 * then written in ONE transactionSync with the import's position, so a batch lands whole or not at all and a resumed
 * run finds what landed. A row already there (by id or key) is left alone; a row whose required reference has no
 * row (an orphan), or that clashes with another row on a unique key, is skipped with the reason; an optional
 * reference to a missing row is emptied and noted.
 */
export async function writeImportRows({ ctx, input }: { ctx: SystemCtx; input: ImportRowsInput & { importId: number } }): Promise<ImportRowsResult> {
  const imp = loadImport(ctx, input.importId);
  const table = archiveTable(input.table, { carrySessions: imp.carrySessions });
  if (!table) {
    throw fieldError({
      table: input.table === CARRIED_SESSION_TABLE ? "Session keys are taken only by a legacy import opened with carrySessions" : "Not a table of the company archive",
    });
  }
  const source = parseRows(table, input.rows);
  const move = moveContextOf(imp);

  const result: ImportRowsResult = { inserted: 0, existing: 0, skipped: [], notes: [] };
  const prepared: { key: string | number; row: ArchiveRow }[] = [];
  for (const original of source) {
    const key = rowKey(table, original);
    for (const column of table.sealedColumns) {
      if (typeof original[column] === "string" && original[column] !== "") result.notes.push({ key, reason: `${column} left empty: sealed to its deployment, enter it again` });
    }
    const row = moveRow(table.name, original, move);
    for (const column of table.columns) if (!(column.name in row) && column.fill) row[column.name] = column.fill();
    // A legacy database's external-API token comes in plain (Whaticket, ticketz): only its hash is kept.
    if (table.name === "whatsapps" && imp.sourceKind !== "zapdesk" && typeof row.token_hash === "string" && row.token_hash !== "") {
      row.token_hash = await sha256(row.token_hash);
    }
    if (table.upsertOn) delete row.id;
    // A session key the session host could not read back (its values are JSON) is left out, not stored.
    if (table.name === CARRIED_SESSION_TABLE && !isJson(row.value)) {
      result.skipped.push({ key, reason: "value is not JSON: the session host could not read it" });
      continue;
    }
    prepared.push({ key, row });
  }

  const storage = hubStorage(ctx);
  const deferred: [number, string, number][] = [];
  const known = new Map<string, boolean>();
  const exists = (parent: string, id: number): boolean => {
    const cacheKey = `${parent}:${id}`;
    let hit = known.get(cacheKey);
    if (hit === undefined) {
      hit = storage.sql.exec(`select 1 from "${parent}" where id = ? limit 1`, id).toArray().length > 0;
      if (hit || parent !== table.name) known.set(cacheKey, hit);
    }
    return hit;
  };
  storage.transactionSync(() => {
    rows: for (const { key, row } of prepared) {
      if (table.hasId && !table.upsertOn && exists(table.name, row.id as number)) {
        result.existing++;
        continue;
      }
      for (const fk of table.foreignKeys) {
        const value = row[fk.column];
        if (typeof value !== "number") continue;
        if (fk.deferred) {
          deferred.push([row.id as number, fk.column, value]);
          row[fk.column] = null;
          continue;
        }
        if (exists(fk.table, value)) continue;
        const reason = `${fk.column} names a ${fk.table} row the source does not have`;
        if (!fk.nullable) {
          result.skipped.push({ key, reason: `orphan: ${reason}` });
          continue rows;
        }
        row[fk.column] = null;
        result.notes.push({ key, reason: `${fk.column} emptied: ${reason}` });
      }
      const columns = Object.keys(row);
      const names = columns.map((c) => `"${c}"`).join(", ");
      const marks = columns.map(() => "?").join(", ");
      const statement = table.upsertOn
        ? `insert into "${table.name}" (${names}) values (${marks}) on conflict (${table.upsertOn.map((c) => `"${c}"`).join(", ")}) do update set ${columns
            .filter((c) => !table.upsertOn!.includes(c) && c !== "created_at")
            .map((c) => `"${c}" = excluded."${c}"`)
            .join(", ")}`
        : `insert or ignore into "${table.name}" (${names}) values (${marks})`;
      try {
        const cursor = storage.sql.exec(statement, ...columns.map((c) => row[c] as SqlStorageValue));
        cursor.toArray();
        if (cursor.rowsWritten > 0) {
          result.inserted++;
          if (table.hasId) known.set(`${table.name}:${row.id as number}`, true);
        } else if (table.hasId) {
          result.skipped.push({ key, reason: "unique conflict: another row of the company has the same key" });
        } else {
          result.existing++;
        }
      } catch (err) {
        result.skipped.push({ key, reason: `refused by the database: ${err instanceof Error ? err.message : String(err)}`.slice(0, 300) });
      }
    }
    const tables = { ...(imp.tables as Record<string, ImportTableState>) };
    const before = tables[table.name] ?? { rows: 0, lastKey: null };
    const state: ImportTableState = { rows: before.rows + result.inserted, lastKey: input.lastKey ?? before.lastKey };
    const allDeferred = [...(before.deferred ?? []), ...deferred];
    if (allDeferred.length > 0) state.deferred = allDeferred;
    tables[table.name] = state;
    ctx.db.update(dataImports).set({ tables, updatedAt: new Date() }).where(eq(dataImports.id, imp.id)).run();
  });
  forgetHubMemory(ctx.db);
  return result;
}
