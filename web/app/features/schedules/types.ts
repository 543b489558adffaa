/** Shapes of the schedules API (GET /api/schedules and friends; worker/domain/schedules/view.ts). */
export type ScheduleStatus = "PENDENTE" | "AGENDADA" | "ENVIADA" | "ERRO";
export const SCHEDULE_STATUSES: ScheduleStatus[] = ["PENDENTE", "AGENDADA", "ENVIADA", "ERRO"];

export interface ScheduleRecurrence {
  frequency: "daily" | "weekly" | "monthly";
  weekdays?: number[];
  dayOfMonth?: number;
  until?: string | null;
}

export interface ScheduleRow {
  id: number;
  body: string;
  sendAt: string;
  sentAt: string | null;
  status: ScheduleStatus;
  /** An error code of the catalogue when ERRO. */
  error: string | null;
  contactId: number;
  contact: { id: number; name: string; number: string };
  ticketId: number | null;
  ticket: { id: number; uuid: string } | null;
  userId: number | null;
  user: { id: number; name: string } | null;
  whatsappId: number | null;
  whatsapp: { id: number; name: string } | null;
  recurrence: ScheduleRecurrence | null;
  seriesId: number | null;
  mediaPath: string | null;
  mediaName: string | null;
}

export interface SchedulesPage {
  schedules: ScheduleRow[];
  count: number;
  hasMore: boolean;
}

export interface SchedulePayload {
  body: string;
  sendAt: string;
  contactId: number;
  ticketId?: number | null;
  whatsappId: number | null;
  recurrence: { frequency: ScheduleRecurrence["frequency"]; weekdays?: number[]; until?: string | null } | null;
}
