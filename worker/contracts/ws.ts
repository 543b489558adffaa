import { z } from "zod/mini";
import { isPlatformId } from "./ids";
import type { TicketScope, VisibilitySettings } from "./ticketScope";
import type { AnnouncementView } from "./announcements";
import type { ChatMessageView, ChatView } from "./chats";
import type { PromptView } from "./prompts";
import type { QueueIntegrationView } from "./queueIntegrations";
import type { CampaignCounts, CampaignView } from "./views/campaign";
import type { ContactView } from "./views/contact";
import type { ContactListCheckView, ContactListItemView, ContactListView } from "./views/contactList";
import type { FileListView } from "./views/fileList";
import type { MessageView } from "./views/message";
import type { QueueView } from "./views/queue";
import type { QuickMessageView } from "./views/quickMessage";
import type { ScheduleView } from "./views/schedule";
import type { TicketMoved, TicketView } from "./views/ticket";
import type { WhatsappView } from "./views/whatsapp";
import type { TemplateView } from "./whatsappTemplates";
import type { WebhookSubscriptionView } from "./publicApi/webhooks";
import type { Wire } from "./views/wire";

export { HUB_MARK_HEADER, PING_FRAME, PONG_FRAME, publishMarkMissed, roomNames } from "./wsProtocol";

/**
 * Websocket messages in both directions, parsed on receipt (never cast). Written with zod's tree-shakable form
 * (zod/mini): the browser parses every frame with these, and this is all of zod the inbox's first load needs. A server frame is always a JSON
 * array of events, so the hub can batch many events into one frame under load.
 */

export const ticketStatus = z.enum(["open", "pending", "closed"]);

export const clientMessage = z.discriminatedUnion("type", [
  z.object({ type: z.literal("joinNotification") }),
  z.object({ type: z.literal("joinTickets"), status: ticketStatus }),
  z.object({ type: z.literal("leaveTickets"), status: ticketStatus }),
  z.object({ type: z.literal("joinChatBox"), ticketId: z.number().check(z.refine(isPlatformId)) }),
  z.object({ type: z.literal("leaveChatBox"), ticketId: z.number().check(z.refine(isPlatformId)) }),
  z.object({ type: z.literal("userStatus") }),
  /** The tab became visible or hidden (document.visibilityState): a user with a visible tab gets no Web Push. */
  z.object({ type: z.literal("visibility"), visible: z.boolean() }),
]);
export type ClientMessage = z.infer<typeof clientMessage>;


export const userSummary = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  profile: z.enum(["admin", "supervisor", "user"]),
  online: z.boolean(),
});

const crud = z.enum(["create", "update", "delete"]);

/**
 * An entity payload: its key fields are checked on receipt, and its type is the whole view the server builds
 * (contracts/views): the hub publishes the view (`z.input`, dates as Date), a socket receives it as JSON
 * (`z.infer`, `Wire<View>`: dates as strings). The one place the rest of a view is taken on trust: the server
 * typechecks what it publishes against the same view.
 */
const viewPayload = <View>(schema: z.ZodMiniType) => schema as unknown as z.ZodMiniType<Wire<View>, View>;

/** A message as events carry it: the key fields are checked, the rest passes through. */
export const messagePayload = viewPayload<MessageView>(z.looseObject({
  id: z.number(),
  ticketId: z.number(),
  body: z.string(),
  fromMe: z.boolean(),
  ack: z.number(),
}));

/** A ticket as events carry it (the whole view, or a bulk move): the key fields are checked, the rest (contact, user, queue, tags…) passes through. */
export const ticketPayload = viewPayload<TicketView | TicketMoved>(z.looseObject({
  id: z.number(),
  uuid: z.string(),
  status: ticketStatus,
  userId: z.nullable(z.number()),
  queueId: z.nullable(z.number()),
  unreadMessages: z.number(),
}));

/** A contact as events carry it (the contacts page's row, with presence): key fields checked, the rest passes. */
export const contactPayload = viewPayload<ContactView>(z.looseObject({
  id: z.number(),
  name: z.string(),
  number: z.string(),
  isGroup: z.boolean(),
}));

