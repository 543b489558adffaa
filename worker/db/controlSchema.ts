// The control database (D1): what is platform-wide, and the indexes that route a request to its company's hub
// (ADR 0016). drizzle-kit reads this file (drizzle.config.ts, migrations/). A table that belongs to one company
// goes in tenantSchema.ts instead.
export { plans, companies, plansRelations } from "./schema/companies";
export { invoices, helps, invoicesRelations, pixPayments } from "./schema/billing";
export { announcements, announcementsRelations, announcementCompanies, announcementDeliveries } from "./schema/announcements";
export { passwordResets, rateLimits } from "./schema/auth";
export { sessionLeases } from "./schema/sessionHost";
export * from "./schema/routing";
export { platformLogos } from "./schema/platform";
