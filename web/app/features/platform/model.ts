import { COMPANY_RECURRENCES } from "../../../../worker/contracts/companies";

/** What the platform tabs share: the plan flags, the recurrences and the due-date rules of spec 001. */
export const PLAN_FLAGS = ["useSchedules", "useCampaigns", "useInternalChat", "useExternalApi", "useKanban", "useOpenAi", "useIntegrations"] as const;
export type PlanFlagKey = (typeof PLAN_FLAGS)[number];

export const RECURRENCES = COMPANY_RECURRENCES;
export type Recurrence = (typeof RECURRENCES)[number];
const MONTHS: Record<Recurrence, number> = { MENSAL: 1, BIMESTRAL: 2, TRIMESTRAL: 3, SEMESTRAL: 6, ANUAL: 12 };

/** Today as "YYYY-MM-DD" in the browser's calendar. */
export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Spec 001's + Vencimento: the due date (or today, when none) moved forward by the recurrence, the day clamped to the month's end. */
export function nextDueDate(dueDate: string | null, recurrence: string, today = todayIso()): string {
  const [y, m, d] = (dueDate ?? today).split("-").map(Number) as [number, number, number];
  const months = MONTHS[recurrence as Recurrence] ?? 1;
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
}

/** Spec 001: due in 1 to 5 days is yellow; due today or past is red. */
export function dueTone(dueDate: string | null, today = todayIso()): "late" | "soon" | null {
  if (!dueDate) return null;
  const days = Math.round((Date.parse(dueDate) - Date.parse(today)) / 86_400_000);
  if (days <= 0) return "late";
  if (days <= 5) return "soon";
  return null;
}

export const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

/** A session host's state on the hosts tab: gone quiet, handing its connections over (a deploy), or serving. */
export function hostState(host: { live: boolean; draining: boolean }): "offline" | "draining" | "live" {
  if (!host.live) return "offline";
  return host.draining ? "draining" : "live";
}

/** How full a host is, 0..100 (its connections over its capacity; a host of no capacity is full when it runs any). */
export function hostLoad(host: { connections: number; capacity: number }): number {
  if (host.capacity <= 0) return host.connections > 0 ? 100 : 0;
  return Math.min(100, Math.round((host.connections / host.capacity) * 100));
}
