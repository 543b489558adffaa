import { and, eq } from "drizzle-orm";
import { messages } from "../../db/tenant";
import type { SendMessageInput } from "../../contracts/messages";
import type { StoredMedia } from "../../contracts/views/message";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { storeOutboundMessage } from "./storeOutboundMessage";
import { assertCustomerWindowOpen } from "../cloud/customerWindow";
import { signed, ticketForMessaging } from "./ticketForMessaging";

export type { StoredMedia };

/**
 * An agent sends text, or files with an optional caption, on an open ticket. Each file is its own WhatsApp
 * message; the caption goes with the first. Stored with ack 0 and queued for delivery. On a Cloud API ticket, only
 * within the customer's 24-hour window.
 */
export async function sendMessage({ ctx, input }: { ctx: Ctx; input: SendMessageInput & { ticketId: number; media?: StoredMedia[] } }) {
  const ticket = await ticketForMessaging(ctx, input.ticketId);
  const media = input.media ?? [];
  const text = input.body.trim();
  if (!text && media.length === 0) {
    throw new AppError("ERR_VALIDATION", "Invalid fields: body", { fields: { body: "Required" } });
  }
  if (input.quotedMsgId) {
    const quoted = await ctx.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.id, input.quotedMsgId), eq(messages.ticketId, ticket.id), eq(messages.companyId, ctx.companyId)))
      .get();
    if (!quoted) throw new AppError("ERR_VALIDATION", "Invalid fields: quotedMsg", { fields: { quotedMsg: "Unknown message" } });
  }
  await assertCustomerWindowOpen(ctx, ticket);
  const body = signed(ctx, input.body, input.signMessage);
  if (media.length === 0) {
    const { message } = await storeOutboundMessage(ctx, ticket.id, { body, quotedMsgId: input.quotedMsgId });
    return [message];
  }
  const sent = [];
  for (const [i, file] of media.entries()) {
    const { message } = await storeOutboundMessage(ctx, ticket.id, {
      body: i === 0 ? body : "",
      mediaType: file.mediaType,
      mediaUrl: file.key,
      mediaName: file.name,
      quotedMsgId: i === 0 ? input.quotedMsgId : null,
    });
    sent.push(message);
  }
  return sent;
}
