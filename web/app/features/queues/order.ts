import type { QueueRow } from "./types";

/** The server's order (GET /queue): orderQueue, unordered ones last, then name. */
export function byQueueOrder(a: Pick<QueueRow, "orderQueue" | "name">, b: Pick<QueueRow, "orderQueue" | "name">): number {
  if (a.orderQueue !== b.orderQueue) {
    if (a.orderQueue === null) return 1;
    if (b.orderQueue === null) return -1;
    return a.orderQueue - b.orderQueue;
  }
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}
