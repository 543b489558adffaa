import type { OptionConsent } from "../consent";
import type { WeekdaySchedule } from "../companies";
import type { AssignmentMode } from "../queues";

/** A queue as the API answers it (domain/queues/view.ts): mediaPath is the URL of the attachment, never its key. */
export type PresentedQueue = {
  id: number;
  name: string;
  color: string;
  orderQueue: number | null;
  greetingMessage: string;
  outOfHoursMessage: string;
  schedules: WeekdaySchedule[];
  integrationId: number | null;
  promptId: number | null;
  mediaPath: string | null;
  mediaName: string | null;
  /** Automatic assignment of its waiting tickets (issue 26). */
  assignmentMode: AssignmentMode;
  /** Service-level targets in minutes of service time (issue 26 §4); null: none. */
  slaFirstResponseMinutes: number | null;
  slaResolutionMinutes: number | null;
  createdAt: Date;
  updatedAt: Date;
};

/** One option of a queue's chatbot menu, with its sub-options. */
export type PresentedQueueOption = {
  id: number;
  queueId: number;
  parentId: number | null;
  option: string;
  title: string;
  message: string;
  mediaPath: string | null;
  mediaName: string | null;
  /** The file list sent before the message (ADR 0039). */
  fileListId: number | null;
  /** Picking it records the contact's marketing consent (issue 28); null: nothing. */
  marketingConsent: OptionConsent | null;
  children: PresentedQueueOption[];
};

/** A queue with its options as a tree (the queue's page and its events). */
export type QueueView = PresentedQueue & { options: PresentedQueueOption[] };
