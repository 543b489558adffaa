import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { queues, tickets, users } from "../../db/schema";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { scopeOf, visibilitySettings } from "./ticketEvents";
import { canSeeTicket, viewerOf } from "./visibility";

/** The contact's live (open or pending) ticket on a connection, if any. */
export async function findLiveTicket(db: Db, companyId: number, contactId: number, whatsappId: number | null, exceptId?: number) {
  const rows = await db
    .select({
      id: tickets.id,
      uuid: tickets.uuid,
      status: tickets.status,
      userId: tickets.userId,
      queueId: tickets.queueId,
      isGroup: tickets.isGroup,
      userName: users.name,
      queueName: queues.name,
    })
    .from(tickets)
    .leftJoin(users, eq(users.id, tickets.userId))
    .leftJoin(queues, eq(queues.id, tickets.queueId))
    .where(
      and(
        eq(tickets.companyId, companyId),
        eq(tickets.contactId, contactId),
        whatsappId === null ? isNull(tickets.whatsappId) : eq(tickets.whatsappId, whatsappId),
        inArray(tickets.status, ["open", "pending"]),
      ),
    );
  return rows.find((r) => r.id !== exceptId);
}

/**
 * The conflict the spec describes: an open ticket already exists for this contact. To someone who may see that
 * ticket it names the owner and the queue, so the UI can say who has it, or open it when it is the caller's own.
 * Anyone else learns only that the contact is being served elsewhere: who serves it, in which queue, and the
 * ticket's id are what the visibility rule keeps from them.
 */
export async function otherOpenTicketError(ctx: Ctx, existing: NonNullable<Awaited<ReturnType<typeof findLiveTicket>>>) {
  if (!canSeeTicket(viewerOf(ctx.user), scopeOf(existing), await visibilitySettings(ctx))) {
    return new AppError("ERR_OTHER_OPEN_TICKET", "This contact is already being served elsewhere.");
  }
  return new AppError("ERR_OTHER_OPEN_TICKET", undefined, {
    ticket: {
      id: existing.id,
      uuid: existing.uuid,
      status: existing.status,
      userId: existing.userId,
      queueId: existing.queueId,
      user: existing.userId ? { id: existing.userId, name: existing.userName } : null,
      queue: existing.queueId ? { id: existing.queueId, name: existing.queueName } : null,
    },
  });
}
