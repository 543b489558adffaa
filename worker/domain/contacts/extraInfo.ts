import type { BatchItem } from "drizzle-orm/batch";
import type { SQL } from "drizzle-orm";
import { contactCustomFields } from "../../db/tenant";
import type { Ctx } from "../context";

/**
 * Inserts of a contact's extraInfo, chunked: D1 binds at most 100 parameters per statement and each row takes
 * at most seven (the contact id may be a two-parameter subquery when the contact is inserted in the same batch).
 */
export function insertExtraInfo(ctx: Ctx, contactId: number | SQL<number>, items: { name: string; value: string }[]): BatchItem<"sqlite">[] {
  const now = new Date();
  const rows = items.map((item) => ({ companyId: ctx.companyId, contactId, name: item.name, value: item.value, createdAt: now, updatedAt: now }));
  const writes: BatchItem<"sqlite">[] = [];
  for (let i = 0; i < rows.length; i += 14) writes.push(ctx.db.insert(contactCustomFields).values(rows.slice(i, i + 14)));
  return writes;
}
