import type { CreateChatInput } from "../../contracts/chats";
import { chats } from "../../db/tenant";
import type { Ctx } from "../context";
import { assertChatsAllowed, assertCompanyUsers, chatViews, insertMembers, publishChatUpdate } from "./view";

/** POST /chats: a group chat owned by the acting user, with the colleagues chosen (all of this company). */
export async function createChat({ ctx, input }: { ctx: Ctx; input: CreateChatInput }) {
  await assertChatsAllowed(ctx);
  await assertCompanyUsers(ctx, input.users);
  const members = [...new Set([ctx.user.id, ...input.users])];
  const chat = ctx.db.transaction((tx) => {
    const row = tx.insert(chats).values({ companyId: ctx.companyId, title: input.title, ownerId: ctx.user.id }).returning().get();
    insertMembers(tx, row.id, members);
    return row;
  });
  const view = (await chatViews(ctx, [chat]))[0]!;
  await publishChatUpdate(ctx, view);
  return view;
}
