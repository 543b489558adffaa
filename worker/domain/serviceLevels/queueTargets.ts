import { and, eq, isNotNull, or } from "drizzle-orm";
import { queues } from "../../db/tenant";
import { hubMemory } from "../shared/hubMemory";

export type QueueTargets = { firstResponseMinutes: number | null; resolutionMinutes: number | null };

/**
 * The company's queues that have a service-level target (hub memory: shared/hubMemory.ts), so that a ticket's move in
 * a company without targets costs a map lookup; creating, editing and deleting a queue forget it.
 */
const memory = hubMemory((db, companyId): ReadonlyMap<number, QueueTargets> => {
  const rows = db
    .select({ id: queues.id, firstResponseMinutes: queues.slaFirstResponseMinutes, resolutionMinutes: queues.slaResolutionMinutes })
    .from(queues)
    .where(and(eq(queues.companyId, companyId), or(isNotNull(queues.slaFirstResponseMinutes), isNotNull(queues.slaResolutionMinutes))))
    .all();
  return new Map(rows.map(({ id, ...targets }) => [id, targets]));
});

export const queuesWithTargets = memory.get;
export const forgetQueueTargets = memory.forget;
