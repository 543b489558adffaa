import type { Db } from "../../db/client";

/**
 * A read of the company's own database kept in its hub's memory (keyed by the database: one copy per hub instance)
 * until `forget`, so that asking it on every ticket move or message of a company without any of it costs a map
 * lookup. Every change of what it reads runs in the same hub and forgets the copy; a new instance reads it afresh.
 */
export function hubMemory<T>(read: (db: Db, companyId: number) => T) {
  const cached = new WeakMap<Db, T>();
  return {
    get(db: Db, companyId: number): T {
      if (cached.has(db)) return cached.get(db)!;
      const value = read(db, companyId);
      cached.set(db, value);
      return value;
    },
    forget(db: Db): void {
      cached.delete(db);
    },
  };
}
