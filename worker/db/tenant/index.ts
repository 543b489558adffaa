// The tenant database: every table of one company, in its CompanyHub's own SQLite (ADR 0016). `companies` and
// `plans` hold one row each, the hub's copy of its company and plan from the control database, so that rules
// (service hours, plan limits, an expired company) read them locally. drizzle-kit reads this file
// (drizzle.tenant.config.ts); new tenant tables are exported here, never from control/index.ts.
export * from "../shared/companies";
export * from "./companies";
export * from "./users";
export * from "./auth";
export * from "./whatsapp";
export * from "./sessionHost";
export * from "./connectionHealth";
export * from "./whatsappTemplates";
export * from "./queues";
export * from "./contacts";
export * from "./contactCloudIds";
export * from "./tickets";
export * from "./messages";
export * from "./insight";
export * from "./quickMessages";
export * from "./schedules";
export * from "./campaigns";
export * from "./chats";
export * from "./announcementReceipts";
export * from "./files";
export * from "./externalApi";
export * from "./publicApi";
export * from "./automation";
export * from "./audit";
export * from "./push";
export * from "./dataImports";
export * from "./companyExports";
