import { parsePlatformId } from "../../contracts/ids";
import { todayIn } from "../../contracts/companyDay";
import { AppError } from "../errors";

export interface CompanyAccessInfo {
  status: boolean;
  dueDate: string | null;
  timezone: string;
}

export { todayIn };

function ptBrDate(isoDate: string): string {
  const [y, m, d] = isoDate.split("-");
  return `${d}/${m}/${y}`;
}

/** Who is asking: platform admins are never locked out; an expired company's admin may still pay. */
export interface AccessActor {
  super: boolean;
  profile?: string;
}

/**
 * What an expired company's admin may still reach (ADR 0036): the session itself (login, refresh, the page's
 * session, the websocket that brings the payment event) and paying (the invoices, the checkout and the usage it
 * compares plans with, the company's own record and plan the checkout shows). Paths are the API's, under /api.
 */
const BILLING_PATHS = [/^\/api\/auth\//, /^\/api\/ws$/, /^\/api\/invoices(\/|$)/, /^\/api\/subscription(\/usage)?$/];
/** The company's record and plan: the last segment must be an id (by the id contract). */
const COMPANY_PATH = /^\/api\/companies\/(?:listPlan\/)?([^/]+)$/;

export function isBillingPath(path: string): boolean {
  const company = COMPANY_PATH.exec(path);
  return BILLING_PATHS.some((re) => re.test(path)) || (company !== null && parsePlatformId(company[1]) !== null);
}

export function isExpired(company: CompanyAccessInfo, now = new Date()): boolean {
  return !!company.dueDate && company.dueDate < todayIn(company.timezone, now);
}

/** Blocked, or past its due date: only platform admins, and an expired company's admin paying, get in. */
export function isLockedOut(company: CompanyAccessInfo, now = new Date()): boolean {
  return !company.status || isExpired(company, now);
}

/**
 * An inactive company, or one whose due date has passed, is refused on the server — at login and on every
 * request. Platform admins (super) are never locked out, so they can renew a company. An expired (not blocked)
 * company's admin keeps a session to pay: `billing` says the request is one of paying (isBillingPath); anything
 * else answers 402 ERR_PAYMENT_REQUIRED, which does not end the session.
 */
export function assertCompanyAccess(company: CompanyAccessInfo, actor: AccessActor, { billing = false, now = new Date() }: { billing?: boolean; now?: Date } = {}): void {
  if (actor.super) return;
  if (!company.status) throw new AppError("ERR_COMPANY_INACTIVE");
  if (isExpired(company, now)) {
    if (actor.profile === "admin") {
      if (billing) return;
      throw new AppError("ERR_PAYMENT_REQUIRED", undefined, { dueDate: company.dueDate });
    }
    throw new AppError(
      "ERR_SUBSCRIPTION_EXPIRED",
      `Opss! Sua assinatura venceu ${ptBrDate(company.dueDate!)}. Entre em contato com o Suporte para mais informações!`,
      { dueDate: company.dueDate },
    );
  }
}
