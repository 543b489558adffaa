/** Shapes of the API the chat reads (worker/contracts/views: the ticket and message views). */
import type { MessageView } from "../../../../../worker/contracts/views/message";
import type { TicketView } from "../../../../../worker/contracts/views/ticket";
import type { Wire } from "../../../../../worker/contracts/views/wire";
import type { TicketNoteView } from "../../../../../worker/contracts/views/ticketNote";
import type { ConnectionRef, ContactPick, QueueRef, TagRef, TicketStatus, UserRef } from "../shared/types";

// The lookups' shapes are the inbox's shared ones.
export type { ConnectionRef, ContactPick, QueueRef, TagRef, TicketStatus, UserRef };

/** The ticket the chat panel shows, and its contact: the contract's ticket view as JSON. */
export type ChatTicket = Wire<TicketView>;
export type ChatContact = ChatTicket["contact"];

export interface QuotedMessage {
  id: number;
  body: string;
  fromMe: boolean;
  mediaType: string;
  isDeleted: boolean;
}

/** A message as the chat reads it: the contract's view as JSON. */
export type ChatMessage = Wire<MessageView>;

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

/** A note as the drawer shows it (the API's TicketNoteView). */
export type TicketNote = Pick<Wire<TicketNoteView>, "id" | "note" | "createdAt" | "user" | "byAutomation">;

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

