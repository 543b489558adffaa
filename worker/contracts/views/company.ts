import type { WeekdaySchedule } from "../companies";

export type Recurrence = "MENSAL" | "BIMESTRAL" | "TRIMESTRAL" | "SEMESTRAL" | "ANUAL";

/** A company as the platform's pages see it (domain/companies/view.ts). */
export type CompanyView = {
  id: number;
  name: string;
  email: string;
  phone: string;
  planId: number | null;
  plan: { id: number; name: string } | null;
  status: boolean;
  dueDate: string | null;
  recurrence: Recurrence;
  campaignsEnabled: boolean;
  timezone: string;
  schedules: WeekdaySchedule[];
  billingName: string | null;
  addressZipCode: string | null;
  addressStreet: string | null;
  addressState: string | null;
  addressCity: string | null;
  addressDistrict: string | null;
  trialExpiration: Date | null;
  createdAt: Date;
  updatedAt: Date;
};
