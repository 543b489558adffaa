import { and, eq, gte, gt, isNotNull, lte, ne } from "drizzle-orm";
import { createControlDb, type ControlDb } from "../../db/client";
import { companies, invoices, plans } from "../../db/control";
import { todayIn } from "../auth/companyAccess";
import { invoiceAmount } from "./recurrence";
import { PLATFORM_COMPANY_ID } from "../settings/platform";
import type { Env } from "../../env";
import { addDaysToDate } from "../../lib/time";

/** How far ahead of its due date a company's next invoice opens. */
export const INVOICE_LEAD_DAYS = 10;
/** Companies overdue longer than this get no new invoice (their last one stays open to pay). */
const OVERDUE_WINDOW_DAYS = 60;
const CHUNK = 12;

/**
 * Opens the next invoice of every company whose due date is within INVOICE_LEAD_DAYS (found by the due-date index),
 * with the amount of its plan and recurrence. Each (company, due date) has one invoice (a unique index), so running
 * it again, or twice at once, opens nothing more. Runs from the cron once an hour (the work is idempotent, so a missed
 * run costs an hour, not a day).
 */
export function openDueInvoices(env: Pick<Env, "DB">, now = new Date()): Promise<{ opened: number }> {
  return openInvoicesIn(createControlDb(env.DB), now);
}

/** The same, in a given control database, for every company or one (a new signup's first invoice). */
export async function openInvoicesIn(db: ControlDb, now = new Date(), onlyCompanyId?: number): Promise<{ opened: number }> {
  const today = todayIn("America/Sao_Paulo", now);
  const due = await db
    .select({ companyId: companies.id, dueDate: companies.dueDate, recurrence: companies.recurrence, planId: plans.id, planName: plans.name, value: plans.value })
    .from(companies)
    .innerJoin(plans, eq(plans.id, companies.planId))
    .where(
      and(
        isNotNull(companies.dueDate),
        gte(companies.dueDate, addDaysToDate(today, -OVERDUE_WINDOW_DAYS)),
        lte(companies.dueDate, addDaysToDate(today, INVOICE_LEAD_DAYS)),
        ne(companies.id, PLATFORM_COMPANY_ID),
        onlyCompanyId ? eq(companies.id, onlyCompanyId) : undefined,
        gt(plans.value, 0),
      ),
    )
    .all();
  let opened = 0;
  for (let i = 0; i < due.length; i += CHUNK) opened += await insertInvoices(db, due.slice(i, i + CHUNK));
  return { opened };
}

/** What an invoice is made from: the company's due date and recurrence, and its plan. */
export interface InvoiceSource {
  companyId: number;
  dueDate: string | null;
  recurrence: (typeof companies.$inferSelect)["recurrence"];
  planId: number;
  planName: string;
  value: number;
}

/**
 * Opens each company's invoice for its due date, at its plan's value times its recurrence. The unique
 * (company, due date) index makes it idempotent, even when run twice at once: answers how many it opened.
 */
export async function insertInvoices(db: ControlDb, sources: InvoiceSource[]): Promise<number> {
  const rows = sources
    .filter((c) => c.dueDate)
    .map((c) => ({
      companyId: c.companyId,
      planId: c.planId,
      detail: `${c.planName} (${c.recurrence})`,
      value: invoiceAmount(c.value, c.recurrence),
      dueDate: c.dueDate!,
      status: "open" as const,
    }));
  if (rows.length === 0) return 0;
  const inserted = await db.insert(invoices).values(rows).onConflictDoNothing().returning({ id: invoices.id });
  return inserted.length;
}

