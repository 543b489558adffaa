import { useCallback, useEffect, useState } from "react";
import { toastError } from "../../lib/errors";
import { useRealtimeEvent } from "../../lib/realtime";
import { listQueues } from "./api";
import { byQueueOrder } from "./order";
import type { QueueRow } from "./types";

/** The company's queues (one unpaged list, as GET /queue answers), kept current by `queue` events. */
export function useQueueList() {
  const [items, setItems] = useState<QueueRow[]>([]);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    let live = true;
    listQueues()
      .then((rows) => live && setItems([...rows].sort(byQueueOrder)))
      .catch((err) => live && toastError(err))
      .finally(() => live && setLoaded(true));
    return () => {
      live = false;
    };
  }, []);

  const upsert = useCallback((queue: QueueRow) => {
    setItems((prev) => {
      const rest = prev.filter((q) => q.id !== queue.id);
      const existing = prev.find((q) => q.id === queue.id);
      return [...rest, { ...existing, ...queue }].sort(byQueueOrder);
    });
  }, []);
  const remove = useCallback((id: number) => setItems((prev) => prev.filter((q) => q.id !== id)), []);

  useRealtimeEvent("queue", (event) => {
    if (event.action === "delete") remove(event.queueId);
    else upsert(toRow(event.queue));
  });

  return { items, loaded, upsert, remove };
}

/** An event's queue as a table row (events carry the whole queue; the options tree is not kept here). */
function toRow(queue: Record<string, unknown>): QueueRow {
  const { options: _options, ...row } = queue;
  return row as unknown as QueueRow;
}
