import type { SendChatMessageInput } from "../../contracts/chats";
import type { Ctx } from "../context";
import { postChatMessage } from "./messages";
import { memberChat } from "./view";

/** POST /chats/:id/messages: a member's text message (see postChatMessage). */
export async function sendChatMessage({ ctx, input }: { ctx: Ctx; input: { id: number } & SendChatMessageInput }) {
  const chat = await memberChat(ctx, input.id);
  return postChatMessage(ctx, chat, { message: input.message, mentions: input.mentions });
}
