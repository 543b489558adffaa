import type { QueueSchedule } from "../../../../worker/contracts/queues";
import type { PresentedQueue, PresentedQueueOption } from "../../../../worker/domain/queues/view";

/** Shapes of the queues API (GET /api/queue and friends); dates arrive as JSON strings. */
type Json<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] };

export type QueueRow = Json<PresentedQueue>;
export type QueueOptionNode = PresentedQueueOption;
export type QueueDetail = QueueRow & { options: QueueOptionNode[] };
export type { QueueSchedule };

export interface QueuePayload {
  name: string;
  color: string;
  orderQueue: number | null;
  greetingMessage: string;
  outOfHoursMessage: string;
  schedules?: QueueSchedule[];
  integrationId?: number | null;
  promptId?: number | null;
}

/** An item of a selector list (integrations, prompts). */
export interface NamedRef {
  id: number;
  name: string;
}
