import { and, eq, isNotNull, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { queues } from "../../db/tenant";

export type QueueTargets = { firstResponseMinutes: number | null; resolutionMinutes: number | null };

/**
 * The company's queues that have a service-level target, kept in the hub's memory (keyed by its database, one per
 * hub instance) so that a ticket's move in a company without targets costs a map lookup. Creating, editing and
 * deleting a queue run in the same hub and call `forgetQueueTargets`; a new instance reads them afresh.
 */
const cached = new WeakMap<Db, Map<number, QueueTargets>>();

export function queuesWithTargets(db: Db, companyId: number): ReadonlyMap<number, QueueTargets> {
  let byQueue = cached.get(db);
  if (!byQueue) {
    const rows = db
      .select({ id: queues.id, firstResponseMinutes: queues.slaFirstResponseMinutes, resolutionMinutes: queues.slaResolutionMinutes })
      .from(queues)
      .where(and(eq(queues.companyId, companyId), or(isNotNull(queues.slaFirstResponseMinutes), isNotNull(queues.slaResolutionMinutes))))
      .all();
    byQueue = new Map(rows.map(({ id, ...targets }) => [id, targets]));
    cached.set(db, byQueue);
  }
  return byQueue;
}

export function forgetQueueTargets(db: Db) {
  cached.delete(db);
}
