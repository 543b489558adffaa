import type { Ctx } from "../context";
import { AppError } from "../errors";
import { findLiveTicket, otherOpenTicketError } from "../tickets/findOpenTicket";
import { loadContactOfCompany, resolveConnection } from "../tickets/ticketRefs";
import { openTicket } from "../tickets/openTicket";
import { visibleMessage } from "./ownMessage";
import { storeOutboundMessage } from "./storeOutboundMessage";
import { signed } from "./ticketForMessaging";

/**
 * Forwards one message to one contact (the UI sends them one at a time, about 900 ms apart). The contact's
 * live ticket is used when it is the user's; without one, a ticket is opened for the user; a ticket held by
 * someone else is a conflict naming its owner.
 */
export async function forwardMessage({ ctx, input }: { ctx: Ctx; input: { messageId: number; contactId: number; signMessage: boolean } }) {
  const { message, ticket: source } = await visibleMessage(ctx, input.messageId);
  if (message.isDeleted) throw new AppError("ERR_MESSAGE_NOT_EDITABLE", "A deleted message cannot be forwarded.");
  const contact = await loadContactOfCompany(ctx, input.contactId);
  const whatsappId = await resolveConnection(ctx, source.whatsappId);

  let ticket;
  const live = await findLiveTicket(ctx.db, ctx.companyId, contact.id, whatsappId);
  if (live) {
    if (live.status !== "open" || live.userId !== ctx.user.id) throw await otherOpenTicketError(ctx, live);
    ticket = { id: live.id, uuid: live.uuid };
  } else {
    const mayUseQueue = source.queueId !== null && (ctx.user.profile === "admin" || ctx.user.queueIds.includes(source.queueId));
    ticket = await openTicket(ctx, {
      contactId: contact.id,
      isGroup: contact.isGroup,
      whatsappId,
      userId: ctx.user.id,
      queueId: mayUseQueue ? source.queueId : null,
    });
  }
  const { message: forwarded } = await storeOutboundMessage(ctx, ticket.id, {
    body: signed(ctx, message.body, input.signMessage),
    mediaType: message.mediaType,
    mediaUrl: message.mediaUrl,
    mediaName: message.mediaName,
    isForwarded: true,
  });
  return { message: forwarded, ticketId: ticket.id, ticketUuid: ticket.uuid };
}
