import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

/** SQLite's plan for a query, its steps joined ("SEARCH tickets USING INDEX …; USE TEMP B-TREE FOR ORDER BY"). */
export async function planOf(db: Db, { sql: text, params }: { sql: string; params: unknown[] }) {
  const plan = await db.all<{ detail: string }>(sql.raw(`explain query plan ${text.replace(/\?/g, () => JSON.stringify(params.shift()))}`));
  return plan.map((row) => row.detail).join("; ");
}
