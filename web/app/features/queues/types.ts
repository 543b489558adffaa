import type { AssignmentMode, QueueSchedule } from "../../../../worker/contracts/queues";
import type { PresentedQueue, PresentedQueueOption } from "../../../../worker/contracts/views/queue";
import type { Wire } from "../../../../worker/contracts/views/wire";

/** Shapes of the queues API (GET /api/queue and friends): the contract's views as JSON. */
export type QueueRow = Wire<PresentedQueue>;
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
  assignmentMode?: AssignmentMode;
  slaFirstResponseMinutes?: number | null;
  slaResolutionMinutes?: number | null;
}

/** An item of a selector list (integrations, prompts). */
export interface NamedRef {
  id: number;
  name: string;
}
