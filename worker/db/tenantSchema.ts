// The tenant database: every table of one company, in its CompanyHub's own SQLite (ADR 0016). `companies` and
// `plans` hold one row each, the hub's copy of its company and plan from the control database, so that rules
// (service hours, plan limits, an expired company) read them locally. drizzle-kit reads this file
// (drizzle.tenant.config.ts); new tenant tables are exported here, never from controlSchema.ts.
export {
  plans,
  companies,
  settings,
  plansRelations,
  companiesRelations,
  settingsRelations,
} from "./schema/companies";
export * from "./schema/users";
export { userSessions } from "./schema/auth";
export * from "./schema/whatsapp";
export { whatsappSessionKeys } from "./schema/sessionHost";
export * from "./schema/queues";
export * from "./schema/contacts";
export * from "./schema/tickets";
export * from "./schema/messages";
export * from "./schema/insight";
export * from "./schema/quickMessages";
export * from "./schema/schedules";
export * from "./schema/campaigns";
export * from "./schema/chats";
export * from "./schema/announcementReceipts";
export * from "./schema/files";
export * from "./schema/externalApi";
