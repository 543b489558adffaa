import type { CompanyExportView } from "../../../../worker/contracts/companyExports";
import { api } from "../../lib/api";

export type { CompanyExportView };

/** The company's exports, newest first; a super admin names another company. */
export function listCompanyExports(companyId?: number) {
  return api<CompanyExportView[]>("/company-exports", companyId ? { query: { companyId } } : {});
}

export function startCompanyExport(companyId?: number) {
  return api<CompanyExportView>("/company-exports", { method: "POST", body: companyId ? { companyId } : {} });
}
