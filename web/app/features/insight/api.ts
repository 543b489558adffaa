import { api } from "../../lib/api";
import type { AttendantStats, DashboardView, TicketReportRow, TicketReportsPage } from "../../../../worker/contracts/views/insight";

export type DashboardData = DashboardView;
export type Attendant = AttendantStats;
export type ReportsPage = TicketReportsPage;
export type ReportRow = TicketReportRow;

export const PERIODS = [3, 7, 15, 30, 60, 90] as const;

/** The filter as the page holds it: a period of N days, or a range (both dates needed). */
export interface Filter {
  days: number | "range";
  from: string;
  to: string;
  queueId: string;
  userId: string;
}

export const DEFAULT_FILTER: Filter = { days: 7, from: "", to: "", queueId: "", userId: "" };

/** The query of a filter, or null while it lacks a parameter ('Parametrize o filtro'). */
export function filterQuery(f: Filter): Record<string, string> | null {
  const q: Record<string, string> = {};
  if (f.days === "range") {
    if (!f.from || !f.to || f.from > f.to) return null;
    q.date_from = f.from;
    q.date_to = f.to;
  } else q.days = String(f.days);
  if (f.queueId) q.queueId = f.queueId;
  if (f.userId) q.userId = f.userId;
  return q;
}

export function fetchDashboard(query: Record<string, string>, signal?: AbortSignal) {
  return api<DashboardData>("/dashboard", { query, signal });
}

export function fetchReports(query: Record<string, string | number>, signal?: AbortSignal) {
  return api<ReportsPage>("/ticket/reports", { query, signal });
}

export interface Ref {
  id: number;
  name: string;
}

const listOf = (body: unknown, key: string): Ref[] => {
  const list = Array.isArray(body) ? body : (body as Record<string, unknown> | null)?.[key];
  return Array.isArray(list) ? (list as Ref[]).map((r) => ({ id: r.id, name: r.name })) : [];
};

/** The filter's choices: the company's queues and users. */
export async function fetchChoices() {
  const [queues, users] = await Promise.all([api<unknown>("/queue").catch(() => []), api<unknown>("/users/list").catch(() => [])]);
  return { queues: listOf(queues, "queues"), users: listOf(users, "users") };
}
