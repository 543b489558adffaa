import { and, eq, ne } from "drizzle-orm";
import type { AssignmentMode } from "../../contracts/queues";
import type { Db } from "../../db/client";
import { queues } from "../../db/tenant";

export type AssigningQueue = { mode: Exclude<AssignmentMode, "off">; lastAssignedUserId: number | null };

/**
 * The company's queues whose waiting tickets are assigned automatically, kept in the hub's memory (keyed by its
 * database, one per hub instance) so that a ticket's move in a company without assignment costs a map lookup. Every
 * change of a queue (made, edited, deleted) runs in the same hub and forgets the copy; a new instance reads it afresh.
 * The round-robin's last agent is read from the row when assigning, never from here.
 */
const cached = new WeakMap<Db, ReadonlyMap<number, AssigningQueue["mode"]>>();

export function assigningQueues(db: Db, companyId: number): ReadonlyMap<number, AssigningQueue["mode"]> {
  let modes = cached.get(db);
  if (!modes) {
    const rows = db
      .select({ id: queues.id, mode: queues.assignmentMode })
      .from(queues)
      .where(and(eq(queues.companyId, companyId), ne(queues.assignmentMode, "off")))
      .all();
    modes = new Map(rows.map((r) => [r.id, r.mode as AssigningQueue["mode"]]));
    cached.set(db, modes);
  }
  return modes;
}

export function forgetAssigningQueues(db: Db) {
  cached.delete(db);
}
