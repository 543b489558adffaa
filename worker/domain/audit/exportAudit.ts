import type { AuditExportQuery } from "../../contracts/audit";
import type { Ctx } from "../context";
import { auditCsvStream, EXPORT_CHUNK, exportFilterDetail } from "./auditCsv";
import { auditCompanyOf, readCompanyAudit } from "./listAudit";
import { platformAuditInsert } from "./recordPlatformAudit";
import { recordInCompany } from "./recordInCompany";
import { companyName } from "./supportAccess";

/**
 * GET /audit/export: the filtered log as CSV, streamed (no cap; a page of 500 at a time). The export is itself an
 * entry (`audit.exported`) of the company's log, written before the file is sent; a super admin's export of another
 * company's log (during a support access) is in the platform's log too.
 */
export async function exportAudit({ ctx, input }: { ctx: Ctx; input: AuditExportQuery }): Promise<ReadableStream<Uint8Array>> {
  const companyId = await auditCompanyOf(ctx, input.companyId);
  const detail = exportFilterDetail(input);
  if (companyId !== ctx.companyId) {
    const name = await companyName(ctx.control, companyId);
    await platformAuditInsert(ctx, { action: "audit.exported", company: { id: companyId, name }, target: { type: "auditLog" }, detail });
  }
  await recordInCompany(ctx, companyId, { action: "audit.exported", target: { type: "auditLog" }, detail });
  return auditCsvStream(input.lang, (cursor) => readCompanyAudit(ctx, companyId, { ...input, cursor, limit: EXPORT_CHUNK }));
}
