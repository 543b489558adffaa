import type { Ctx } from "../context";
import { chatViews, memberChat } from "./view";

/** GET /chats/:id: one chat of the acting user's (members only). */
export async function getChat({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  const chat = await memberChat(ctx, input.id);
  return (await chatViews(ctx, [chat]))[0]!;
}