export const tagPayload = z.object({
  id: z.number(),
  name: z.string(),
  color: z.string(),
  kanban: z.number(),
  userId: z.nullable(z.number()),
});

/** A connection as events carry it (never its token hash); the rest of the row passes through. */
export const whatsappPayload = viewPayload<WhatsappView>(z.looseObject({
  id: z.number(),
  name: z.string(),
  status: z.enum(["CONNECTED", "qrcode", "PAIRING", "DISCONNECTED", "TIMEOUT", "OPENING"]),
  qrcode: z.string(),
  number: z.string(),
  isDefault: z.boolean(),
}));

/** A queue as events carry it; options and schedules pass through. */
/** A Cloud API connection's message template (its review's status changes arrive by webhook). */
export const whatsappTemplatePayload = viewPayload<TemplateView>(z.looseObject({ id: z.number(), whatsappId: z.number(), status: z.string() }));
export const queuePayload = viewPayload<QueueView>(z.looseObject({ id: z.number(), name: z.string(), color: z.string() }));

/** A quick message as events carry it (mediaPath is the API URL of the attachment, never a storage key). */
export const quickMessagePayload = viewPayload<QuickMessageView>(z.looseObject({
  id: z.number(),
  shortcode: z.string(),
  message: z.string(),
  geral: z.boolean(),
  status: z.boolean(),
  userId: z.nullable(z.number()),
  isMedia: z.boolean(),
  mediaPath: z.nullable(z.string()),
  mediaName: z.nullable(z.string()),
}));

/** An internal chat as events carry it (members with their unread counts); the rest passes through. */
export const chatPayload = viewPayload<ChatView>(z.looseObject({
  id: z.number(),
  uuid: z.string(),
  title: z.string(),
  ownerId: z.nullable(z.number()),
  lastMessage: z.string(),
  users: z.array(z.looseObject({ userId: z.number(), unreads: z.number() })),
}));

/** A message of an internal chat as events carry it. */
export const chatMessagePayload = viewPayload<ChatMessageView>(z.looseObject({
  id: z.number(),
  chatId: z.number(),
  senderId: z.nullable(z.number()),
  message: z.string(),
  mentions: z.array(z.number()),
}));

/** A schedule as events carry it (spec 002's channel): the key fields are checked, the rest passes through. */
export const fileListPayload = viewPayload<FileListView>(z.looseObject({ id: z.number(), name: z.string() }));
export const schedulePayload = viewPayload<ScheduleView>(z.looseObject({
  id: z.number(),
  status: z.enum(["PENDENTE", "AGENDADA", "ENVIADA", "ERRO"]),
  contactId: z.number(),
}));

/** A campaign as events carry it; the rest passes through. */
export const campaignPayload = viewPayload<CampaignView>(z.looseObject({ id: z.number(), name: z.string(), status: z.string() }));
/** A campaign's report counts (domain/campaigns/counts.ts). */
export const campaignCountsPayload = viewPayload<CampaignCounts>(z.looseObject({ total: z.number(), delivered: z.number(), failed: z.number() }));

/** A contact list (with its count) and one of its items as events carry them. */
export const contactListPayload = viewPayload<ContactListView>(z.looseObject({ id: z.number(), name: z.string(), contactsCount: z.number() }));
export const contactListCheckPayload = viewPayload<ContactListCheckView>(z.looseObject({
  contactListId: z.number(),
  status: z.enum(["running", "done", "failed"]),
  total: z.number(),
  checked: z.number(),
}));
export const contactListItemPayload = viewPayload<ContactListItemView>(z.looseObject({ id: z.number(), contactListId: z.number(), name: z.string(), number: z.string() }));
/** An AI prompt as events carry it (its key only masked); the rest passes through. */
export const promptPayload = viewPayload<PromptView>(z.looseObject({ id: z.number(), name: z.string() }));

