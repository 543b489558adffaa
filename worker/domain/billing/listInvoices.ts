import { and, desc, eq, like, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type { invoiceListQuery } from "../../contracts/billing";
import { invoices } from "../../db/control";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { ensureInvoiceToPay } from "./invoiceToPay";

const PAGE = 20;

/** Invoices are an admin's (or a platform admin's) business. */
export function assertBillingAccess(ctx: Ctx) {
  if (ctx.user.profile !== "admin" && !ctx.user.super) throw new AppError("ERR_NO_PERMISSION");
}

export function invoiceView(row: typeof invoices.$inferSelect) {
  return {
    id: row.id,
    detail: row.detail,
    value: row.value,
    dueDate: row.dueDate,
    status: row.status,
    paidAt: row.paidAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * GET /api/invoices/all: the caller's company's invoices (never another's), newest due date first, paged. An expired
 * company's list always holds an invoice to pay (ensureInvoiceToPay), read where its admin is sent to pay.
 */
export async function listInvoices({ ctx, input }: { ctx: Ctx; input: z.infer<typeof invoiceListQuery> }) {
  assertBillingAccess(ctx);
  if (input.pageNumber === 1) await ensureInvoiceToPay(ctx.control, ctx.companyId);
  const search = input.searchParam ? `%${input.searchParam.replace(/[%_]/g, "")}%` : null;
  const rows = await ctx.control
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.companyId, ctx.companyId),
        search ? or(like(invoices.detail, search), like(invoices.dueDate, search), like(sql`CAST(${invoices.id} AS TEXT)`, search)) : undefined,
      ),
    )
    .orderBy(desc(invoices.dueDate), desc(invoices.id))
    .limit(PAGE + 1)
    .offset((input.pageNumber - 1) * PAGE);
  return { invoices: rows.slice(0, PAGE).map(invoiceView), hasMore: rows.length > PAGE };
}
