import { z } from "zod";

/** GET /api/invoices/all: the company's invoices, newest due date first. */
export const invoiceListQuery = z.object({
  searchParam: z.string().trim().max(100).default(""),
  pageNumber: z.coerce.number().int().min(1).max(10_000).default(1),
});

/**
 * POST /api/subscription: only the invoice. Everything else of the spec's payload (plan, price, users, card…) is
 * accepted and ignored: the amount is the invoice's, computed on the server.
 */
export const subscriptionInput = z.object({
  invoiceId: z.coerce.number({ error: "Required" }).int("Must be an id").positive("Must be an id"),
});

/** The Pix API's webhook body (BCB standard): a list of received payments. Only the txids are used, to ask the PSP. */
export const pixWebhookBody = z.object({
  pix: z
    .array(z.object({ endToEndId: z.string().min(1).max(100), txid: z.string().min(1).max(35) }).passthrough())
    .max(100),
});
