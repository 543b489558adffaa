import { z } from "zod";
import { platformIdText } from "./ids";
import { REQUIRED, NOT_TEXT, TOO_LONG } from "./fieldMessages";
import type { PspSettings } from "../lib/pix/pspClient";

/** GET /api/invoices/all: the company's invoices, newest due date first. */
export const invoiceListQuery = z.object({
  searchParam: z.string().trim().max(100).default(""),
  pageNumber: z.coerce.number().int().min(1).max(10_000).default(1),
});

const payerText = (required: string) => z.string({ error: NOT_TEXT }).trim().min(1, required).max(200, TOO_LONG);

/**
 * POST /api/subscription: the invoice and, optionally, the plan chosen in the checkout's Personalizar step (a public
 * plan or the company's own) and the payer of its Dados step (spec 001's fields, with its required messages), kept
 * as the company's billing record. Everything else of the spec's payload (price, users, card…) is accepted and
 * ignored: the amount is computed on the server, from the plan's value and the company's recurrence.
 */
export const subscriptionInput = z.object({
  invoiceId: platformIdText("Must be an id", REQUIRED),
  planId: platformIdText().optional(),
  firstName: payerText("O nome completo é obrigatório").optional(),
  address2: payerText("O Endereço é obrigatório").optional(),
  city: payerText("Cidade é obrigatória").optional(),
  state: z.string({ error: NOT_TEXT }).trim().max(200, TOO_LONG).optional(),
  zipcode: payerText("CEP é obrigatório").optional(),
  country: payerText("País é obrigatório").optional(),
});
export type SubscriptionInput = z.infer<typeof subscriptionInput>;

/** The Pix API's webhook body (BCB standard): a list of received payments. Only the txids are used, to ask the PSP. */
export const pixWebhookBody = z.object({
  pix: z
    .array(z.object({ endToEndId: z.string().min(1).max(100), txid: z.string().min(1).max(35) }).passthrough())
    .max(100),
});

/** The platform's Pix settings (hub call pixSettings: the platform company's settings rows). */
export interface PixSettings {
  /** The PSP of the standard Pix API; null: no PSP, invoices are shown as a static BR Code. */
  psp: PspSettings | null;
  key: string;
  merchantName: string;
  merchantCity: string;
}
