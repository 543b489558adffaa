import { and, eq, sql } from "drizzle-orm";
import type { ArchiveSourceKind, ImportView } from "../../contracts/companyArchive";
import { idRangeStart, ID_RANGE } from "../../contracts/ids";
import { ARCHIVE_TABLES } from "../../db/companyArchive";
import { contacts, dataImports, messages, tickets } from "../../db/tenant";
import type { SystemCtx } from "../context";
import { AppError } from "../errors";
import { hubStorage, importView } from "./importState";

export interface OpenImportInHubInput {
  kind: ArchiveSourceKind;
  sourceCompanyId: number;
  fingerprint: string;
  /** An existing company must hold no contacts, tickets or messages (a new one is empty by construction). */
  requireEmpty: boolean;
  startedBy: string;
  /** Take the Baileys session keys (a legacy source, --carry-sessions); a reopened import takes this call's choice. */
  carrySessions?: boolean;
}

/**
 * Opens an import in the target company's hub, or reopens the one of the same source (a second run continues it).
 * The id offset is fixed here, once: above every id the company already has (0 for a new company, whose only rows are
 * its default settings, which the import updates by key instead of inserting).
 */
export async function openImportInHub({ ctx, input }: { ctx: SystemCtx; input: OpenImportInHubInput }): Promise<ImportView> {
  const { db, companyId } = ctx;
  const found = db
    .select()
    .from(dataImports)
    .where(and(eq(dataImports.companyId, companyId), eq(dataImports.sourceFingerprint, input.fingerprint), eq(dataImports.sourceKind, input.kind), eq(dataImports.sourceCompanyId, input.sourceCompanyId)))
    .get();
  const carrySessions = input.kind !== "zapdesk" && input.carrySessions === true;
  if (found) {
    if (!found.finishedAt && found.carrySessions === carrySessions) return importView(found);
    // Run again after it finished: rows already there are left alone, and finish indexes again.
    const reopened = db.update(dataImports).set({ finishedAt: null, carrySessions }).where(eq(dataImports.id, found.id)).returning().get()!;
    return importView(reopened);
  }
  if (input.requireEmpty) {
    const used = [contacts, tickets, messages].some((table) => db.select({ one: sql`1` }).from(table).where(eq(table.companyId, companyId)).limit(1).get());
    if (used) throw new AppError("ERR_IMPORT_TARGET_NOT_EMPTY");
  }
  const base = idRangeStart(companyId);
  const storage = hubStorage(ctx);
  let highest = base;
  for (const table of Object.values(ARCHIVE_TABLES)) {
    if (!table.hasId || table.upsertOn) continue;
    const row = storage.sql.exec<{ top: number | null }>(`select max(id) as top from "${table.name}" where id > ? and id <= ?`, base, base + ID_RANGE).one();
    if (row.top !== null && row.top > highest) highest = row.top;
  }
  const now = new Date();
  const row = db
    .insert(dataImports)
    .values({
      companyId,
      sourceKind: input.kind,
      sourceCompanyId: input.sourceCompanyId,
      sourceFingerprint: input.fingerprint,
      idOffset: highest - base,
      carrySessions,
      tables: {},
      startedBy: input.startedBy.slice(0, 200),
      startedAt: now,
    })
    .returning()
    .get();
  return importView(row);
}
