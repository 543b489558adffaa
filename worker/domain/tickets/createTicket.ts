import { tickets } from "../../db/schema";
import type { CreateTicketInput } from "../../contracts/tickets";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { findLiveTicket, otherOpenTicketError } from "./findOpenTicket";
import { loadTicket } from "./presentTicket";
import { publishTicketUpdate } from "./ticketEvents";
import { assertQueueOfCompany, assertUserOfCompany, loadContactOfCompany, resolveConnection } from "./ticketRefs";
import { ticketIdByUuid, trackingRow } from "./tracking";

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
  if (existing) throw otherOpenTicketError(existing);

  const now = new Date();
  const uuid = crypto.randomUUID();
  const scope = { status: "open" as const, userId, queueId: input.queueId ?? null, isGroup: contact.isGroup, whatsappId };
  const [inserted] = await ctx.db.batch([
    ctx.db.insert(tickets).values({
      uuid,
      companyId: ctx.companyId,
      contactId: contact.id,
      whatsappId,
      userId,
      queueId: scope.queueId,
      status: "open",
      isGroup: contact.isGroup,
      createdAt: now,
      updatedAt: now,
    }).returning({ id: tickets.id }),
    trackingRow(ctx, ticketIdByUuid(uuid), "create", null, scope, now),
  ]);
  const ticket = (await loadTicket(ctx.db, ctx.companyId, inserted[0]!.id))!;
  await publishTicketUpdate(ctx, null, ticket);
  return ticket;
}
