import { eq } from "drizzle-orm";
import type { CompanyExportRequester, CompanyExportView } from "../../contracts/companyExports";
import { companyExports } from "../../db/tenant";
import { recordAudit } from "../audit/recordAudit";
import type { SystemCtx } from "../context";
import { AppError } from "../errors";
import { activeCompanyExport, companyExportView } from "./companyExportView";
import { companyExportKey } from "./downloadLink";

/**
 * Starts an export of the company (issue 27 §3): a queued row the hub's due work (hub/dueWork.ts) takes up in
 * slices. One at a time: while one is queued or running, another is refused (409). Recorded in the company's audit
 * log as `company.exported`, in the same write, with who asked (an admin, or a super admin from the platform).
 * The caller checked the permission (the route: the company's admin, or a super admin).
 */
export async function startCompanyExport({
  ctx,
  input,
}: {
  ctx: SystemCtx;
  input: { requestedBy: CompanyExportRequester; client: { ip: string; userAgent: string | null } | null};
}): Promise<CompanyExportView> {
  const row = ctx.db.transaction((tx) => {
    const txCtx = { ...ctx, db: tx as unknown as SystemCtx["db"], client: input.client ?? undefined };
    if (activeCompanyExport(txCtx)) throw new AppError("ERR_COMPANY_EXPORT_RUNNING");
    const inserted = tx
      .insert(companyExports)
      .values({
        companyId: ctx.companyId,
        requestedById: input.requestedBy.id,
        requestedByName: input.requestedBy.name,
        requestedBySuper: input.requestedBy.super,
      })
      .returning()
      .get();
    const withKey = { ...inserted, r2Key: companyExportKey(ctx.companyId, inserted.id) };
    tx.update(companyExports).set({ r2Key: withKey.r2Key }).where(eq(companyExports.id, inserted.id)).run();
    recordAudit(txCtx, {
      action: "company.exported",
      target: { type: "companyExport", id: inserted.id },
      actor: { kind: input.requestedBy.super ? "super" : "user", id: input.requestedBy.id, name: input.requestedBy.name },
    });
    return withKey;
  });
  await ctx.hub.workChanged();
  return companyExportView(ctx, row);
}
