import { useWholeList } from "../../components/list";
import { useRealtimeEvent } from "../../lib/realtime";
import { listQueues } from "./api";
import { byQueueOrder } from "./order";
import type { QueueRow } from "./types";

/** The company's queues (one unpaged list, as GET /queue answers), kept current by `queue` events. */
export function useQueueList() {
  const list = useWholeList<QueueRow>(listQueues, { sort: byQueueOrder });
  useRealtimeEvent("queue", (event) => {
    if (event.action === "delete") list.remove(event.queueId);
    else list.upsert(toRow(event.queue));
  });
  return list;
}

/** An event's queue as a table row (events carry the whole queue; the options tree is not kept here). */
function toRow(queue: QueueRow & { options: unknown }): QueueRow {
  const { options: _options, ...row } = queue;
  return row;
}
