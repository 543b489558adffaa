import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import { drizzle as drizzleD1, type DrizzleD1Database } from "drizzle-orm/d1";
import { drizzle as drizzleDurable, type DrizzleSqliteDODatabase } from "drizzle-orm/durable-sqlite";
import { migrate } from "drizzle-orm/durable-sqlite/migrator";
import * as controlSchema from "./control";
import * as tenantSchema from "./tenant";
import type { TenantOnly } from "./tenantOnly";

/**
 * Runs every statement in one synchronous transaction of the hub's SQLite: all of them or none (a throw rolls
 * back), and no other request runs in between. Results come back in order, shaped as each statement awaited alone.
 */
type Batch = <U extends BatchItem<"sqlite">, T extends Readonly<[U, ...U[]]>>(items: T) => Promise<BatchResponse<T>>;

/**
 * A company's own database: its CompanyHub's SQLite (ADR 0016). Domain verbs get it as `ctx.db`; its queries accept
 * tenant tables only (tenantOnly.ts), so a control table is reached through `ctx.control` or not at all.
 */
export type Db = TenantOnly & { batch: Batch };

/** The platform's control database (D1): companies, plans, billing, and the indexes that route to a company. */
export type ControlDb = DrizzleD1Database<typeof controlSchema>;

/** A statement as drizzle's sync session runs it: relational queries have `sync()`, builders a prepared form. */
interface SyncRunnable {
  sync?: () => unknown;
  _prepare(): { execute(): { sync(): unknown } };
}

function runNow(item: unknown): unknown {
  const runnable = item as SyncRunnable;
  return typeof runnable.sync === "function" ? runnable.sync() : runnable._prepare().execute().sync();
}

/**
 * Runs statements at once, in the caller's synchronous transaction (ctx.db.transaction): for work that must decide
 * and write with no await between (a plan limit's count and its insert). Results as `batch` gives them.
 */
export function runStatements(items: readonly BatchItem<"sqlite">[]): unknown[] {
  return items.map(runNow);
}

export function createTenantDb(storage: DurableObjectStorage): Db {
  const db = drizzleDurable(storage, { schema: tenantSchema });
  // Still synchronous (the executor runs at once), but a failed statement rejects the promise instead of throwing.
  const batch = ((items: readonly unknown[]) =>
    new Promise((resolve) => resolve(storage.transactionSync(() => items.map(runNow))))) as unknown as Batch;
  return Object.assign(db, { batch });
}

/** Brings the hub's database up to the bundled migrations (drizzle's migrator takes the client behind `Db`). */
export function migrateTenantDb(db: Db, migrations: Parameters<typeof migrate>[1]): Promise<void> {
  return migrate(db as unknown as DrizzleSqliteDODatabase<typeof tenantSchema>, migrations);
}

// Building a client (with its relational schema) costs a fraction of a millisecond; the binding object lives as
// long as the isolate, so one client per binding serves every request it handles.
const controlClients = new WeakMap<D1Database, ControlDb>();

export function createControlDb(d1: D1Database): ControlDb {
  let db = controlClients.get(d1);
  if (!db) {
    db = drizzleD1(d1, { schema: controlSchema });
    controlClients.set(d1, db);
  }
  return db;
}
