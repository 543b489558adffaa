import type { SCHEDULE_STATUSES } from "../schedules";

export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

/** A repeat rule (contracts/schedules.ts scheduleRecurrence), read in the company's time zone. */
export type ScheduleRecurrenceView = {
  frequency: "daily" | "weekly" | "monthly";
  weekdays?: number[];
  dayOfMonth?: number;
  until?: string | null;
};

/** A scheduled message as the API and its events answer it (domain/schedules/view.ts). */
export type ScheduleView = {
  id: number;
  body: string;
  sendAt: Date;
  sentAt: Date | null;
  status: ScheduleStatus;
  error: string | null;
  contactId: number;
  contact: { id: number; name: string; number: string };
  ticketId: number | null;
  ticket: { id: number; uuid: string } | null;
  userId: number | null;
  user: { id: number; name: string } | null;
  whatsappId: number | null;
  whatsapp: { id: number; name: string } | null;
  recurrence: ScheduleRecurrenceView | null;
  seriesId: number | null;
  /** A marketing message: skipped (ERRO, ERR_MARKETING_OPTED_OUT) when the contact revoked marketing consent. */
  marketing: boolean;
  mediaPath: string | null;
  mediaName: string | null;
  createdAt: Date;
  updatedAt: Date;
};
