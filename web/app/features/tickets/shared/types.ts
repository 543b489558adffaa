/**
 * Shapes of the tickets API as the inbox reads them (worker/domain/tickets/presentTicket: `PresentedTicket`).
 * Shared by the ticket list and the chat panel.
 */
export type TicketStatus = "open" | "pending" | "closed";

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
}

export interface TicketContact {
  id: number;
  name: string;
  number: string;
  profilePicUrl?: string | null;
  isGroup: boolean;
  presence?: string | null;
}

/** A ticket as GET /api/tickets and the `ticket` websocket event carry it. */
export interface ListTicket {
  id: number;
  uuid: string;
  status: TicketStatus;
  userId: number | null;
  queueId: number | null;
  whatsappId: number | null;
  lastMessage: string;
  unreadMessages: number;
  isGroup: boolean;
  /** The last message was sent by us (absent in older payloads). */
  fromMe?: boolean;
  /** The delivery state (0–5) of the last message when we sent it; null when the contact did. */
  lastMessageAck?: number | null;
  updatedAt: string;
  createdAt: string;
  contact: TicketContact;
  user: { id: number; name: string } | null;
  queue: QueueRef | null;
  whatsapp: { id: number; name: string; status: string } | null;
  tags: TagRef[];
}

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

/** A message as the preview shows it (worker/domain/messages/presentMessage). */
export interface PreviewMessage {
  id: number;
  body: string;
  fromMe: boolean;
  mediaType: string;
  isDeleted?: boolean;
  createdAt: string;
}
