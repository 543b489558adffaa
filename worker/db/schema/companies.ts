import { relations } from "drizzle-orm";
import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, timestamps } from "./columns";
import { COMPANY_RECURRENCES, type WeekdaySchedule } from "../../contracts/companies";
import { users } from "./users";
import { whatsapps } from "./whatsapp";
import { queues } from "./queues";
import { contacts } from "./contacts";
import { tickets, tags } from "./tickets";
import { invoices } from "./billing";

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

/**
 * Per-company key/value settings (viewclosed, viewgroups, sendGreetingAccepted, scheduleType, userRating, …).
 * Platform-wide settings (allowregister, viewregister, trial, ipixc, asaas, …) are rows of the platform
 * (super admin's) company.
 */
export const settings = sqliteTable(
  "settings",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    value: text("value").notNull().default(""),
    ...timestamps(),
  },
  (t) => [uniqueIndex("settings_company_key_uq").on(t.companyId, t.key)],
);

export const plansRelations = relations(plans, ({ many }) => ({
  companies: many(companies),
}));

export const companiesRelations = relations(companies, ({ one, many }) => ({
  plan: one(plans, { fields: [companies.planId], references: [plans.id] }),
  settings: many(settings),
  users: many(users),
  whatsapps: many(whatsapps),
  queues: many(queues),
  contacts: many(contacts),
  tickets: many(tickets),
  tags: many(tags),
  invoices: many(invoices),
}));

export const settingsRelations = relations(settings, ({ one }) => ({
  company: one(companies, { fields: [settings.companyId], references: [companies.id] }),
}));

export type Plan = typeof plans.$inferSelect;
export type NewPlan = typeof plans.$inferInsert;
export type Company = typeof companies.$inferSelect;
export type NewCompany = typeof companies.$inferInsert;
export type Setting = typeof settings.$inferSelect;
export type NewSetting = typeof settings.$inferInsert;
