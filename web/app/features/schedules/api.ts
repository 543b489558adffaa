import { api } from "../../lib/api";
import { postFile } from "../../lib/upload";
import type { SchedulePayload, ScheduleRow, SchedulesPage, ScheduleStatus } from "./types";

export async function listSchedules(params: { searchParam: string; pageNumber: number; status?: ScheduleStatus | null; from?: string; to?: string }) {
  const query: Record<string, string | number> = { searchParam: params.searchParam, pageNumber: params.pageNumber };
  if (params.status) query.status = params.status;
  if (params.from) query.from = params.from;
  if (params.to) query.to = params.to;
  const body = await api<SchedulesPage>("/schedules", { query });
  return { items: body.schedules ?? [], count: body.count ?? 0, hasMore: !!body.hasMore };
}

export const createSchedule = (payload: SchedulePayload) => api<ScheduleRow>("/schedules", { method: "POST", body: payload });

export const updateSchedule = (id: number, payload: Partial<SchedulePayload>) => api<ScheduleRow>(`/schedules/${id}`, { method: "PUT", body: payload });

export const deleteSchedule = (id: number) => api<unknown>(`/schedules/${id}`, { method: "DELETE" });

export const retrySchedule = (id: number) => api<ScheduleRow>(`/schedules/${id}/retry`, { method: "POST" });

export const uploadScheduleMedia = (id: number, file: File, fileName: string) => postFile<ScheduleRow>(`/schedules/${id}/media-upload`, file, { fileName });

export const deleteScheduleMedia = (id: number) => api<ScheduleRow>(`/schedules/${id}/media-upload`, { method: "DELETE" });
