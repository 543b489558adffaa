/** A ticket's states: waiting for an agent, being answered, resolved. */
export const TICKET_STATUSES = ["open", "pending", "closed"] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** What decides whether someone may see a ticket (domain/tickets/visibility); enough of a user, nothing more. */
export interface TicketViewer {
  userId: number;
  profile: "admin" | "supervisor" | "user";
  allTicket: "enabled" | "disabled";
  queueIds: number[];
}

/** Enough of a ticket to decide who may see it, as realtime events carry it. */
export interface TicketScope {
  status: TicketStatus;
  userId: number | null;
  queueId: number | null;
  isGroup: boolean;
}

/** Company settings that widen what non-admins see. */
export interface VisibilitySettings {
  viewgroups: boolean;
  viewclosed: boolean;
}
