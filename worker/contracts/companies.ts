import { z } from "zod";
import { platformId } from "./ids";
import { patchOf } from "./patch";
import { emailField, passwordField } from "./users";
import { REQUIRED, NOT_TEXT, TOO_SHORT, TOO_LONG } from "./fieldMessages";
import { weekdayHours } from "./serviceHours";

/** Billing recurrences; the due date moves forward by 1, 2, 3, 6 or 12 months. */
export const COMPANY_RECURRENCES = ["MENSAL", "BIMESTRAL", "TRIMESTRAL", "SEMESTRAL", "ANUAL"] as const;

/** Service hours of one weekday, times as "HH:MM" in the company's time zone. */
export type WeekdaySchedule = {
  weekday: string;
  weekdayEn: string;
  startTime: string;
  endTime: string;
};

const requiredString = () => z.string({ error: (iss) => (iss.input === undefined ? REQUIRED : NOT_TEXT) });

function isRealDate(text: string): boolean {
  const [y, m, d] = text.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export function isValidTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** A calendar date 'YYYY-MM-DD'; empty (or null) means no due date (spec: an empty dueDate is sent as null). */
export const dueDateField = z
  .union([z.literal(""), z.null(), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Must be a date YYYY-MM-DD")], {
    error: "Must be a date YYYY-MM-DD",
  })
  .refine((v) => !v || isRealDate(v), "Must be a date YYYY-MM-DD")
  .transform((v) => (v ? v : null));

export const companyNameField = requiredString().trim().min(1, REQUIRED).min(2, TOO_SHORT).max(100, TOO_LONG);
const phoneField = z
  .string({ error: NOT_TEXT })
  .trim()
  .max(30, TOO_LONG)
  .regex(/^[0-9+()\-\s]*$/, "Only digits, spaces and + ( ) -");
const optionalText = (max: number) => z.string({ error: NOT_TEXT }).trim().max(max, TOO_LONG).nullable();

export const companyFields = {
  name: companyNameField,
  email: emailField,
  phone: phoneField.default(""),
  planId: platformId("Must be an id", REQUIRED),
  status: z.boolean({ error: "Must be true or false" }).default(true),
  dueDate: dueDateField.default(null),
  recurrence: z.enum(COMPANY_RECURRENCES, { error: "Must be a recurrence" }).default("MENSAL"),
  campaignsEnabled: z.boolean({ error: "Must be true or false" }).default(false),
  timezone: z
    .string({ error: NOT_TEXT })
    .max(64, TOO_LONG)
    .refine(isValidTimeZone, "Unknown time zone")
    .default("America/Sao_Paulo"),
  billingName: optionalText(100).optional(),
  addressZipCode: optionalText(20).optional(),
  addressStreet: optionalText(200).optional(),
  addressState: optionalText(50).optional(),
  addressCity: optionalText(100).optional(),
  addressDistrict: optionalText(100).optional(),
};

/** POST /api/companies. With `password`, the company's first admin is created with the company's email. */
export const createCompanyInput = z.object({ ...companyFields, password: passwordField.optional() });
export type CreateCompanyInput = z.infer<typeof createCompanyInput>;

/** PUT /api/companies/:id: any subset; nothing defaults. */
export const updateCompanyInput = patchOf({
  name: companyFields.name.optional(),
  email: companyFields.email.optional(),
  phone: phoneField.optional(),
  planId: companyFields.planId.optional(),
  status: z.boolean({ error: "Must be true or false" }).optional(),
  dueDate: dueDateField.optional(),
  recurrence: z.enum(COMPANY_RECURRENCES, { error: "Must be a recurrence" }).optional(),
  campaignsEnabled: z.boolean({ error: "Must be true or false" }).optional(),
  timezone: z.string({ error: NOT_TEXT }).max(64, TOO_LONG).refine(isValidTimeZone, "Unknown time zone").optional(),
  billingName: companyFields.billingName,
  addressZipCode: companyFields.addressZipCode,
  addressStreet: companyFields.addressStreet,
  addressState: companyFields.addressState,
  addressCity: companyFields.addressCity,
  addressDistrict: companyFields.addressDistrict,
});
export type UpdateCompanyInput = z.infer<typeof updateCompanyInput>;

/** Service hours of one weekday; both times empty means closed that day. */
export const weekdaySchedule = weekdayHours();

/** PUT /api/companies/:id/schedules: the seven weekdays, each once. */
export const updateSchedulesInput = z.object({
  schedules: z
    .array(weekdaySchedule, { error: REQUIRED })
    .length(7, "Give the seven weekdays")
    .refine((list) => new Set(list.map((d) => d.weekdayEn)).size === 7, "Each weekday once"),
});
export type UpdateSchedulesInput = z.infer<typeof updateSchedulesInput>;

/** A new company's setup in its own hub (hub call setupCompany, run by createCompany). */
export interface SetupCompanyInput {
  /** The first admin, whose e-mail createCompany has already claimed in login_emails (user id 0 until now). */
  admin: { name: string; email: string; passwordHash: string } | null;
}
