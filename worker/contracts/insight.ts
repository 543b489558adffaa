import { z } from "zod";
import { platformIdText } from "./ids";
import { TOO_LONG } from "./fieldMessages";

/** The dashboard's periods (spec 000: last 3, 7, 15, 30, 60, 90 days). */
export const DASHBOARD_PERIODS = [3, 7, 15, 30, 60, 90] as const;
/** The longest date range the dashboard and the reports take, in days. */
export const MAX_RANGE_DAYS = 90;

const isoDay = z
  .string({ error: "Must be a date (YYYY-MM-DD)" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Must be a date (YYYY-MM-DD)")
  .refine((s) => {
    const [y, m, d] = s.split("-").map(Number) as [number, number, number];
    const t = new Date(Date.UTC(y, m - 1, d));
    return y >= 2000 && y <= 2100 && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
  }, "Must be a date (YYYY-MM-DD)");

const optionalId = platformIdText().optional();

const days = z.coerce
  .number({ error: "Must be 3, 7, 15, 30, 60 or 90" })
  .refine((n) => (DASHBOARD_PERIODS as readonly number[]).includes(n), "Must be 3, 7, 15, 30, 60 or 90")
  .optional();

/** The period and the filters, as the page sends them (a range as date_from/date_to, or initialDate/finalDate). */
const filterFields = {
  days,
  date_from: isoDay.optional(),
  date_to: isoDay.optional(),
  initialDate: isoDay.optional(),
  finalDate: isoDay.optional(),
  queueId: optionalId,
  userId: optionalId,
  /** Spec 000 sends it; the company always comes from the session, so it is read and ignored. */
  companyId: optionalId,
};

export interface InsightFilter {
  /** A period of the last N days (today included), or a range of calendar days in the company's time zone. */
  period: { days: number } | { from: string; to: string };
  queueId?: number;
  userId?: number;
}

type FilterFields = z.infer<z.ZodObject<typeof filterFields>>;

/** Days between two YYYY-MM-DD dates, both counted. */
function spanDays(from: string, to: string) {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

function toFilter(q: FilterFields, ctx: z.RefinementCtx): InsightFilter {
  const from = q.date_from ?? q.initialDate;
  const to = q.date_to ?? q.finalDate;
  const common = { queueId: q.queueId, userId: q.userId };
  if (from && to) {
    const n = spanDays(from, to);
    if (n < 1) ctx.addIssue({ code: "custom", path: ["date_to"], message: "Must not be before the start date" });
    else if (n > MAX_RANGE_DAYS) ctx.addIssue({ code: "custom", path: ["date_to"], message: `At most ${MAX_RANGE_DAYS} days` });
    return { period: { from, to }, ...common };
  }
  if (from || to) {
    ctx.addIssue({ code: "custom", path: [from ? "date_to" : "date_from"], message: "Parametrize o filtro" });
    return { period: { days: 7 }, ...common };
  }
  if (q.days === undefined) {
    ctx.addIssue({ code: "custom", path: ["days"], message: "Parametrize o filtro" });
    return { period: { days: 7 }, ...common };
  }
  return { period: { days: q.days }, ...common };
}

/** GET /dashboard, /dashboard/ticketsDay, /dashboard/ticketsUsers: a period (days or a range) and the filters. */
export const dashboardQuery = z.object(filterFields).transform(toFilter);
export type DashboardQuery = z.infer<typeof dashboardQuery>;

export const REPORT_STATUSES = ["open", "pending", "closed"] as const;
export const REPORT_PAGE_SIZES = [20, 50, 100] as const;

/** GET /ticket/reports: the tickets served in the period, filtered and paged; format csv exports them all (up to a cap). */
export const ticketReportsQuery = z
  .object({
    ...filterFields,
    status: z.enum(REPORT_STATUSES, { error: "Must be open, pending or closed" }).optional(),
    searchParam: z.string().trim().max(200, TOO_LONG).default(""),
    pageNumber: z.coerce.number({ error: "Must be a page number" }).int("Must be a page number").min(1, "Must be a page number").max(100_000).default(1),
    pageSize: z.coerce
      .number({ error: "Must be 20, 50 or 100" })
      .refine((n) => (REPORT_PAGE_SIZES as readonly number[]).includes(n), "Must be 20, 50 or 100")
      .default(20),
    format: z.enum(["json", "csv"], { error: "Must be json or csv" }).default("json"),
  })
  .transform((q, ctx) => ({
    ...toFilter(q, ctx),
    status: q.status,
    searchParam: q.searchParam,
    pageNumber: q.pageNumber,
    pageSize: q.pageSize,
    format: q.format,
  }));
export type TicketReportsQuery = z.infer<typeof ticketReportsQuery>;
