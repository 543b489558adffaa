import type { ContactPresence, ContactView } from "./contact";
import type { TicketPriority } from "../automation/actions";

export type { ContactPresence };
export type TicketStatus = "open" | "pending" | "closed";
export type ConnectionStatus = "CONNECTED" | "qrcode" | "PAIRING" | "DISCONNECTED" | "TIMEOUT" | "OPENING";

/**
 * The ticket as lists, the chat header and realtime events show it (spec 000 section 3): its row with its contact,
 * agent, queue, connection and tags (domain/tickets/presentTicket.ts builds it).
 */
export type TicketView = {
  id: number;
  companyId: number;
  uuid: string;
  status: TicketStatus;
  contactId: number;
  userId: number | null;
  queueId: number | null;
  whatsappId: number | null;
  integrationId: number | null;
  promptId: number | null;
  isGroup: boolean;
  lastMessage: string;
  /** When the contact last wrote; on a Cloud API connection free text may be sent for 24 hours after it (ADR 0050). */
  customerWroteAt: Date | null;
  unreadMessages: number;
  chatbot: boolean;
  queueOptionId: number | null;
  amountUsedBotQueues: number;
  useIntegration: boolean;
  typebotSessionId: string | null;
  typebotStatus: boolean;
  /** The last message was sent by us. */
  fromMe: boolean;
  outreach: boolean;
  kanbanLaneAt: Date | null;
  /** Set by agents, macros and automation rules (issue 26). */
  priority: TicketPriority;
  /**
   * Service levels (issue 26 §4): when the clock started, each target's due time (null: the queue has none), when
   * the first agent's reply came and when the ticket closed with its clock running, and when a target was breached.
   */
  slaStartedAt: Date | null;
  firstResponseDueAt: Date | null;
  resolutionDueAt: Date | null;
  firstRespondedAt: Date | null;
  resolvedAt: Date | null;
  firstResponseBreachedAt: Date | null;
  resolutionBreachedAt: Date | null;
  slaNextDueAt: Date | null;
  /** The delivery state (0–5) of the last message when we sent it; null when the contact did. */
  lastMessageAck: number | null;
  createdAt: Date;
  updatedAt: Date;
  /** The contact's presence, also at the top level (the list's "typing…"). */
  presence: ContactPresence;
  contact: Pick<ContactView, "id" | "name" | "number" | "email" | "profilePicUrl" | "isGroup" | "disableBot" | "presence" | "undeliverableAt">;
  user: { id: number; name: string } | null;
  queue: { id: number; name: string; color: string } | null;
  whatsapp: { id: number; name: string; status: ConnectionStatus; channel: "baileys" | "cloud" } | null;
  tags: { id: number; name: string; color: string; kanban: number }[];
};

/**
 * A ticket moved in bulk (close all, a user's tickets released): the `ticket` update event carries only what changed
 * and what decides who sees it; a page merges it into the ticket it holds.
 */
export type TicketMoved = Pick<TicketView, "id" | "uuid" | "status" | "userId" | "queueId" | "isGroup" | "unreadMessages" | "updatedAt">;
