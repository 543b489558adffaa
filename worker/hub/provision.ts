import { asc, eq, sql } from "drizzle-orm";
import type { ControlDb, Db } from "../db/client";
import { companies as controlCompanies, pendingTenantRows, plans as controlPlans } from "../db/control";
import { companies, plans } from "../db/tenant";
import { AppError } from "../domain/errors";
import { ID_RANGE, idRangeStart } from "../contracts/ids";

/**
 * Ids are unique across the platform although each company numbers its own rows: company N's rows start above
 * (N - 1) × ID_RANGE (company 1 counts from 1; the id contract, contracts/ids). A billion rows of one table cannot
 * fit in one company's 10 GB, so a range never runs into the next; an id alone still names one company's row (logs,
 * the session host's connection ids, another company's id answering 404 rather than some other row).
 */
export { ID_RANGE, idRangeStart };

/**
 * A company's first request creates its database: its copy of the company and plan, its id ranges, and the rows
 * the control database holds for it (pending_tenant_rows: a deployment's first super admin).
 */
export async function provisionTenant(db: Db, control: ControlDb, companyId: number) {
  await refreshCompanyCopy(db, control, companyId);
  ensureIdRanges(db, companyId);
  await takePendingRows(db, control, companyId);
}

/** Inserts the rows waiting for this company, into tables of its own schema only, then deletes them from control. */
async function takePendingRows(db: Db, control: ControlDb, companyId: number) {
  const pending = await control.select().from(pendingTenantRows).where(eq(pendingTenantRows.companyId, companyId)).orderBy(asc(pendingTenantRows.id));
  if (pending.length === 0) return;
  const storage = (db as unknown as { $client: DurableObjectStorage }).$client;
  const tables = new Set(
    storage.sql
      .exec<{ name: string }>("select name from sqlite_master where type = 'table'")
      .toArray()
      .map((t: { name: string }) => t.name),
  );
  storage.transactionSync(() => {
    for (const { tableName, row } of pending) {
      const columns = Object.keys(row);
      if (!tables.has(tableName) || columns.some((c) => !/^[a-z_][a-z0-9_]*$/.test(c))) throw new Error(`pending row for an unknown table or column: ${tableName}`);
      storage.sql.exec(
        `insert into "${tableName}" (${columns.map((c) => `"${c}"`).join(", ")}) values (${columns.map(() => "?").join(", ")})`,
        ...columns.map((c) => row[c] as SqlStorageValue),
      );
    }
  });
  await control.delete(pendingTenantRows).where(eq(pendingTenantRows.companyId, companyId));
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
