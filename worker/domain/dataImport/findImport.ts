import { and, eq } from "drizzle-orm";
import type { ArchiveSourceKind, ImportView } from "../../contracts/companyArchive";
import { dataImports } from "../../db/tenant";
import type { SystemCtx } from "../context";
import { importView } from "./importState";

/** The import of this source into this company, if one was opened (a second run that names a new company again). */
export async function findImport({ ctx, input }: { ctx: SystemCtx; input: { kind: ArchiveSourceKind; sourceCompanyId: number; fingerprint: string } }): Promise<ImportView | null> {
  const row = ctx.db
    .select()
    .from(dataImports)
    .where(and(eq(dataImports.companyId, ctx.companyId), eq(dataImports.sourceFingerprint, input.fingerprint), eq(dataImports.sourceKind, input.kind), eq(dataImports.sourceCompanyId, input.sourceCompanyId)))
    .get();
  return row ? importView(row) : null;
}
