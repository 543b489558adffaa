// The control database (D1): what is platform-wide, and the indexes that route a request to its company's hub
// (ADR 0016). drizzle-kit reads this file (drizzle.config.ts, migrations/). A table that belongs to one company
// goes in tenant/index.ts instead.
export * from "../shared/companies";
export * from "./billing";
export * from "./announcements";
export * from "./auth";
export * from "./sessionHost";
export * from "./routing";
export * from "./platform";
export * from "./audit";
