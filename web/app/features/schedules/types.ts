import { SCHEDULE_STATUSES as STATUSES } from "../../../../worker/contracts/schedules";
import type { ScheduleRecurrenceView, ScheduleStatus, ScheduleView } from "../../../../worker/contracts/views/schedule";
import type { Wire } from "../../../../worker/contracts/views/wire";

/** Shapes of the schedules API (GET /api/schedules and friends): the contract's views as JSON. */
export type { ScheduleStatus };
export const SCHEDULE_STATUSES: ScheduleStatus[] = [...STATUSES];
export type ScheduleRecurrence = ScheduleRecurrenceView;
/** `error`: an error code of the catalogue when ERRO. */
export type ScheduleRow = Wire<ScheduleView>;

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
  /** A marketing message: skipped when the contact revoked marketing consent. */
  marketing: boolean;
}
