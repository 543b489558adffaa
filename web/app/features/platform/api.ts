import type { CompanyView } from "../../../../worker/contracts/views/company";
import type { HelpView } from "../../../../worker/contracts/views/help";
import type { LogoKind } from "../../../../worker/contracts/views/logos";
import type { LogoUrls } from "../../../../worker/contracts/views/logos";
import type { PlanView } from "../../../../worker/contracts/views/plan";
import type { HostedConnectionView, SessionHostView } from "../../../../worker/contracts/sessionHosts";
import { api } from "../../lib/api";
import { postFile } from "../../lib/upload";

export type { CompanyView, HelpView, LogoKind, LogoUrls, PlanView };

/** Serialised over JSON: dates are strings. */
export type Company = Omit<CompanyView, "createdAt" | "updatedAt" | "trialExpiration"> & { createdAt: string; updatedAt: string; trialExpiration: string | null };
export type Plan = Omit<PlanView, "createdAt" | "updatedAt">;
export type Help = Omit<HelpView, "createdAt" | "updatedAt">;

export interface CompanyInput {
  name: string;
  email: string;
  phone: string;
  planId: number;
  status: boolean;
  dueDate: string | null;
  recurrence: string;
  campaignsEnabled: boolean;
  password?: string;
}

export const listCompanies = ({ searchParam, pageNumber }: { searchParam: string; pageNumber: number }) =>
  api<{ companies: Company[]; count: number; hasMore: boolean }>("/companies", { query: { searchParam, pageNumber } }).then((b) => ({
    items: b.companies,
    count: b.count,
    hasMore: b.hasMore,
  }));
export const createCompany = (input: CompanyInput) => api<Company>("/companies", { method: "POST", body: input });
export const updateCompany = (id: number, patch: Partial<CompanyInput>) => api<Company>(`/companies/${id}`, { method: "PUT", body: patch });
export const deleteCompany = (id: number) => api(`/companies/${id}`, { method: "DELETE" });

export type PlanInput = Omit<Plan, "id">;
export const listPlans = () => api<Plan[]>("/plans/all");
export const createPlan = (input: PlanInput) => api<Plan>("/plans", { method: "POST", body: input });
export const updatePlan = (id: number, patch: Partial<PlanInput>) => api<Plan>(`/plans/${id}`, { method: "PUT", body: patch });
export const deletePlan = (id: number) => api(`/plans/${id}`, { method: "DELETE" });

export type HelpInput = { title: string; description: string; video: string };
export const listHelps = () => api<Help[]>("/helps");
export const createHelp = (input: HelpInput) => api<Help>("/helps", { method: "POST", body: input });
export const updateHelp = (id: number, patch: Partial<HelpInput>) => api<Help>(`/helps/${id}`, { method: "PUT", body: patch });
export const deleteHelp = (id: number) => api(`/helps/${id}`, { method: "DELETE" });

export const listLogos = () => api<LogoUrls>("/logos", { auth: false });
export const uploadLogo = (kind: LogoKind, file: File) => postFile<{ mensagem: string; url: string }>(`/settings/media-upload?ref=${kind}`, file);
export const removeLogo = (kind: LogoKind) => api(`/settings/logos/${kind}`, { method: "DELETE" });

/** Issue 30: the session hosts that run WhatsApp Web connections, and the connections each runs (super admin). */
export type { HostedConnectionView, SessionHostView };
export const listSessionHosts = () => api<{ hosts: SessionHostView[] }>("/platform/session-hosts").then((b) => b.hosts);
export const listHostedConnections = (hostId: string) =>
  api<{ connections: HostedConnectionView[] }>(`/platform/session-hosts/${encodeURIComponent(hostId)}/connections`).then((b) => b.connections);
