import { and, eq } from "drizzle-orm";
import type { OpenDirectChatInput } from "../../contracts/chats";
import { chats, chatUsers } from "../../db/tenant";
import type { Ctx } from "../context";
import { fieldError } from "../errors";
import { assertChatsAllowed, assertCompanyUsers, chatViews, publishChatUpdate } from "./view";

/**
 * POST /chats/direct: the one-to-one conversation with a colleague, started from the colleague's name. The pair
 * has one chat (its direct key is unique): asked again, or by the colleague, it opens the same one. The find and
 * the insert run in one synchronous transaction, so two tabs asking at once still make one.
 */
export async function openDirectChat({ ctx, input }: { ctx: Ctx; input: OpenDirectChatInput }) {
  await assertChatsAllowed(ctx);
  if (input.userId === ctx.user.id) throw fieldError({ userId: "Choose a colleague, not yourself" });
  await assertCompanyUsers(ctx, [input.userId]);
  const pair = [ctx.user.id, input.userId].sort((a, b) => a - b);
  const directKey = pair.join(":");
  const { chat, created } = ctx.db.transaction((tx) => {
    const found = tx.select().from(chats).where(and(eq(chats.companyId, ctx.companyId), eq(chats.directKey, directKey))).get();
    if (found) return { chat: found, created: false };
    const row = tx.insert(chats).values({ companyId: ctx.companyId, title: "", ownerId: ctx.user.id, directKey }).returning().get();
    tx.insert(chatUsers).values(pair.map((userId) => ({ chatId: row.id, userId }))).run();
    return { chat: row, created: true };
  });
  const view = (await chatViews(ctx, [chat]))[0]!;
  if (created) await publishChatUpdate(ctx, view);
  return view;
}
