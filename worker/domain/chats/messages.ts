import { and, desc, eq, sql } from "drizzle-orm";
import type { ChatMessageView } from "../../contracts/chats";
import { chatMentions, chatMessages, chats, chatUsers, users, type Chat, type ChatMessage } from "../../db/tenant";
import { inList } from "../../db/inList";
import type { Ctx } from "../context";
import { chatMediaUrl } from "./media";
import { chatViews } from "./view";
import { pushHearsMention } from "../push/triggers";

type Row = ChatMessage & { senderName: string | null };

/** Messages as the chat shows them, with their senders' names and the members each one names. */
export async function presentMessages(ctx: Ctx, rows: Row[]): Promise<ChatMessageView[]> {
  const mentions = rows.length
    ? await ctx.db.select({ messageId: chatMentions.messageId, userId: chatMentions.userId }).from(chatMentions).where(inList(chatMentions.messageId, rows.map((r) => r.id))).all()
    : [];
  return rows.map((r) => ({
    id: r.id,
    chatId: r.chatId,
    senderId: r.senderId,
    sender: r.senderId !== null && r.senderName !== null ? { id: r.senderId, name: r.senderName } : null,
    message: r.message,
    mediaUrl: r.mediaPath ? chatMediaUrl(r.chatId, r.id) : null,
    mediaName: r.mediaName,
    mentions: mentions.filter((m) => m.messageId === r.id).map((m) => m.userId),
    createdAt: r.createdAt.toISOString(),
  }));
}

export const messageColumns = {
  id: chatMessages.id,
  companyId: chatMessages.companyId,
  chatId: chatMessages.chatId,
  senderId: chatMessages.senderId,
  message: chatMessages.message,
  mediaPath: chatMessages.mediaPath,
  mediaName: chatMessages.mediaName,
  createdAt: chatMessages.createdAt,
  updatedAt: chatMessages.updatedAt,
  senderName: users.name,
};

export const newestFirst = [desc(chatMessages.createdAt), desc(chatMessages.id)];

/** The members a text names: those among `asked` who are members (not the sender) and whose "@name" it carries. */
function namedMembers(text: string, asked: number[], members: { userId: number; name: string }[], senderId: number): number[] {
  const lower = text.toLocaleLowerCase();
  return members
    .filter((m) => m.userId !== senderId && asked.includes(m.userId) && lower.includes(`@${m.name.toLocaleLowerCase()}`))
    .map((m) => m.userId);
}

/**
 * Stores a message in a member's chat and tells its members, in one synchronous transaction: the message, the
 * chat's last message, one more unread for every other member (counted in SQL, so messages and reads that race
 * never lose one), the sender's own "read up to here", and the mentions.
 */
export async function postChatMessage(
  ctx: Ctx,
  chat: Chat,
  input: { message: string; mentions: number[]; media?: { path: string; name: string } },
): Promise<ChatMessageView> {
  const members = await ctx.db
    .select({ userId: chatUsers.userId, name: users.name })
    .from(chatUsers)
    .innerJoin(users, eq(users.id, chatUsers.userId))
    .where(eq(chatUsers.chatId, chat.id))
    .all();
  const mentioned = namedMembers(input.message, input.mentions, members, ctx.user.id);
  const lastMessage = input.message || (input.media ? `📎 ${input.media.name}` : "");
  const now = new Date();
  const { message, updatedChat } = ctx.db.transaction((tx) => {
    const message = tx
      .insert(chatMessages)
      .values({ companyId: ctx.companyId, chatId: chat.id, senderId: ctx.user.id, message: input.message, mediaPath: input.media?.path, mediaName: input.media?.name, createdAt: now, updatedAt: now })
      .returning()
      .get();
    const updatedChat = tx.update(chats).set({ lastMessage: lastMessage.slice(0, 255), updatedAt: now }).where(eq(chats.id, chat.id)).returning().get();
    tx.update(chatUsers)
      .set({ unreads: sql`${chatUsers.unreads} + 1`, updatedAt: now })
      .where(and(eq(chatUsers.chatId, chat.id), sql`${chatUsers.userId} <> ${ctx.user.id}`))
      .run();
    tx.update(chatUsers)
      .set({ unreads: 0, lastReadMessageId: message.id })
      .where(and(eq(chatUsers.chatId, chat.id), eq(chatUsers.userId, ctx.user.id)))
      .run();
    // Three bound parameters a row, at most 100 a statement.
    for (let i = 0; i < mentioned.length; i += 30) {
      tx.insert(chatMentions).values(mentioned.slice(i, i + 30).map((userId) => ({ userId, messageId: message.id, chatId: chat.id }))).run();
    }
    return { message, updatedChat };
  });
  const [view] = await presentMessages(ctx, [{ ...message, senderName: ctx.user.name }]);
  const [chatView] = await chatViews(ctx, [updatedChat]);
  await ctx.hub.publish([
    {
      audience: { kind: "users", userIds: chatView!.users.map((u) => u.userId) },
      event: { type: "chat", action: "new-message", chat: chatView!, message: view! },
    },
  ]);
  pushHearsMention(ctx, chatView!, mentioned, { id: message.id, message: input.message, senderName: ctx.user.name });
  return view!;
}
