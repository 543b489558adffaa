import type { WeekdaySchedule } from "../../../../worker/contracts/companies";
import { api } from "../../lib/api";

export interface SettingRow {
  key: string;
  value: string;
}

export function listSettings() {
  return api<SettingRow[]>("/settings");
}

export function saveSetting(key: string, value: string) {
  return api<SettingRow>(`/settings/${encodeURIComponent(key)}`, { method: "PUT", body: { value } });
}

export function getCompanySchedules(companyId: number) {
  return api<{ schedules?: WeekdaySchedule[] }>(`/companies/${companyId}`).then((company) => company.schedules ?? []);
}

export function saveCompanySchedules(companyId: number, schedules: WeekdaySchedule[]) {
  return api<unknown>(`/companies/${companyId}/schedules`, { method: "PUT", body: { schedules } });
}
