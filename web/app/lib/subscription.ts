import { todayIn } from "../../../worker/contracts/companyDay";
import { daysUntil } from "./calendarDate";

/** Spec: a warning appears when the subscription ends in fewer than 5 days (and, past it, for the admin who pays). */
export const SUBSCRIPTION_WARNING_DAYS = 5;

export function subscriptionWarning(
  company: { dueDate: string | null; timezone: string },
  now = new Date(),
): { dueDate: string; daysLeft: number } | null {
  if (!company.dueDate) return null;
  const daysLeft = daysUntil(company.dueDate, todayIn(company.timezone, now));
  return daysLeft < SUBSCRIPTION_WARNING_DAYS ? { dueDate: company.dueDate, daysLeft } : null;
}

/** Pages an expired company's admin may open (ADR 0036): the server answers everything else with 402. */
const PAYING_PAGES = ["/financeiro", "/subscription"];

/**
 * Where an expired company's admin goes instead of a page they cannot use: the invoices, to pay. Null when the page
 * may be shown (not expired, a platform admin, or already a paying page).
 */
export function payFirstRedirect(user: { super: boolean; profile: string; company: { dueDate: string | null; timezone: string } }, pathname: string, now = new Date()): string | null {
  if (user.super || user.profile !== "admin" || !user.company.dueDate) return null;
  if (daysUntil(user.company.dueDate, todayIn(user.company.timezone, now)) >= 0) return null;
  return PAYING_PAGES.includes(pathname) ? null : "/financeiro";
}
