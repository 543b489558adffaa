import { AppError } from "../errors";

export interface CompanyAccessInfo {
  status: boolean;
  dueDate: string | null;
  timezone: string;
}

// Building a formatter costs more than the rest of a request's access check; one per time zone is kept.
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Today's calendar date (YYYY-MM-DD) in the company's time zone. */
export function todayIn(timezone: string, now = new Date()): string {
  let format = dayFormats.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", { timeZone: timezone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormats.set(timezone, format);
  }
  return format.format(now);
}

function ptBrDate(isoDate: string): string {
  const [y, m, d] = isoDate.split("-");
  return `${d}/${m}/${y}`;
}

/**
 * An inactive company, or one whose due date has passed, is refused on the server — at login and on every
 * request. Platform admins (super) are never locked out, so they can renew a company.
 */
export function assertCompanyAccess(company: CompanyAccessInfo, isSuper: boolean, now = new Date()): void {
  if (isSuper) return;
  if (!company.status) throw new AppError("ERR_COMPANY_INACTIVE");
  if (company.dueDate && company.dueDate < todayIn(company.timezone, now)) {
    throw new AppError(
      "ERR_SUBSCRIPTION_EXPIRED",
      `Opss! Sua assinatura venceu ${ptBrDate(company.dueDate)}. Entre em contato com o Suporte para mais informações!`,
      { dueDate: company.dueDate },
    );
  }
}
