import { and, eq } from "drizzle-orm";
import { messages } from "../../db/tenant";
import { CLIENT_ID_PATTERN, type SendMessageInput } from "../../contracts/messages";
import type { StoredMedia } from "../../contracts/views/message";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { storeOutboundMessage } from "./storeOutboundMessage";
import { loadMessage } from "./presentMessage";
import { assertCustomerWindowOpen } from "../cloud/customerWindow";
import { signed, ticketForMessaging } from "./ticketForMessaging";

export type { StoredMedia };

/**
 * An agent sends text, or files with an optional caption, on an open ticket. Each file is its own WhatsApp
 * message; the caption goes with the first. Stored with ack 0 and queued for delivery. On a Cloud API ticket, only
 * within the customer's 24-hour window.
 */
export async function sendMessage({ ctx, input }: { ctx: Ctx; input: SendMessageInput & { ticketId: number; media?: StoredMedia[]; clientId?: string | null } }) {
  let reusedElsewhere = false;
  // Only the route's params are read before the ticket's gate (a refused body throws where it is first read).
  const clientId = input.clientId ?? undefined;
  if (clientId !== undefined) {
    // A send retried with its key (the network dropped before the answer came): the message already stored is the
    // answer, even if the ticket changed since. Hub commands run one at a time, so nothing slips in between this
    // read and the insert below; the unique index stands behind it.
    const earlier = await ctx.db
      .select({ id: messages.id, ticketId: messages.ticketId })
      .from(messages)
      .where(and(eq(messages.companyId, ctx.companyId), eq(messages.userId, ctx.user.id), eq(messages.clientId, clientId)))
      .get();
    if (earlier && earlier.ticketId === input.ticketId) {
      const message = await loadMessage(ctx.db, ctx.companyId, earlier.id);
      return [message!];
    }
    reusedElsewhere = !!earlier;
  }
  const ticket = await ticketForMessaging(ctx, input.ticketId);
  if (clientId !== undefined && (!CLIENT_ID_PATTERN.test(clientId) || reusedElsewhere)) {
    const why = reusedElsewhere ? "Already used for another send" : "Expected 8 to 64 letters, digits, - or _ (the Idempotency-Key header)";
    throw new AppError("ERR_VALIDATION", "Invalid fields: clientId", { fields: { clientId: why } });
  }
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
    const { message } = await storeOutboundMessage(ctx, ticket.id, { body, quotedMsgId: input.quotedMsgId, clientId });
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
      clientId: i === 0 ? clientId : undefined,
    });
    sent.push(message);
  }
  return sent;
}
