import type { ExtractTablesWithRelations, SQL, Subquery } from "drizzle-orm";
import type { DrizzleSqliteDODatabase } from "drizzle-orm/durable-sqlite";
import type { GetSelectTableName, GetSelectTableSelection } from "drizzle-orm/query-builders/select.types";
import type {
  CreateSQLiteSelectFromBuilderMode,
  SelectedFields,
  SQLiteDeleteBase,
  SQLiteInsertBuilder,
  SQLiteTable,
  SQLiteTransaction,
  SQLiteTransactionConfig,
  SQLiteUpdateBuilder,
} from "drizzle-orm/sqlite-core";
import type { SQLiteViewBase } from "drizzle-orm/sqlite-core/view-base";
import type * as tenantSchema from "./tenant";

/**
 * The company's own database as domain verbs see it (`ctx.db`): drizzle's client, with insert, update, delete,
 * select … from and count accepting only the tables of the tenant index. A control table (login_emails, invoices,
 * session_leases…) exists in D1 only, so a query of it through the hub's SQLite would fail at run time with "no such
 * table"; here it fails at typecheck instead. `companies` and `plans` are accepted: the hub holds its copy of both.
 * Joins, raw SQL (run/all/get/values) and subqueries are not narrowed; relational queries (`ctx.db.query`) know
 * only the tenant schema already. CTEs (`with`) are left out until a verb needs one.
 */
export type TenantTable = Extract<(typeof tenantSchema)[keyof typeof tenantSchema], SQLiteTable>;

type Full = DrizzleSqliteDODatabase<typeof tenantSchema>;
type Kind = "sync";
type RunResult = Full extends { run(query: never): infer R } ? R : never;
type Source = TenantTable | Subquery | SQLiteViewBase | SQL;
type Narrowed = "select" | "selectDistinct" | "insert" | "update" | "delete" | "$count" | "transaction" | "with" | "$with";

interface TenantSelectBuilder<Selection extends SelectedFields | undefined> {
  from<From extends Source>(
    source: From,
  ): CreateSQLiteSelectFromBuilderMode<
    "db",
    GetSelectTableName<From>,
    Kind,
    RunResult,
    Selection extends undefined ? GetSelectTableSelection<From> : Selection,
    Selection extends undefined ? "single" : "partial"
  >;
}

interface TenantQueries {
  select(): TenantSelectBuilder<undefined>;
  select<Selection extends SelectedFields>(fields: Selection): TenantSelectBuilder<Selection>;
  selectDistinct(): TenantSelectBuilder<undefined>;
  selectDistinct<Selection extends SelectedFields>(fields: Selection): TenantSelectBuilder<Selection>;
  insert<Table extends TenantTable>(into: Table): SQLiteInsertBuilder<Table, Kind, RunResult>;
  update<Table extends TenantTable>(table: Table): SQLiteUpdateBuilder<Table, Kind, RunResult>;
  delete<Table extends TenantTable>(from: Table): SQLiteDeleteBase<Table, Kind, RunResult>;
  $count(source: TenantTable | SQLiteViewBase | SQL, filters?: SQL): ReturnType<Full["$count"]>;
  transaction<T>(run: (tx: TenantTransaction) => T, config?: SQLiteTransactionConfig): T;
}

type Transaction = SQLiteTransaction<Kind, RunResult, typeof tenantSchema, ExtractTablesWithRelations<typeof tenantSchema>>;

/** `ctx.db.transaction((tx) => …)`'s tx, narrowed the same way. */
export type TenantTransaction = Omit<Transaction, Narrowed> & TenantQueries;

/** The hub's drizzle client, narrowed to tenant tables. */
export type TenantOnly = Omit<Full, Narrowed> & TenantQueries;
