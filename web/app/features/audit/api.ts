import type { AuditPage, PlatformAuditPage, StartSupportAccessInput, SupportAccessView } from "../../../../worker/contracts/audit";
import { api } from "../../lib/api";
import { downloadFile } from "../../lib/upload";

/** /api/audit and /api/support-accesses (issue 28). */
type Query = Record<string, string | number | undefined>;

export const listAudit = (query: Query) => api<AuditPage>("/audit", { query });
export const listPlatformAudit = (query: Query) => api<PlatformAuditPage>("/audit/platform", { query });
export const runningSupportAccesses = () => api<SupportAccessView[]>("/audit/support");

/** The filtered log as CSV, its headers in the reader's language. */
export function downloadAuditCsv(platform: boolean, query: Query, lang: string, fileName: string) {
  const params = new URLSearchParams({ lang });
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== "") params.set(key, String(value));
  return downloadFile(`/audit${platform ? "/platform" : ""}/export?${params}`, fileName);
}

export const listSupportAccesses = () => api<SupportAccessView[]>("/support-accesses");
export const startSupportAccess = (input: StartSupportAccessInput) => api<SupportAccessView>("/support-accesses", { method: "POST", body: input });
export const endSupportAccess = (id: number) => api<SupportAccessView>(`/support-accesses/${id}/end`, { method: "POST" });

export interface CompanyRef {
  id: number;
  name: string;
}
export const listCompanyRefs = () => api<CompanyRef[]>("/companies/list");
export interface UserRef {
  id: number;
  name: string;
}
export const listUserRefs = () => api<UserRef[]>("/users/list");
