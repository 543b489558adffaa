import { and, eq } from "drizzle-orm";
import type { ChatView } from "../../contracts/chats";
import { chats, chatUsers } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { assertChatsAllowed, chatViews, recentFirst } from "./view";

/** More chats than a person keeps; the list is the spec's `records`, not paged. */
const MAX_LISTED = 500;

/**
 * GET /chats: the acting user's chats, the most recently active first, each with its members and their unread
 * counts. With `scope: "all"` an admin sees which chats the company has (titles and members), but not what was
 * said in those they are not in.
 */
export async function listChats({ ctx, input }: { ctx: Ctx; input: { scope: "mine" | "all" } }): Promise<{ records: ChatView[] }> {
  await assertChatsAllowed(ctx);
  if (input.scope === "all") {
    if (ctx.user.profile !== "admin") throw new AppError("ERR_NO_PERMISSION");
    const rows = await ctx.db.select().from(chats).where(eq(chats.companyId, ctx.companyId)).orderBy(recentFirst).limit(MAX_LISTED).all();
    const views = await chatViews(ctx, rows);
    return {
      records: views.map((v) =>
        v.users.some((u) => u.userId === ctx.user.id) ? v : { ...v, lastMessage: "", users: v.users.map((u) => ({ ...u, unreads: 0 })) },
      ),
    };
  }
  const rows = await ctx.db
    .select({ chat: chats })
    .from(chats)
    .innerJoin(chatUsers, and(eq(chatUsers.chatId, chats.id), eq(chatUsers.userId, ctx.user.id)))
    .where(eq(chats.companyId, ctx.companyId))
    .orderBy(recentFirst)
    .limit(MAX_LISTED)
    .all();
  return { records: await chatViews(ctx, rows.map((r) => r.chat)) };
}
