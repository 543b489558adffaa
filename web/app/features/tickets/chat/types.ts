/** Shapes of the API the chat reads (worker/domain/tickets/presentTicket, worker/domain/messages/presentMessage). */
import type { ConnectionRef, ContactPick, QueueRef, TagRef, TicketStatus, UserRef } from "../shared/types";

// The lookups' shapes are the inbox's shared ones.
export type { ConnectionRef, ContactPick, QueueRef, TagRef, TicketStatus, UserRef };

export interface ChatContact {
  id: number;
  name: string;
  number: string;
  email?: string | null;
  profilePicUrl?: string | null;
  isGroup: boolean;
  presence?: string | null;
  disableBot?: boolean;
}

export interface ChatTicket {
  id: number;
  uuid: string;
  status: TicketStatus;
  userId: number | null;
  queueId: number | null;
  whatsappId: number | null;
  contactId?: number;
  isGroup: boolean;
  lastMessage?: string | null;
  unreadMessages: number;
  contact: ChatContact;
  user: { id: number; name: string } | null;
  queue: QueueRef | null;
  whatsapp: { id: number; name: string; status: string } | null;
  tags: TagRef[];
}

export interface QuotedMessage {
  id: number;
  body: string;
  fromMe: boolean;
  mediaType: string;
  isDeleted: boolean;
}

export interface ChatMessage {
  id: number;
  ticketId: number;
  body: string;
  fromMe: boolean;
  mediaType: string;
  mediaUrl: string | null;
  mediaName?: string | null;
  quotedMsgId?: number | null;
  quotedMsg?: QuotedMessage | null;
  isDeleted?: boolean;
  isEdited?: boolean;
  isForwarded?: boolean;
  isPrivate?: boolean;
  sentByBot?: boolean;
  /** The contact's reply rated the service (1–3). */
  rating?: number | null;
  ack: number;
  /** Why delivery failed for good (ERR_SENDING_WAPP_MSG, ERR_WAPP_INVALID_CONTACT); the menu offers a retry. */
  sendError?: string | null;
  createdAt: string;
  userId?: number | null;
  contact?: { id: number; name: string; number: string; profilePicUrl?: string | null } | null;
}

export interface MessagesPage {
  messages: ChatMessage[];
  ticket: ChatTicket;
  count: number | null;
  hasMore: boolean;
}

export interface ContactDetails extends ChatContact {
  extraInfo: { id: number; name: string; value: string }[];
  /** The contact's ratings of the service (GET /contacts/:id). */
  ratings?: { count: number; average: number | null; last: { rate: number; createdAt: string } | null };
}

export interface TicketNote {
  id: number;
  note: string;
  createdAt: string;
  user: { id: number; name: string } | null;
}

export interface NamedRef {
  id: number;
  name: string;
}

/** The contact's rating of a ticket, with the agent it rated (GET /tickets/:id/tracking). */
export interface TicketRating {
  id: number;
  rate: number;
  createdAt: string;
  user: NamedRef | null;
}

export interface TrackingEntry {
  id: number;
  action: "create" | "accept" | "reopen" | "return" | "close" | "transfer" | "delete" | "kanban" | string;
  fromStatus: TicketStatus | null;
  toStatus: TicketStatus | null;
  createdAt: string;
  byUser: NamedRef | null;
  fromUser: NamedRef | null;
  toUser: NamedRef | null;
  fromQueue: QueueRef | null;
  toQueue: QueueRef | null;
  /** A kanban move's lanes; null is 'Em aberto' (or a lane deleted since). */
  fromTag?: QueueRef | null;
  toTag?: QueueRef | null;
  /** The connection the ticket was on before and after (null when unknown or deleted since). */
  fromWhatsapp?: NamedRef | null;
  toWhatsapp?: NamedRef | null;
}

export interface QuickReply {
  id: number;
  shortcode: string;
  message: string;
  mediaPath: string | null;
  mediaName: string | null;
}

