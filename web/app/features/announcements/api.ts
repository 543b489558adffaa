import type { ActiveAnnouncement, AnnouncementView, DeliveryView } from "../../../../worker/contracts/announcements";
import { api } from "../../lib/api";
import { postFile } from "../../lib/upload";

export type { ActiveAnnouncement, AnnouncementView, DeliveryView };
export type AnnouncementInput = { title: string; text: string; priority: 1 | 2 | 3; status: boolean; endDate: string | null; companyIds: number[] | null };
type Saved = AnnouncementView & { delivery: DeliveryView | null };

export const listAnnouncements = ({ searchParam, pageNumber }: { searchParam: string; pageNumber: number }) =>
  api<{ records: AnnouncementView[]; count: number; hasMore: boolean }>("/announcements", { query: { searchParam, pageNumber } }).then((b) => ({
    items: b.records,
    count: b.count,
    hasMore: b.hasMore,
  }));
export const createAnnouncement = (input: AnnouncementInput) => api<Saved>("/announcements", { method: "POST", body: input });
export const updateAnnouncement = (id: number, input: Partial<AnnouncementInput>) => api<Saved>(`/announcements/${id}`, { method: "PUT", body: input });
export const deleteAnnouncement = (id: number) => api(`/announcements/${id}`, { method: "DELETE" });
export const uploadAnnouncementMedia = (id: number, file: File) => postFile<AnnouncementView>(`/announcements/${id}/media-upload`, file);
export const removeAnnouncementMedia = (id: number) => api<AnnouncementView>(`/announcements/${id}/media-upload`, { method: "DELETE" });
export const deliveryOf = (id: number) => api<DeliveryView | null>(`/announcements/${id}/delivery`);
export const listActive = () => api<{ records: ActiveAnnouncement[]; unread: number }>("/announcements/active");
export const markRead = (id: number) => api(`/announcements/${id}/read`, { method: "POST" });
export const dismiss = (id: number) => api(`/announcements/${id}/dismiss`, { method: "POST" });
export const listCompanies = () => api<{ id: number; name: string }[]>("/companies/list");
