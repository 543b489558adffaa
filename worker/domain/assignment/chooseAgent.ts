import type { AssigningQueue } from "./assigningQueues";
import { hasRoom, type Agent } from "./availableAgents";

/**
 * Who of a queue's members (ids in a stable order) gets its next ticket, or null when nobody has room.
 * Round-robin: the first member with room after the one given the queue's last ticket, wrapping round.
 * Least busy: the fewest open tickets; a tie goes to the one who has waited longest since their last assignment.
 */
export function chooseAgent(queue: AssigningQueue, memberIds: readonly number[], agents: ReadonlyMap<number, Agent>): Agent | null {
  const free = memberIds.map((id) => agents.get(id)!).filter(hasRoom);
  if (free.length === 0) return null;
  if (queue.mode === "roundRobin") {
    const last = queue.lastAssignedUserId;
    return (last !== null && free.find((a) => a.id > last)) || free[0]!;
  }
  return free.reduce((best, a) => (a.open < best.open || (a.open === best.open && a.lastAssignedAt < best.lastAssignedAt) ? a : best));
}
