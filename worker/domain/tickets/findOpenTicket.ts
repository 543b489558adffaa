import { and, eq, inArray, isNull } from "drizzle-orm";
import type { OpenTicketConflict } from "../../contracts/tickets";
import type { Db } from "../../db/client";
import { queues, tickets, users } from "../../db/tenant";
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
 * The conflict the spec describes: an open ticket already exists for this contact (contracts/tickets
 * openTicketConflict). Everyone is told which queue holds it, so they can ask for a transfer
 * (requestTicketTransfer); to someone who may see that ticket it also names the owner and the ticket, so the UI can
 * say who has it, or open it when it is the caller's own. Who serves it and the ticket's id are what the visibility
 * rule keeps from anyone else.
 */
export async function otherOpenTicketError(ctx: Ctx, existing: NonNullable<Awaited<ReturnType<typeof findLiveTicket>>>) {
  const visible = canSeeTicket(viewerOf(ctx.user), scopeOf(existing), await visibilitySettings(ctx));
  const status = existing.status as "open" | "pending";
  const queue = existing.queueId ? { id: existing.queueId, name: existing.queueName ?? "" } : null;
  const user = existing.userId ? { id: existing.userId, name: existing.userName ?? "" } : null;
  const details: OpenTicketConflict = visible
    ? {
        holder: { status, queue, user },
        ticket: {
          id: existing.id,
          uuid: existing.uuid,
          status,
          userId: existing.userId,
          queueId: existing.queueId,
          user: existing.userId ? { id: existing.userId, name: existing.userName } : null,
          queue: existing.queueId ? { id: existing.queueId, name: existing.queueName } : null,
        },
      }
    : { holder: { status, queue, user: null } };
  return new AppError("ERR_OTHER_OPEN_TICKET", visible ? undefined : "This contact is already being served elsewhere.", details);
}
