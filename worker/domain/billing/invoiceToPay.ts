import { and, eq, gt, isNotNull, notExists } from "drizzle-orm";
import type { ControlDb } from "../../db/client";
import { companies, invoices, plans } from "../../db/control";
import { isExpired } from "../auth/companyAccess";
import { PLATFORM_COMPANY_ID } from "../settings/platform";
import { insertInvoices } from "./openInvoices";

/**
 * An expired company always has an invoice to pay (issue 31): the hourly job opens invoices ahead of due dates, but a
 * due date moved into the past, or one overdue longer than the job's window, leaves an expired company with nothing
 * to pay while every page answers 402. Run when its admin reads the invoices (the only page an expired admin is sent
 * to): with no open invoice, the invoice for the current due date is opened on the spot, as the job would open it.
 * Two reads at once open one invoice (the job's unique company and due date). Answers whether it opened one.
 */
export async function ensureInvoiceToPay(db: ControlDb, companyId: number, now = new Date()): Promise<boolean> {
  if (companyId === PLATFORM_COMPANY_ID) return false;
  const unpaid = await db
    .select({
      companyId: companies.id,
      status: companies.status,
      dueDate: companies.dueDate,
      timezone: companies.timezone,
      recurrence: companies.recurrence,
      planId: plans.id,
      planName: plans.name,
      value: plans.value,
    })
    .from(companies)
    .innerJoin(plans, eq(plans.id, companies.planId))
    .where(
      and(
        eq(companies.id, companyId),
        isNotNull(companies.dueDate),
        // A plan worth nothing has nothing to charge.
        gt(plans.value, 0),
        notExists(db.select({ id: invoices.id }).from(invoices).where(and(eq(invoices.companyId, companyId), eq(invoices.status, "open")))),
      ),
    )
    .get();
  // A blocked company is the platform's to settle, not an invoice's.
  if (!unpaid || !unpaid.status || !isExpired(unpaid, now)) return false;
  return (await insertInvoices(db, [unpaid])) > 0;
}
