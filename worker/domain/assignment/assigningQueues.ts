import { and, eq, ne } from "drizzle-orm";
import type { AssignmentMode } from "../../contracts/queues";
import { queues } from "../../db/tenant";
import { hubMemory } from "../shared/hubMemory";

export type AssigningQueue = { mode: Exclude<AssignmentMode, "off">; lastAssignedUserId: number | null };

/**
 * The company's queues whose waiting tickets are assigned automatically (hub memory: shared/hubMemory.ts), so that a
 * ticket's move in a company without assignment costs a map lookup; the queue verbs forget it. The round-robin's last
 * agent is read from the row when assigning, never from here.
 */
const memory = hubMemory((db, companyId): ReadonlyMap<number, AssigningQueue["mode"]> => {
  const rows = db
    .select({ id: queues.id, mode: queues.assignmentMode })
    .from(queues)
    .where(and(eq(queues.companyId, companyId), ne(queues.assignmentMode, "off")))
    .all();
  return new Map(rows.map((r) => [r.id, r.mode as AssigningQueue["mode"]]));
});

export const assigningQueues = memory.get;
export const forgetAssigningQueues = memory.forget;
