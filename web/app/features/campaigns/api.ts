import { api } from "../../lib/api";
import { postFile } from "../../lib/upload";
import type { CampaignPayload, CampaignReport, CampaignRow, CampaignSettings } from "./types";

export async function listCampaigns(params: { searchParam: string; pageNumber: number }) {
  const body = await api<{ records: CampaignRow[]; count: number; hasMore: boolean }>("/campaigns", { query: params });
  return { items: body.records ?? [], count: body.count ?? 0, hasMore: !!body.hasMore };
}
export const createCampaign = (payload: CampaignPayload) => api<CampaignRow>("/campaigns", { method: "POST", body: payload });
export const updateCampaign = (id: number, payload: CampaignPayload) => api<CampaignRow>(`/campaigns/${id}`, { method: "PUT", body: payload });
export const deleteCampaign = (id: number) => api<unknown>(`/campaigns/${id}`, { method: "DELETE" });
export type CampaignAction = "cancel" | "pause" | "resume" | "restart";
export const campaignAction = (id: number, action: CampaignAction) => api<CampaignRow>(`/campaigns/${id}/${action}`, { method: "POST" });
export const testCampaign = (id: number, number: string) => api<{ sent: number }>(`/campaigns/${id}/test`, { method: "POST", body: { number } });
export const uploadCampaignMedia = (id: number, file: File) => postFile<CampaignRow>(`/campaigns/${id}/media-upload`, file);
export const deleteCampaignMedia = (id: number) => api<CampaignRow>(`/campaigns/${id}/media-upload`, { method: "DELETE" });
export const campaignReport = (id: number, pageNumber = 1) => api<CampaignReport>(`/campaigns/${id}/report`, { query: { pageNumber } });

export async function getCampaignSettings(): Promise<CampaignSettings> {
  const entries = await api<{ key: string; value: unknown }[]>("/campaign-settings");
  return Object.fromEntries(entries.map((e) => [e.key, e.value])) as CampaignSettings;
}
export const saveCampaignSettings = (settings: Partial<CampaignSettings>) => api<unknown>("/campaign-settings", { method: "POST", body: settings });
export const listContactListOptions = () => api<{ id: number; name: string }[]>("/contact-lists/list");
