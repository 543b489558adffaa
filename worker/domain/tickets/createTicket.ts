import type { CreateTicketInput } from "../../contracts/tickets";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { findLiveTicket, otherOpenTicketError } from "./findOpenTicket";
import { openTicket } from "./openTicket";
import { assertQueueOfCompany, assertUserOfCompany, loadContactOfCompany, resolveConnection } from "./ticketRefs";

/**
 * An agent starts a conversation with a contact (the "new ticket" dialog, or "start a ticket" on a contact).
 * Runs in the company's hub: of twenty simultaneous requests for the same contact, one creates the ticket and
 * the others get ERR_OTHER_OPEN_TICKET naming its owner.
 */
export async function createTicket({ ctx, input }: { ctx: Ctx; input: CreateTicketInput }) {
  const isAdmin = ctx.user.profile === "admin";
  const contact = await loadContactOfCompany(ctx, input.contactId);
  if (!input.queueId && !isAdmin) {
    throw new AppError("ERR_VALIDATION", "Invalid fields: queueId", { fields: { queueId: "Selecione uma fila" } });
  }
  if (input.queueId) {
    await assertQueueOfCompany(ctx, input.queueId);
    if (!isAdmin && !ctx.user.queueIds.includes(input.queueId)) {
      throw new AppError("ERR_VALIDATION", "Invalid fields: queueId", { fields: { queueId: "Selecione uma fila" } });
    }
  }
  // Only admins open a ticket on someone else's behalf.
  const userId = isAdmin && input.userId ? (await assertUserOfCompany(ctx, input.userId)).id : ctx.user.id;
  const whatsappId = await resolveConnection(ctx, input.whatsappId);

  const existing = await findLiveTicket(ctx.db, ctx.companyId, contact.id, whatsappId);
  if (existing) throw await otherOpenTicketError(ctx, existing);

  return openTicket(ctx, { contactId: contact.id, isGroup: contact.isGroup, whatsappId, userId, queueId: input.queueId ?? null });
}
