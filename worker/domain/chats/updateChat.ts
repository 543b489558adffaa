import { and, eq } from "drizzle-orm";
import type { UpdateChatInput } from "../../contracts/chats";
import { chats, chatUsers } from "../../db/tenant";
import { inList } from "../../db/inList";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { assertCompanyUsers, chatViews, insertMembers, memberIds, ownedChat, publishChatUpdate } from "./view";

/**
 * PUT /chats/:id (the owner only): a new title and/or member list. The owner always stays a member; members kept
 * keep their unread counts; those removed get a delete event. A one-to-one conversation has no title or members
 * to change.
 */
export async function updateChat({ ctx, input }: { ctx: Ctx; input: { id: number; patch: UpdateChatInput } }) {
  const chat = await ownedChat(ctx, input.id);
  if (chat.directKey !== null) throw new AppError("ERR_NO_PERMISSION");
  const { title, users } = input.patch;
  if (users) await assertCompanyUsers(ctx, users);
  const before = await memberIds(ctx, chat.id);
  const after = users ? [...new Set([ctx.user.id, ...users])] : before;
  const added = after.filter((id) => !before.includes(id));
  const removed = before.filter((id) => !after.includes(id));
  const updated = ctx.db.transaction((tx) => {
    const row = tx
      .update(chats)
      .set({ ...(title !== undefined ? { title } : {}), updatedAt: new Date() })
      .where(and(eq(chats.id, chat.id), eq(chats.companyId, ctx.companyId)))
      .returning()
      .get();
    if (removed.length) tx.delete(chatUsers).where(and(eq(chatUsers.chatId, chat.id), inList(chatUsers.userId, removed))).run();
    insertMembers(tx, chat.id, added);
    return row;
  });
  if (!updated) throw new AppError("ERR_NO_CHAT_FOUND");
  const view = (await chatViews(ctx, [updated]))[0]!;
  await publishChatUpdate(ctx, view, removed);
  return view;
}
