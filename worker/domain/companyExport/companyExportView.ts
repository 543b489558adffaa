import { and, desc, eq, inArray } from "drizzle-orm";
import type { CompanyExportView } from "../../contracts/companyExports";
import { companyExports, type CompanyExportRow } from "../../db/tenant";
import type { AnyCtx } from "../context";
import { signedDownloadPath } from "./downloadLink";

/** An export as the page shows it; the signed link (a path of the API) while the archive is kept. */
export async function companyExportView(ctx: Pick<AnyCtx, "env">, row: CompanyExportRow, now = Date.now()): Promise<CompanyExportView> {
  const kept = row.state === "done" && row.expiresAt !== null && row.expiresAt.getTime() > now;
  return {
    id: row.id,
    companyId: row.companyId,
    state: row.state,
    requestedBy: row.requestedByName,
    tables: row.progress,
    rowsDone: row.rowsDone,
    rowsTotal: row.rowsTotal,
    bytes: row.bytes,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    downloadUrl: kept ? await signedDownloadPath(ctx.env.DATA_SECRET, row.id, row.expiresAt!.getTime()) : null,
  };
}

/** The export still being made, if any (one at a time per company). */
export function activeCompanyExport(ctx: Pick<AnyCtx, "db" | "companyId">): CompanyExportRow | undefined {
  return ctx.db
    .select()
    .from(companyExports)
    .where(and(eq(companyExports.companyId, ctx.companyId), inArray(companyExports.state, ["queued", "running"])))
    .orderBy(companyExports.id)
    .get();
}

/** The company's exports, newest first (the last 50). */
export async function listCompanyExports({ ctx }: { ctx: AnyCtx; input: Record<string, never> }): Promise<CompanyExportView[]> {
  const rows = ctx.db.select().from(companyExports).where(eq(companyExports.companyId, ctx.companyId)).orderBy(desc(companyExports.id)).limit(50).all();
  return Promise.all(rows.map((row) => companyExportView(ctx, row)));
}
