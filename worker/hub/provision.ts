import { eq, sql } from "drizzle-orm";
import type { ControlDb, Db } from "../db/client";
import { companies as controlCompanies, plans as controlPlans } from "../db/controlSchema";
import { companies, plans } from "../db/tenantSchema";
import { AppError } from "../domain/errors";

/**
 * Ids are unique across the platform although each company numbers its own rows: company N's rows start above
 * (N - 1) × ID_RANGE (company 1 counts from 1). A billion rows of one table cannot fit in one company's 10 GB, so a
 * range never runs into the next; an id alone still names one company's row (logs, the session host's connection
 * ids, another company's id answering 404 rather than some other row).
 */
export const ID_RANGE = 1_000_000_000;

export function idRangeStart(companyId: number) {
  return (companyId - 1) * ID_RANGE;
}

/** A company's first request creates its database: its copy of the company and plan, and its id ranges. */
export async function provisionTenant(db: Db, control: ControlDb, companyId: number) {
  await refreshCompanyCopy(db, control, companyId);
  ensureIdRanges(db, companyId);
}

/**
 * Every AUTOINCREMENT table (a later migration may add one) starts counting at the company's range. Tables that
 * already have a sequence are left alone.
 */
export function ensureIdRanges(db: Db, companyId: number) {
  db.run(sql`
    insert into sqlite_sequence (name, seq)
    select name, ${idRangeStart(companyId)} from sqlite_master
    where type = 'table' and sql like '%AUTOINCREMENT%' and name not in ('companies', 'plans')
      and name not in (select name from sqlite_sequence)`);
}

/** The hub's copy of its company row and its plan, read again from the control database. */
export async function refreshCompanyCopy(db: Db, control: ControlDb, companyId: number) {
  const company = await control.select().from(controlCompanies).where(eq(controlCompanies.id, companyId)).get();
  if (!company) throw new AppError("ERR_NOT_FOUND", "This company does not exist.");
  const plan = company.planId ? await control.select().from(controlPlans).where(eq(controlPlans.id, company.planId)).get() : undefined;
  db.transaction((tx) => {
    if (plan) tx.insert(plans).values(plan).onConflictDoUpdate({ target: plans.id, set: plan }).run();
    tx.insert(companies).values(company).onConflictDoUpdate({ target: companies.id, set: company }).run();
    // A plan the company left is dropped from the copy (the company row no longer references it).
    tx.run(sql`delete from plans where id not in (select plan_id from companies where plan_id is not null)`);
  });
}
