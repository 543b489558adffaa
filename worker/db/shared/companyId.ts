import { integer } from "drizzle-orm/sqlite-core";
import { companies } from "./companies";

/** The tenant column every company-scoped table carries: `company_id not null → companies.id on delete cascade`. */
export const companyId = () =>
  integer("company_id")
    .notNull()
    .references(() => companies.id, { onDelete: "cascade" });
