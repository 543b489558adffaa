import { TZDate } from "@date-fns/tz";

/** The page's filters as its fields hold them: ids as text, days as YYYY-MM-DD in the company's zone ("" = any). */
export interface AuditFilters {
  actorId: string;
  action: string;
  from: string;
  to: string;
  /** The platform's log only: one company's entries. */
  companyId: string;
}

export const NO_FILTERS: AuditFilters = { actorId: "", action: "", from: "", to: "", companyId: "" };

/** Midnight starting a calendar day in a time zone, as an ISO instant. */
function dayStart(day: string, timeZone: string, plusDays = 0): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  return new Date(new TZDate(y, m - 1, d + plusDays, timeZone).getTime()).toISOString();
}

/**
 * The API's query for the filters: `from` at the start of its day and `to` at the end of its own ("até 10/03" takes
 * the whole 10th; the API's `to` is exclusive), both in the company's zone; empty fields are left out.
 */
export function auditQueryOf(filters: AuditFilters, timeZone: string, platform = false): Record<string, string | undefined> {
  return {
    actorId: platform ? undefined : filters.actorId || undefined,
    action: filters.action || undefined,
    from: filters.from ? dayStart(filters.from, timeZone) : undefined,
    to: filters.to ? dayStart(filters.to, timeZone, 1) : undefined,
    companyId: platform ? filters.companyId || undefined : undefined,
  };
}

/** The list's key: any change of a filter loads it again from the first page. */
export function filtersKey(filters: AuditFilters): string {
  return JSON.stringify(filters);
}
