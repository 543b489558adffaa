import type { TicketStatus, TicketView } from "../../../../../worker/contracts/views/ticket";
import type { Wire } from "../../../../../worker/contracts/views/wire";

/**
 * Shapes of the tickets API as the inbox reads them (worker/contracts/views/ticket.ts). Shared by the ticket list and
 * the chat panel.
 */
export type { TicketStatus };

export interface QueueRef {
  id: number;
  name: string;
  color: string;
}

export interface TagRef {
  id: number;
  name: string;
  color: string;
  kanban?: number;
}

export interface UserRef {
  id: number;
  name: string;
  profile?: string;
  online?: boolean;
}

export interface ConnectionRef {
  id: number;
  name: string;
  status: string;
  isDefault?: boolean;
  /** WhatsApp Web (a session of ours) or the official Cloud API. */
  channel?: "baileys" | "cloud";
}

export interface TicketContact {
  id: number;
  name: string;
  number: string;
  profilePicUrl?: string | null;
  isGroup: boolean;
  presence?: string | null;
}

/** A ticket as GET /api/tickets and the `ticket` websocket event carry it: the contract's view as JSON. */
export type ListTicket = Wire<TicketView>;

export interface TicketsPage {
  tickets: ListTicket[];
  /** Only on page 1 (the tab badges need it). */
  count: number | null;
  hasMore: boolean;
}

export interface ContactPick {
  id: number;
  name: string;
  number: string;
  isGroup?: boolean;
}

/** A message as the preview shows it (worker/contracts/views/message.ts). */
export interface PreviewMessage {
  id: number;
  body: string;
  fromMe: boolean;
  mediaType: string;
  isDeleted?: boolean;
  createdAt: string;
}
