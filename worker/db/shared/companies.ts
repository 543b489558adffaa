import { relations } from "drizzle-orm";
import { index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { id, timestamps } from "./columns";
import { COMPANY_RECURRENCES, type WeekdaySchedule } from "../../contracts/companies";

// The company and its plan are tables of both databases: the control database (D1) holds every company's row,
// each hub's SQLite a copy of its own (hub/provision.ts), so that rules read them locally. One definition serves
// both indexes (control/index.ts, tenant/index.ts): the two migrations were generated from it, and two copies
// could drift apart without either migration noticing. The company's relations name the hub's tables, so they
// are the tenant's (tenant/companies.ts); the control database relates invoices and announcements to it.

export type CompanyRecurrence = (typeof COMPANY_RECURRENCES)[number];

export const plans = sqliteTable("plans", {
  id: id(),
  name: text("name").notNull().unique(),
  // Limits enforced on the server.
  users: integer("users").notNull().default(0),
  connections: integer("connections").notNull().default(0),
  queues: integer("queues").notNull().default(0),
  /** Monthly price in BRL. */
  value: real("value").notNull().default(0),
  useCampaigns: integer("use_campaigns", { mode: "boolean" }).notNull().default(true),
  useSchedules: integer("use_schedules", { mode: "boolean" }).notNull().default(true),
  useInternalChat: integer("use_internal_chat", { mode: "boolean" }).notNull().default(true),
  useExternalApi: integer("use_external_api", { mode: "boolean" }).notNull().default(true),
  useKanban: integer("use_kanban", { mode: "boolean" }).notNull().default(true),
  useOpenAi: integer("use_open_ai", { mode: "boolean" }).notNull().default(true),
  useIntegrations: integer("use_integrations", { mode: "boolean" }).notNull().default(true),
  /** Spec quirk kept as is: true means the plan is NOT for internal use (it is offered publicly at signup). */
  useInternal: integer("use_internal", { mode: "boolean" }).notNull().default(true),
  ...timestamps(),
});

export const companies = sqliteTable(
  "companies",
  {
    id: id(),
    name: text("name").notNull().unique(),
    email: text("email").notNull().default(""),
    phone: text("phone").notNull().default(""),
    planId: integer("plan_id").references(() => plans.id, { onDelete: "set null" }),
    /** false = suspended: refused at login and on every request. */
    status: integer("status", { mode: "boolean" }).notNull().default(true),
    /** Calendar date 'YYYY-MM-DD' (company time zone); null = no expiry. */
    dueDate: text("due_date"),
    recurrence: text("recurrence", { enum: COMPANY_RECURRENCES }).notNull().default("MENSAL"),
    campaignsEnabled: integer("campaigns_enabled", { mode: "boolean" }).notNull().default(false),
    timezone: text("timezone").notNull().default("America/Sao_Paulo"),
    schedules: text("schedules", { mode: "json" }).$type<WeekdaySchedule[]>().notNull().default([]),
    billingName: text("billing_name"),
    addressZipCode: text("address_zip_code"),
    addressStreet: text("address_street"),
    addressState: text("address_state"),
    addressCity: text("address_city"),
    addressDistrict: text("address_district"),
    trialExpiration: integer("trial_expiration", { mode: "timestamp_ms" }),
    ...timestamps(),
  },
  (t) => [index("companies_due_date_idx").on(t.dueDate), index("companies_plan_id_idx").on(t.planId)],
);

export const plansRelations = relations(plans, ({ many }) => ({
  companies: many(companies),
}));

export type Plan = typeof plans.$inferSelect;
export type NewPlan = typeof plans.$inferInsert;
export type Company = typeof companies.$inferSelect;
export type NewCompany = typeof companies.$inferInsert;
