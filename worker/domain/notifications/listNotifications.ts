import { and, count, desc, eq, gt, isNotNull, or, sql, type SQL } from "drizzle-orm";
import { MAX_NOTIFICATIONS_LISTED, type Notification, type NotificationsView } from "../../contracts/notifications";
import {
  chatMentions,
  chatMessages,
  chats,
  chatUsers,
  contacts,
  plans,
  companies,
  tickets,
  users,
  webhookSubscriptions,
  whatsapps,
} from "../../db/tenant";
import type { Ctx } from "../context";
import { visibilitySettings } from "../tickets/ticketEvents";
import { viewerOf, visibleTicketsWhere } from "../tickets/visibility";

/**
 * GET /notifications: what waits for the acting user (the bell, spec 000): pending tickets with unread messages of
 * their queues (with allTicket, of every queue), tickets assigned to them with unread messages, messages of
 * their internal chats that name them and that they have not read, and for admins, Cloud API connections whose
 * token expired and event webhooks paused by their failures. Read with the user's own visibility rule, so
 * the bell never shows a ticket its list would not.
 */
export async function listNotifications({ ctx }: { ctx: Ctx }): Promise<NotificationsView> {
  const settings = await visibilitySettings(ctx);
  const pendingScope: SQL | undefined =
    ctx.user.allTicket === "enabled" ? (settings.viewgroups || ctx.user.profile === "admin" ? undefined : eq(tickets.isGroup, false)) : visibleTicketsWhere(viewerOf(ctx.user), settings);
  const ticketWhere = and(
    eq(tickets.companyId, ctx.companyId),
    gt(tickets.unreadMessages, 0),
    or(and(eq(tickets.status, "pending"), pendingScope), and(eq(tickets.status, "open"), eq(tickets.userId, ctx.user.id))),
  );
  const [ticketCount, ticketRows] = await Promise.all([
    ctx.db.select({ n: count() }).from(tickets).where(ticketWhere).get(),
    ctx.db
      .select({
        id: tickets.id,
        uuid: tickets.uuid,
        status: tickets.status,
        unreadMessages: tickets.unreadMessages,
        lastMessage: tickets.lastMessage,
        updatedAt: tickets.updatedAt,
        contactName: contacts.name,
        profilePicUrl: contacts.profilePicUrl,
      })
      .from(tickets)
      .innerJoin(contacts, eq(contacts.id, tickets.contactId))
      .where(ticketWhere)
      .orderBy(desc(tickets.updatedAt))
      .limit(MAX_NOTIFICATIONS_LISTED)
      .all(),
  ]);

  const mentions = (await chatAllowed(ctx)) ? await unreadMentions(ctx) : { n: 0, rows: [] };
  const expired = ctx.user.profile === "admin" ? await expiredConnections(ctx) : [];
  const pausedHooks = ctx.user.profile === "admin" ? pausedWebhooks(ctx) : [];
  const records: Notification[] = [
    ...ticketRows.map(
      (t): Notification => ({
        kind: "ticket",
        reason: t.status === "pending" ? "pending" : "unread",
        at: t.updatedAt.toISOString(),
        ticket: { id: t.id, uuid: t.uuid, status: t.status as "open" | "pending", unreadMessages: t.unreadMessages, lastMessage: t.lastMessage, contact: { name: t.contactName, profilePicUrl: t.profilePicUrl } },
      }),
    ),
    ...mentions.rows.map(
      (m): Notification => ({
        kind: "mention",
        at: m.createdAt.toISOString(),
        mention: { messageId: m.messageId, chat: { id: m.chatId, uuid: m.chatUuid, title: m.chatTitle }, sender: m.sender ?? "", message: m.message },
      }),
    ),
    ...expired.map((w): Notification => ({ kind: "connection", reason: "tokenExpired", at: w.updatedAt.toISOString(), whatsapp: { id: w.id, name: w.name } })),
    ...pausedHooks.map((s): Notification => ({ kind: "webhook", reason: "paused", at: s.updatedAt.toISOString(), subscription: { id: s.id, url: s.url, pausedReason: s.pausedReason } })),
  ]
    .sort((a, b) => b.at.localeCompare(a.at))
    .slice(0, MAX_NOTIFICATIONS_LISTED);
  return { count: (ticketCount?.n ?? 0) + mentions.n + expired.length + pausedHooks.length, records };
}

async function chatAllowed(ctx: Ctx): Promise<boolean> {
  const row = await ctx.db.select({ on: plans.useInternalChat }).from(companies).leftJoin(plans, eq(plans.id, companies.planId)).where(eq(companies.id, ctx.companyId)).get();
  return row?.on ?? true;
}

/** Mentions of the user newer than how far they have read that chat. */
async function unreadMentions(ctx: Ctx) {
  const where = and(eq(chatMentions.userId, ctx.user.id), sql`${chatMentions.messageId} > ${chatUsers.lastReadMessageId}`);
  const from = () =>
    ctx.db
      .select({
        messageId: chatMentions.messageId,
        chatId: chats.id,
        chatUuid: chats.uuid,
        chatTitle: chats.title,
        message: chatMessages.message,
        createdAt: chatMessages.createdAt,
        sender: users.name,
      })
      .from(chatMentions)
      .innerJoin(chatUsers, and(eq(chatUsers.chatId, chatMentions.chatId), eq(chatUsers.userId, ctx.user.id)))
      .innerJoin(chats, and(eq(chats.id, chatMentions.chatId), eq(chats.companyId, ctx.companyId)))
      .innerJoin(chatMessages, eq(chatMessages.id, chatMentions.messageId))
      .leftJoin(users, eq(users.id, chatMessages.senderId));
  const rows = await from().where(where).orderBy(desc(chatMentions.messageId)).limit(MAX_NOTIFICATIONS_LISTED).all();
  const total = await ctx.db
    .select({ n: count() })
    .from(chatMentions)
    .innerJoin(chatUsers, and(eq(chatUsers.chatId, chatMentions.chatId), eq(chatUsers.userId, ctx.user.id)))
    .where(where)
    .get();
  return { n: total?.n ?? 0, rows };
}

/** The company's Cloud API connections whose token Meta refused (code 190), until an admin enters a new one. */
/** Webhooks paused by their failures (a reason is set only then; one paused by hand is the admin's own doing). */
function pausedWebhooks(ctx: Ctx) {
  return ctx.db
    .select({ id: webhookSubscriptions.id, url: webhookSubscriptions.url, pausedReason: webhookSubscriptions.pausedReason, updatedAt: webhookSubscriptions.updatedAt })
    .from(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.companyId, ctx.companyId), eq(webhookSubscriptions.status, "paused"), isNotNull(webhookSubscriptions.pausedReason)))
    .all();
}

function expiredConnections(ctx: Ctx) {
  return ctx.db
    .select({ id: whatsapps.id, name: whatsapps.name, updatedAt: whatsapps.updatedAt })
    .from(whatsapps)
    .where(and(eq(whatsapps.companyId, ctx.companyId), eq(whatsapps.channel, "cloud"), eq(whatsapps.cloudError, "ERR_WAPP_TOKEN_EXPIRED")))
    .all();
}
