import type { Db } from "../../db/client";
import { tickets } from "../../db/tenant";
import { assigningQueues } from "./assigningQueues";
import { waitingIn } from "./assignWaitingTickets";
import { availableAgents, hasRoom } from "./availableAgents";

/**
 * Whether a queue with assignment has a waiting ticket and a member with room: the hub's due work then runs a pass
 * (hub/dueWork.ts), the safety net under the passes events queue (lost with a hub evicted before their turn).
 */
export function hasAssignableWork(db: Db, companyId: number): boolean {
  const modes = assigningQueues(db, companyId);
  if (modes.size === 0) return false;
  const waiting = [...modes.keys()].filter((queueId) => db.select({ id: tickets.id }).from(tickets).where(waitingIn(companyId, queueId)).limit(1).get());
  if (waiting.length === 0) return false;
  const { agents, members } = availableAgents(db, companyId, waiting);
  return waiting.some((queueId) => (members.get(queueId) ?? []).some((id) => hasRoom(agents.get(id)!)));
}
