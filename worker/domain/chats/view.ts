import { and, desc, eq } from "drizzle-orm";
import { inList } from "../../db/inList";
import type { ChatMember, ChatView } from "../../contracts/chats";
import { chats, chatUsers, users, type Chat } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { assertPlanFeature } from "../plans/planLimits";

/** Every chat call needs the plan's internal chat (403 ERR_PLAN_FEATURE_DISABLED otherwise). */
export const assertChatsAllowed = (ctx: Ctx) => assertPlanFeature(ctx, "useInternalChat");

/**
 * The chat if the acting user is one of its members; anyone else (another company's user, a colleague not in it,
 * an admin included) gets 404 and learns nothing about it.
 */
export async function memberChat(ctx: Ctx, chatId: number): Promise<Chat> {
  await assertChatsAllowed(ctx);
  const row = await ctx.db
    .select({ chat: chats })
    .from(chats)
    .innerJoin(chatUsers, and(eq(chatUsers.chatId, chats.id), eq(chatUsers.userId, ctx.user.id)))
    .where(and(eq(chats.id, chatId), eq(chats.companyId, ctx.companyId)))
    .get();
  if (!row) throw new AppError("ERR_NO_CHAT_FOUND");
  return row.chat;
}

/** As memberChat, and only its owner may go on (403 for the other members). */
export async function ownedChat(ctx: Ctx, chatId: number): Promise<Chat> {
  const chat = await memberChat(ctx, chatId);
  if (chat.ownerId !== ctx.user.id) throw new AppError("ERR_NO_PERMISSION");
  return chat;
}

/** Chats as lists and events show them, in the order of `rows`, each with its members and their names. */
export async function chatViews(ctx: Ctx, rows: Chat[], { hideLastMessage = false } = {}): Promise<ChatView[]> {
  if (rows.length === 0) return [];
  const members = await ctx.db
    .select({ chatId: chatUsers.chatId, userId: chatUsers.userId, unreads: chatUsers.unreads, lastReadMessageId: chatUsers.lastReadMessageId, name: users.name })
    .from(chatUsers)
    .innerJoin(users, eq(users.id, chatUsers.userId))
    .where(inList(chatUsers.chatId, rows.map((r) => r.id)))
    .orderBy(users.name)
    .all();
  const byChat = new Map<number, ChatMember[]>();
  for (const m of members) {
    const list = byChat.get(m.chatId) ?? [];
    list.push({ userId: m.userId, unreads: m.unreads, lastReadMessageId: m.lastReadMessageId, user: { id: m.userId, name: m.name } });
    byChat.set(m.chatId, list);
  }
  return rows.map((c) => ({
    id: c.id,
    uuid: c.uuid,
    title: c.title,
    ownerId: c.ownerId,
    lastMessage: hideLastMessage ? "" : c.lastMessage,
    direct: c.directKey !== null,
    updatedAt: c.updatedAt.toISOString(),
    users: byChat.get(c.id) ?? [],
  }));
}

export async function chatView(ctx: Ctx, chatId: number): Promise<ChatView> {
  const row = await ctx.db.select().from(chats).where(and(eq(chats.id, chatId), eq(chats.companyId, ctx.companyId))).get();
  if (!row) throw new AppError("ERR_NO_CHAT_FOUND");
  return (await chatViews(ctx, [row]))[0]!;
}

/** The member ids of a chat. */
export async function memberIds(ctx: Ctx, chatId: number): Promise<number[]> {
  const rows = await ctx.db.select({ userId: chatUsers.userId }).from(chatUsers).where(eq(chatUsers.chatId, chatId)).all();
  return rows.map((r) => r.userId);
}

/** The company's users among `ids` (the others are not ours: 404). */
export async function assertCompanyUsers(ctx: Ctx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(inList(users.id, ids), eq(users.companyId, ctx.companyId)))
    .all();
  if (found.length !== new Set(ids).size) throw new AppError("ERR_NO_USER_FOUND");
}

/** Tells the chat's members (and `formerMembers`, who get a delete) that it changed. */
export async function publishChatUpdate(ctx: Ctx, chat: ChatView, formerMembers: number[] = []) {
  const current = chat.users.map((u) => u.userId);
  const gone = formerMembers.filter((id) => !current.includes(id));
  await ctx.hub.publish([
    { audience: { kind: "users", userIds: current }, event: { type: "chat", action: "update", chat } },
    ...(gone.length ? [{ audience: { kind: "users" as const, userIds: gone }, event: { type: "chat" as const, action: "delete" as const, chatId: chat.id } }] : []),
  ]);
}

export const recentFirst = desc(chats.updatedAt);

/** SQLite in a Durable Object binds at most 100 parameters per statement; a member row binds 5. */
const MEMBERS_PER_INSERT = 15;

/** Adds members to a chat inside the caller's transaction, a few rows per statement. */
export function insertMembers(tx: Pick<Ctx["db"], "insert">, chatId: number, userIds: number[]) {
  for (let i = 0; i < userIds.length; i += MEMBERS_PER_INSERT) {
    tx.insert(chatUsers)
      .values(userIds.slice(i, i + MEMBERS_PER_INSERT).map((userId) => ({ chatId, userId })))
      .onConflictDoNothing()
      .run();
  }
}
