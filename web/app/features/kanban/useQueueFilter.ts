import { can } from "../../../../worker/contracts/permissions";
import type { SessionUser } from "../../lib/session-user";
import { useQueueSelection } from "../tickets/list/queueSelection";

/**
 * The board's queue filter, remembered per user apart from the inbox's: the user's own queues (spec 002), or for
 * admins (kanban:allQueues) every queue of the company. `selection` null is all of them.
 */
export function useQueueFilter(user: SessionUser) {
  const everyQueue = can(user, "kanban:allQueues");
  const queues = useQueueSelection(user, everyQueue, "kanban");
  return {
    options: queues.options,
    selection: queues.selection,
    ready: queues.ready,
    /** The user's own queues when the board is limited to them; null for admins. */
    ownQueues: everyQueue ? null : user.queues.map((q) => q.id),
    toggle: queues.toggle,
    clear: queues.selectAll,
  };
}
