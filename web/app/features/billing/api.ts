import { api } from "../../lib/api";

export interface Invoice {
  id: number;
  detail: string;
  value: number;
  dueDate: string;
  status: "open" | "paid" | "cancelled";
}
export interface PixAnswer {
  invoiceId: number;
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
  billingName: string | null;
  addressZipCode: string | null;
  addressStreet: string | null;
  addressState: string | null;
  addressCity: string | null;
}
export interface OwnPlan {
  name: string;
  users: number;
  connections: number;
  queues: number;
  value: number;
}

export const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });
export const ddmmyyyy = (iso: string) => iso.slice(0, 10).split("-").reverse().join("/");
export const todayIso = () => new Date().toLocaleDateString("en-CA");

export const listInvoices = () => api<{ invoices: Invoice[] }>("/invoices/all", { query: { pageNumber: 1 } }).then((p) => p.invoices);
/** Only the invoice travels: the server charges the invoice's own amount. */
export const payInvoice = (invoiceId: number) => api<PixAnswer>("/subscription", { method: "POST", body: { invoiceId } });
export const ownCompany = (companyId: number) => api<OwnCompany>(`/companies/${companyId}`);
export const ownPlan = (companyId: number) => api<OwnPlan>(`/companies/listPlan/${companyId}`);
