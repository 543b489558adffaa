import { todayIn } from "../../../worker/domain/auth/companyAccess";
import { daysUntil } from "./calendarDate";

/** Spec: a warning appears when the subscription ends in fewer than 5 days. */
export const SUBSCRIPTION_WARNING_DAYS = 5;

export function subscriptionWarning(
  company: { dueDate: string | null; timezone: string },
  now = new Date(),
): { dueDate: string; daysLeft: number } | null {
  if (!company.dueDate) return null;
  const daysLeft = daysUntil(company.dueDate, todayIn(company.timezone, now));
  return daysLeft >= 0 && daysLeft < SUBSCRIPTION_WARNING_DAYS ? { dueDate: company.dueDate, daysLeft } : null;
}
