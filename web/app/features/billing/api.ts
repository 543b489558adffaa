import { api } from "../../lib/api";
import type { PlanUsage } from "../../../../worker/contracts/plans";
import type { Recurrence } from "../platform/model";
import type { PlanView } from "../../../../worker/contracts/views/plan";

/** Months a recurrence pays for, as the server's invoice rule (worker/domain/billing/recurrence.ts). */
const RECURRENCE_MONTHS: Record<Recurrence, number> = { MENSAL: 1, BIMESTRAL: 2, TRIMESTRAL: 3, SEMESTRAL: 6, ANUAL: 12 };
/** What the server will charge for a plan (shown before paying; the charge itself is always the server's). */
export const planAmount = (monthlyValue: number, recurrence: Recurrence) => Math.round(monthlyValue * (RECURRENCE_MONTHS[recurrence] ?? 1) * 100) / 100;

export interface Invoice {
  id: number;
  detail: string;
  value: number;
  dueDate: string;
  status: "open" | "paid" | "cancelled";
}
export interface PixAnswer {
  invoiceId: number;
  planId?: number | null;
  txid: string;
  qrcode: { qrcode: string };
  valor: { original: string };
}
export interface OwnCompany {
  id: number;
  name: string;
  email: string;
  dueDate: string | null;
  trialExpiration: string | null;
  plan: { id: number; name: string } | null;
  recurrence: Recurrence;
  billingName: string | null;
  addressZipCode: string | null;
  addressStreet: string | null;
  addressState: string | null;
  addressCity: string | null;
}
export type OwnPlan = Pick<PlanView, "id" | "name" | "users" | "connections" | "queues" | "value">;

export const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });
export const ddmmyyyy = (iso: string) => iso.slice(0, 10).split("-").reverse().join("/");
export const todayIso = () => new Date().toLocaleDateString("en-CA");

export const listInvoices = () => api<{ invoices: Invoice[] }>("/invoices/all", { query: { pageNumber: 1 } }).then((p) => p.invoices);
/** Only the invoice and the chosen plan travel: the server prices the plan (value × the company's recurrence). */
/** The checkout's Dados step (spec 001's payload fields); the server keeps it as the company's billing record. */
export type Payer = { firstName: string; address2: string; city: string; state: string; zipcode: string; country: string };

export const payInvoice = (invoiceId: number, planId: number | undefined, payer: Payer) =>
  api<PixAnswer>("/subscription", { method: "POST", body: { invoiceId, ...(planId === undefined ? {} : { planId }), ...payer } });
/** The plans offered publicly (the signup's list, served at the edge), cheapest first. */
export const publicPlans = () => api<OwnPlan[]>("/plans/list");
export const ownCompany = (companyId: number) => api<OwnCompany>(`/companies/${companyId}`);
export const ownPlan = (companyId: number) => api<OwnPlan>(`/companies/listPlan/${companyId}`);

/** What the company has, which another plan must allow (the server refuses a smaller one: ERR_PLAN_TOO_SMALL). */
export const subscriptionUsage = () => api<PlanUsage>("/subscription/usage");
