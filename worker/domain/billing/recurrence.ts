import type { CompanyRecurrence } from "../../db/tenant";
import { addMonthsToDate } from "../../lib/time";

/** Months a recurrence pays for (spec 001: + Vencimento moves the due date by these). */
export const RECURRENCE_MONTHS: Record<CompanyRecurrence, number> = { MENSAL: 1, BIMESTRAL: 2, TRIMESTRAL: 3, SEMESTRAL: 6, ANUAL: 12 };

/** An invoice's amount: the plan's monthly value times the months its recurrence covers, in cents-exact BRL. */
export function invoiceAmount(monthlyValue: number, recurrence: CompanyRecurrence): number {
  return Math.round(monthlyValue * RECURRENCE_MONTHS[recurrence] * 100) / 100;
}

/** The due date after a payment: the recurrence's months from the later of today and the current due date. */
export function extendedDueDate(current: string | null, today: string, recurrence: CompanyRecurrence): string {
  const from = current && current > today ? current : today;
  return addMonthsToDate(from, RECURRENCE_MONTHS[recurrence]);
}

export const sameAmount = (a: number, b: number) => Math.round(a * 100) === Math.round(b * 100);
