import type { MessageAck } from "../../contracts/views/message";
import type { ContactView } from "../../contracts/views/contact";
import type { MessageView } from "../../contracts/views/message";
import type { QueueRef, WhatsappView } from "../../contracts/views/whatsapp";
import type { TicketView } from "../../contracts/views/ticket";
import type { TicketNoteView } from "../../contracts/views/ticketNote";
import type { UserView } from "../../contracts/views/user";
import type {
  PublicConnection,
  PublicContact,
  PublicMessage,
  PublicMessageStatus,
  PublicNote,
  PublicQueue,
  PublicTicket,
  PublicUser,
} from "../../contracts/publicApi/resources";

/**
 * The public API's resources from the domain's views (contracts/publicApi/resources.ts): the one place the two
 * meet, for the API's answers and the webhook events alike.
 */

const iso = (date: Date | string) => (typeof date === "string" ? new Date(date) : date).toISOString();

const STATUS_OF_ACK: Record<MessageAck, PublicMessageStatus> = { 0: "pending", 1: "sent", 2: "delivered", 3: "read", 4: "played", 5: "failed" };
export const publicMessageStatusOf = (ack: MessageAck): PublicMessageStatus => STATUS_OF_ACK[ack] ?? "pending";

type TicketLike = Pick<
  TicketView,
  "id" | "uuid" | "status" | "userId" | "queueId" | "whatsappId" | "isGroup" | "lastMessage" | "unreadMessages" | "createdAt" | "updatedAt" | "tags"
> & { contact: Pick<TicketView["contact"], "id" | "name" | "number"> };

export function presentPublicTicket(ticket: TicketLike): PublicTicket {
  return {
    id: ticket.id,
    uuid: ticket.uuid,
    status: ticket.status,
    contact: { id: ticket.contact.id, name: ticket.contact.name, number: ticket.contact.number },
    userId: ticket.userId,
    queueId: ticket.queueId,
    connectionId: ticket.whatsappId,
    isGroup: ticket.isGroup,
    lastMessage: ticket.lastMessage,
    unreadMessages: ticket.unreadMessages,
    tags: ticket.tags.map((t) => ({ id: t.id, name: t.name, color: t.color })),
    createdAt: iso(ticket.createdAt),
    updatedAt: iso(ticket.updatedAt),
  };
}

export function presentPublicMessage(message: MessageView): PublicMessage {
  return {
    id: message.id,
    ticketId: message.ticketId,
    wid: message.wid,
    fromMe: message.fromMe,
    body: message.body,
    mediaType: message.mediaType,
    mediaName: message.mediaName,
    status: publicMessageStatusOf(message.ack),
    userId: message.userId,
    sentByBot: message.sentByBot,
    quotedMessageId: message.quotedMsgId,
    isDeleted: message.isDeleted,
    isEdited: message.isEdited,
    createdAt: iso(message.createdAt),
  };
}

export function presentPublicContact(
  contact: Pick<ContactView, "id" | "name" | "number" | "email" | "isGroup" | "disableBot" | "extraInfo" | "marketingConsent" | "marketingConsentAt" | "marketingConsentHow" | "createdAt" | "updatedAt">,
): PublicContact {
  return {
    id: contact.id,
    name: contact.name,
    number: contact.number,
    email: contact.email,
    isGroup: contact.isGroup,
    disableBot: contact.disableBot,
    extraInfo: contact.extraInfo.map((f) => ({ name: f.name, value: f.value })),
    marketingConsent: { state: contact.marketingConsent, at: contact.marketingConsentAt ? iso(contact.marketingConsentAt) : null, how: contact.marketingConsentHow },
    createdAt: iso(contact.createdAt),
    updatedAt: iso(contact.updatedAt),
  };
}

export const presentPublicQueue = (queue: QueueRef): PublicQueue => ({ id: queue.id, name: queue.name, color: queue.color });

export function presentPublicUser(user: Pick<UserView, "id" | "name" | "email" | "profile" | "online" | "queues">): PublicUser {
  return { id: user.id, name: user.name, email: user.email, profile: user.profile, online: user.online, queueIds: user.queues.map((q) => q.id) };
}

export function presentPublicConnection(connection: Pick<WhatsappView, "id" | "name" | "channel" | "status" | "number" | "isDefault">): PublicConnection {
  return { id: connection.id, name: connection.name, channel: connection.channel, status: connection.status, number: connection.number, isDefault: connection.isDefault };
}

export function presentPublicNote(note: Pick<TicketNoteView, "id" | "ticketId" | "userId" | "note" | "createdAt">): PublicNote {
  return { id: note.id, ticketId: note.ticketId, userId: note.userId, body: note.note, createdAt: iso(note.createdAt) };
}