/** A queue integration as events carry it (never its secrets); the rest passes through. */
export const queueIntegrationPayload = viewPayload<QueueIntegrationView>(z.looseObject({ id: z.number(), name: z.string(), type: z.string() }));

/** An event webhook as events carry it (never its secret); the rest passes through. */
export const webhookSubscriptionPayload = viewPayload<WebhookSubscriptionView>(z.looseObject({ id: z.number(), url: z.string(), status: z.enum(["active", "paused"]) }));

/** A platform announcement as events carry it (the rest passes through). */
export const announcementPayload = viewPayload<AnnouncementView>(z.looseObject({
  id: z.number(),
  title: z.string(),
  text: z.string(),
  priority: z.number(),
}));

export const serverEvent = z.discriminatedUnion("type", [
  /**
   * Sent once when the socket is accepted: the rooms it was placed in, and the hub's publish mark at that moment
   * (see HUB_MARK_HEADER).
   */
  z.object({ type: z.literal("ready"), userId: z.number(), rooms: z.array(z.string()), mark: z.optional(z.string()) }),
  /**
   * Answers a join (joinTickets, joinChatBox, joinNotification): the room, and the hub's publish mark once the socket
   * is in it. A read made before the join (a chat's messages) missed nothing when its mark is not older.
   */
  z.object({ type: z.literal("joined"), room: z.string(), mark: z.string() }),
  /** This session was ended elsewhere (a login on another computer, logout, user deleted). */
  z.object({ type: z.literal("auth"), action: z.enum(["replaced", "revoked"]) }),
  z.object({ type: z.literal("user"), action: crud, userId: z.number(), user: z.optional(userSummary) }),
  z.object({ type: z.literal("settings"), action: z.literal("update"), key: z.string(), value: z.string() }),
  z.object({ type: z.literal("company"), action: crud, companyId: z.number() }),
  /** An invoice was paid (spec 001: the checkout's toast, then / after 4 s): the company's new due date. */
  z.object({ type: z.literal("payment"), action: z.literal("CONCLUIDA"), invoiceId: z.number(), company: z.object({ dueDate: z.string() }) }),
  z.discriminatedUnion("action", [
    z.object({ type: z.literal("ticket"), action: z.literal("update"), ticket: ticketPayload }),
    z.object({ type: z.literal("ticket"), action: z.literal("delete"), ticketId: z.number() }),
    z.object({ type: z.literal("ticket"), action: z.literal("updateUnread"), ticketId: z.number() }),
  ]),
  z.object({ type: z.literal("appMessage"), action: z.enum(["create", "update"]), message: messagePayload }),
  z.discriminatedUnion("action", [
    z.object({ type: z.literal("contact"), action: z.literal("create"), contact: contactPayload }),
    z.object({ type: z.literal("contact"), action: z.literal("update"), contact: contactPayload }),
    z.object({ type: z.literal("contact"), action: z.literal("delete"), contactId: z.number() }),
    /** Many contacts changed at once (an import): lists reload instead of receiving thousands of events. */
    z.object({ type: z.literal("contact"), action: z.literal("reload") }),
  ]),
  z.discriminatedUnion("action", [
    z.object({ type: z.literal("tag"), action: z.literal("create"), tag: tagPayload }),
    z.object({ type: z.literal("tag"), action: z.literal("update"), tag: tagPayload }),
    z.object({ type: z.literal("tag"), action: z.literal("delete"), tagId: z.number() }),
    /** The kanban lanes' new order, left to right. */
    z.object({ type: z.literal("tag"), action: z.literal("order"), tagIds: z.array(z.number()) }),
  ]),
  z.discriminatedUnion("action", [
    z.object({ type: z.literal("quickMessage"), action: z.literal("create"), quickMessage: quickMessagePayload }),
    z.object({ type: z.literal("quickMessage"), action: z.literal("update"), quickMessage: quickMessagePayload }),
    z.object({ type: z.literal("quickMessage"), action: z.literal("delete"), quickMessageId: z.number() }),
  ]),
  z.discriminatedUnion("action", [
    z.object({ type: z.literal("whatsapp"), action: z.literal("update"), whatsapp: whatsappPayload }),
    z.object({ type: z.literal("whatsapp"), action: z.literal("delete"), whatsappId: z.number() }),
  ]),
  /** Session status and QR changes (the QR dialog and the menu badge follow these). */
  z.object({ type: z.literal("whatsappSession"), action: z.literal("update"), session: whatsappPayload }),
  /** Meta reviewed, paused or disabled a template (to admins: the templates page follows it live). */
  z.object({ type: z.literal("whatsappTemplate"), action: z.literal("update"), template: whatsappTemplatePayload }),
  /** Spec 002's company-{id}-prompt (action, prompt, promptId). */
  z.discriminatedUnion("action", [
    z.object({ type: z.literal("prompt"), action: z.literal("create"), prompt: promptPayload, promptId: z.number() }),
    z.object({ type: z.literal("prompt"), action: z.literal("update"), prompt: promptPayload, promptId: z.number() }),
    z.object({ type: z.literal("prompt"), action: z.literal("delete"), promptId: z.number() }),
  ]),
  /** Spec 002's company-{id}-queueIntegration (action, queueIntegration, integrationId). */
  z.discriminatedUnion("action", [
    z.object({ type: z.literal("queueIntegration"), action: z.literal("create"), queueIntegration: queueIntegrationPayload, integrationId: z.number() }),
    z.object({ type: z.literal("queueIntegration"), action: z.literal("update"), queueIntegration: queueIntegrationPayload, integrationId: z.number() }),
    z.object({ type: z.literal("queueIntegration"), action: z.literal("delete"), integrationId: z.number() }),
  ]),
  z.discriminatedUnion("action", [
    /** To the chat's members: the message and the chat as it now is (each member's unread count in it). */
    z.object({ type: z.literal("chat"), action: z.literal("new-message"), chat: chatPayload, message: chatMessagePayload }),
    /** A chat was made or changed (title, members): to its members, old and new. */
    z.object({ type: z.literal("chat"), action: z.literal("update"), chat: chatPayload }),
    /** Deleted, or the receiver is no longer a member. */
    z.object({ type: z.literal("chat"), action: z.literal("delete"), chatId: z.number() }),
    /** A member read up to a message (the others' "seen up to here", and the reader's other tabs clear the count). */
    z.object({ type: z.literal("chat"), action: z.literal("read"), chatId: z.number(), userId: z.number(), lastReadMessageId: z.number() }),
  ]),
  z.discriminatedUnion("action", [
    z.object({ type: z.literal("contactList"), action: z.literal("create"), contactList: contactListPayload }),
    z.object({ type: z.literal("contactList"), action: z.literal("update"), contactList: contactListPayload }),
    z.object({ type: z.literal("contactList"), action: z.literal("delete"), contactListId: z.number() }),
  ]),
  z.discriminatedUnion("action", [
    z.object({ type: z.literal("contactListItem"), action: z.literal("create"), item: contactListItemPayload }),
    z.object({ type: z.literal("contactListItem"), action: z.literal("update"), item: contactListItemPayload }),
    z.object({ type: z.literal("contactListItem"), action: z.literal("delete"), itemId: z.number(), contactListId: z.number() }),
    /** Many items changed at once (an import, a tag added): the list's page reloads. */
    z.object({ type: z.literal("contactListItem"), action: z.literal("reload"), contactListId: z.number() }),
  ]),
  z.discriminatedUnion("action", [
    z.object({ type: z.literal("campaign"), action: z.literal("create"), campaign: campaignPayload }),
    z.object({ type: z.literal("campaign"), action: z.literal("update"), campaign: campaignPayload }),
    z.object({ type: z.literal("campaign"), action: z.literal("delete"), campaignId: z.number() }),
    /** The report's counts changed (a send, a delivery, a reply): the report page follows live. */
    z.object({ type: z.literal("campaign"), action: z.literal("progress"), campaignId: z.number(), counts: campaignCountsPayload }),
  ]),
  z.discriminatedUnion("action", [
    z.object({ type: z.literal("file"), action: z.literal("create"), fileList: fileListPayload }),
    z.object({ type: z.literal("file"), action: z.literal("update"), fileList: fileListPayload }),
    z.object({ type: z.literal("file"), action: z.literal("delete"), fileListId: z.number() }),
  ]),
  /** A contact list's WhatsApp check moved on (progress, done, failed); its items' results come as a reload. */
  z.object({ type: z.literal("contactListCheck"), action: z.literal("update"), check: contactListCheckPayload }),
  z.discriminatedUnion("action", [
    z.object({ type: z.literal("schedule"), action: z.literal("create"), schedule: schedulePayload }),
    z.object({ type: z.literal("schedule"), action: z.literal("update"), schedule: schedulePayload }),
    z.object({ type: z.literal("schedule"), action: z.literal("delete"), scheduleId: z.number() }),
  ]),
  z.discriminatedUnion("action", [
    /** A super user's announcement, delivered live to every connected user of its companies (ADR 0029). */
    z.object({ type: z.literal("company-announcement"), action: z.literal("create"), announcement: announcementPayload }),
    z.object({ type: z.literal("company-announcement"), action: z.literal("update"), announcement: announcementPayload }),
    z.object({ type: z.literal("company-announcement"), action: z.literal("delete"), announcementId: z.number() }),
  ]),
  /** To admins: an event webhook was made, changed, paused by its failures, resumed or deleted (issue 25). */
  z.discriminatedUnion("action", [
    z.object({ type: z.literal("webhookSubscription"), action: z.literal("create"), subscription: webhookSubscriptionPayload }),
    z.object({ type: z.literal("webhookSubscription"), action: z.literal("update"), subscription: webhookSubscriptionPayload }),
    z.object({ type: z.literal("webhookSubscription"), action: z.literal("delete"), subscriptionId: z.number() }),
  ]),
  /** To admins: a company export moved on (issue 27 §3); the page reads the list again for its link. */
  z.object({
    type: z.literal("companyExport"),
    action: z.literal("update"),
    export: z.looseObject({ id: z.number(), companyId: z.number(), state: z.string(), rowsDone: z.number(), rowsTotal: z.number(), bytes: z.number() }),
  }),
  z.discriminatedUnion("action", [
    z.object({ type: z.literal("queue"), action: z.literal("create"), queue: queuePayload }),
    z.object({ type: z.literal("queue"), action: z.literal("update"), queue: queuePayload }),
    z.object({ type: z.literal("queue"), action: z.literal("delete"), queueId: z.number() }),
  ]),
]);
/** An event as a socket receives it (views as JSON: `Wire<View>`). */
export type ServerEvent = z.infer<typeof serverEvent>;
/** An event as the hub publishes it (views as the domain builds them). */
export type PublishedEvent = z.input<typeof serverEvent>;
export const serverFrame = z.array(serverEvent);

/** Who receives an event; the hub decides per socket from what it knows of that socket's user. */
export type Audience =
  | { kind: "company" }
  | { kind: "admins" }
  | { kind: "users"; userIds: number[] }
  | { kind: "userSessionsExcept"; userId: number; keepSessionId: string | null }
  | { kind: "room"; room: string }
  /** Whoever could see the ticket before or after the change (so a transfer also reaches the list it leaves). */
  | { kind: "ticket"; before: TicketScope | null; after: TicketScope | null; settings: VisibilitySettings }
  /** Whoever may see the ticket and has its chat open. */
  | { kind: "chatBox"; ticketId: number; ticket: TicketScope; settings: VisibilitySettings };

export interface Delivery {
  audience: Audience;
  event: PublishedEvent;
}

/** The socket's user as the hub keeps it in the socket attachment (must stay well under 16 KiB). */
export const hubActor = z.object({
  userId: z.number(),
  sessionId: z.string(),
  profile: z.enum(["admin", "supervisor", "user"]),
  super: z.boolean(),
  allTicket: z.enum(["enabled", "disabled"]),
  queueIds: z.array(z.number()),
});
export type HubActor = z.infer<typeof hubActor>;
