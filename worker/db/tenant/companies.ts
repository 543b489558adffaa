import { relations } from "drizzle-orm";
import { integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, timestamps } from "../shared/columns";
import { users } from "./users";
import { whatsapps } from "./whatsapp";
import { queues } from "./queues";
import { contacts } from "./contacts";
import { tickets, tags } from "./tickets";
import { plans, companies } from "../shared/companies";

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

// The shared company's relations: they name the hub's tables, so they are the tenant's (shared/companies.ts).
export const companiesRelations = relations(companies, ({ one, many }) => ({
  plan: one(plans, { fields: [companies.planId], references: [plans.id] }),
  settings: many(settings),
  users: many(users),
  whatsapps: many(whatsapps),
  queues: many(queues),
  contacts: many(contacts),
  tickets: many(tickets),
  tags: many(tags),
}));

export const settingsRelations = relations(settings, ({ one }) => ({
  company: one(companies, { fields: [settings.companyId], references: [companies.id] }),
}));

export type Setting = typeof settings.$inferSelect;
export type NewSetting = typeof settings.$inferInsert;
