import { and, eq } from "drizzle-orm";
import type { ImportTableState, ImportView } from "../../contracts/companyArchive";
import { dataImports, type DataImportRow } from "../../db/tenant";
import type { AnyCtx, SystemCtx } from "../context";
import { AppError } from "../errors";

/** The raw storage of the hub's SQLite: the import writes rows of any table, in one transactionSync per batch. */
export function hubStorage(ctx: Pick<AnyCtx, "db">): DurableObjectStorage {
  return (ctx.db as unknown as { $client: DurableObjectStorage }).$client;
}

/** An import of this company, or 404. */
export function loadImport(ctx: Pick<AnyCtx, "db" | "companyId">, importId: number): DataImportRow {
  const row = ctx.db
    .select()
    .from(dataImports)
    .where(and(eq(dataImports.id, importId), eq(dataImports.companyId, ctx.companyId)))
    .get();
  if (!row) throw new AppError("ERR_NOT_FOUND", "No such import.");
  return row;
}

export function importView(row: DataImportRow): ImportView {
  const tables: ImportView["tables"] = {};
  for (const [name, state] of Object.entries(row.tables as Record<string, ImportTableState>)) tables[name] = { rows: state.rows, lastKey: state.lastKey };
  return {
    id: row.id,
    companyId: row.companyId,
    source: { kind: row.sourceKind, companyId: row.sourceCompanyId, fingerprint: row.sourceFingerprint },
    offset: row.idOffset,
    tables,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
  };
}

/** The hub call behind `GET /api/platform/imports/:id`. */
export async function importState({ ctx, input }: { ctx: SystemCtx; input: { importId: number } }): Promise<ImportView> {
  return importView(loadImport(ctx, input.importId));
}
