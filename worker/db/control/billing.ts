import { relations } from "drizzle-orm";
import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, timestamps } from "../shared/columns";
import { companyId } from "../shared/companyId";
import { companies, plans } from "../shared/companies";

export const INVOICE_STATUSES = ["open", "paid", "cancelled"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/**
 * Monthly invoices paid by Pix. Unique (companyId, dueDate) keeps the invoice cron idempotent.
 * "Vencido" (overdue) is derived: status open and dueDate before today.
 */
export const invoices = sqliteTable(
  "invoices",
  {
    id: id(),
    companyId: companyId(),
    /** Plan billed; prices are always taken from the server's plan, never from the client. */
    planId: integer("plan_id").references(() => plans.id, { onDelete: "set null" }),
    detail: text("detail").notNull().default(""),
    status: text("status", { enum: INVOICE_STATUSES }).notNull().default("open"),
    /** BRL. */
    value: real("value").notNull(),
    /** Calendar date 'YYYY-MM-DD'. */
    dueDate: text("due_date").notNull(),
    /** Pix charge id at the payment provider; set when a charge is created. */
    txId: text("tx_id").unique(),
    /** Pix "copia e cola" payload (rendered as the QR code). */
    pixCopyPaste: text("pix_copy_paste"),
    /** When the Pix charge expires. */
    pixExpiresAt: integer("pix_expires_at", { mode: "timestamp_ms" }),
    paidAt: integer("paid_at", { mode: "timestamp_ms" }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("invoices_company_due_date_uq").on(t.companyId, t.dueDate),
    index("invoices_status_due_date_idx").on(t.status, t.dueDate),
  ],
);

/**
 * Pix payments applied to invoices, by the payment's endToEndId (unique across the Pix system): the webhook applies
 * each once, whatever it is told how often (ADR 0026).
 */
export const pixPayments = sqliteTable(
  "pix_payments",
  {
    endToEndId: text("end_to_end_id").primaryKey(),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    txId: text("tx_id").notNull(),
    amount: real("amount").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().$defaultFn(() => new Date()),
  },
  (t) => [index("pix_payments_invoice_idx").on(t.invoiceId)],
);

/** Help videos. Global (platform-wide, managed by super users): no companyId. */
export const helps = sqliteTable("helps", {
  id: id(),
  title: text("title").notNull(),
  description: text("description").notNull().default(""),
  /** Video id on the video platform (e.g. a YouTube id). */
  video: text("video").notNull().default(""),
  ...timestamps(),
});

export const invoicesRelations = relations(invoices, ({ one }) => ({
  company: one(companies, { fields: [invoices.companyId], references: [companies.id] }),
  plan: one(plans, { fields: [invoices.planId], references: [plans.id] }),
}));

export type Invoice = typeof invoices.$inferSelect;
export type NewInvoice = typeof invoices.$inferInsert;
export type Help = typeof helps.$inferSelect;
export type NewHelp = typeof helps.$inferInsert;
