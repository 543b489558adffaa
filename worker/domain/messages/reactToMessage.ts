import type { Ctx } from "../context";
import { visibleMessage } from "./ownMessage";
import { storeOutboundMessage } from "./storeOutboundMessage";
import { ticketForMessaging } from "./ticketForMessaging";

/** A reaction is a WhatsApp message pointing at another; it does not move the ticket to the top. */
export async function reactToMessage({ ctx, input }: { ctx: Ctx; input: { messageId: number; emoji: string } }) {
  const { message } = await visibleMessage(ctx, input.messageId);
  await ticketForMessaging(ctx, message.ticketId);
  const { message: reaction } = await storeOutboundMessage(ctx, message.ticketId, {
    body: input.emoji,
    mediaType: "reactionMessage",
    quotedMsgId: message.id,
    touchTicket: false,
  });
  return reaction;
}
