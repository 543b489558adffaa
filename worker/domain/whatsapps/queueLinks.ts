import { and, eq, ne, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../db/client";
import { whatsappQueues, whatsapps } from "../../db/tenant";

/** The statements that link a connection to its queues (`whatsappId` may be a subquery inside a batch). */
export function queueLinkInserts(db: Db, whatsappId: number | SQL<number>, queueIds: number[]): BatchItem<"sqlite">[] {
  const inserts: BatchItem<"sqlite">[] = [];
  // D1 binds at most 100 parameters per statement; each link row takes three.
  for (let i = 0; i < queueIds.length; i += 30) {
    inserts.push(db.insert(whatsappQueues).values(queueIds.slice(i, i + 30).map((queueId) => ({ whatsappId, queueId }))));
  }
  return inserts;
}

/** The statement that clears every default of the company but `exceptId` (one default per company). */
export function unsetOtherDefaults(db: Db, companyId: number, exceptId?: number) {
  const others = exceptId === undefined ? eq(whatsapps.isDefault, true) : and(eq(whatsapps.isDefault, true), ne(whatsapps.id, exceptId));
  return db.update(whatsapps).set({ isDefault: false }).where(and(eq(whatsapps.companyId, companyId), others));
}
