import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { KANBAN_MAX_TICKETS, type KanbanBoardQuery } from "../../contracts/kanban";
import { inList } from "../../db/inList";
import { contacts, queues, tags, tickets, ticketTags, users } from "../../db/schema";
import { can } from "../permissions";
import { assertPlanFeature } from "../plans/planLimits";
import type { Ctx } from "../context";
import { visibilitySettings } from "../tickets/ticketEvents";
import { viewerOf, visibleTicketsWhere } from "../tickets/visibility";
import type { KanbanCard } from "./card";

/**
 * GET /ticket/kanban: the board's cards, every open and pending ticket of the chosen queues, the most recently
 * active first (at most KANBAN_MAX_TICKETS; `hasMore` when there were more). Spec 002: only tickets of the user's
 * own queues; admins (kanban:allQueues) may choose any queue, and with none chosen see every ticket, those without
 * a queue included. Lanes are the client's to draw: a card's lane is its first kanban tag in board order.
 */
export async function kanbanBoard({ ctx, input }: { ctx: Ctx; input: KanbanBoardQuery }) {
  await assertPlanFeature(ctx, "useKanban");
  const queueScope = queueCondition(ctx, input.queueIds);
  if (queueScope === "none") return { tickets: [] as KanbanCard[], hasMore: false };
  const where = and(
    eq(tickets.companyId, ctx.companyId),
    inArray(tickets.status, ["open", "pending"]),
    queueScope,
    visibleTicketsWhere(viewerOf(ctx.user), await visibilitySettings(ctx)),
  );
  const rows = await ctx.db
    .select({
      id: tickets.id,
      uuid: tickets.uuid,
      status: tickets.status,
      lastMessage: tickets.lastMessage,
      isGroup: tickets.isGroup,
      userId: tickets.userId,
      queueId: tickets.queueId,
      createdAt: tickets.createdAt,
      updatedAt: tickets.updatedAt,
      kanbanLaneAt: tickets.kanbanLaneAt,
      contact: { id: contacts.id, name: contacts.name, number: contacts.number, profilePicUrl: contacts.profilePicUrl },
      userName: users.name,
      queueName: queues.name,
      queueColor: queues.color,
    })
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .leftJoin(users, eq(users.id, tickets.userId))
    .leftJoin(queues, eq(queues.id, tickets.queueId))
    .where(where)
    .orderBy(desc(tickets.updatedAt), desc(tickets.id))
    .limit(KANBAN_MAX_TICKETS + 1);
  const hasMore = rows.length > KANBAN_MAX_TICKETS;
  const shown = hasMore ? rows.slice(0, KANBAN_MAX_TICKETS) : rows;
  const tagsOf = await tagsOfTickets(ctx, shown.map((r) => r.id));
  const cards: KanbanCard[] = shown.map(({ userName, queueName, queueColor, ...r }) => ({
    ...r,
    user: r.userId !== null && userName !== null ? { id: r.userId, name: userName } : null,
    queue: r.queueId !== null && queueName !== null ? { id: r.queueId, name: queueName, color: queueColor ?? "" } : null,
    tags: tagsOf.get(r.id) ?? [],
  }));
  return { tickets: cards, hasMore };
}

/** The queue filter: undefined (no condition), a condition, or "none" when nothing can match. */
function queueCondition(ctx: Ctx, asked: number[] | undefined) {
  if (can(ctx.user, "kanban:allQueues")) return asked?.length ? inList(tickets.queueId, asked) : undefined;
  const own = new Set(ctx.user.queueIds);
  const queueIds = asked?.length ? asked.filter((id) => own.has(id)) : [...own];
  return queueIds.length ? inList(tickets.queueId, queueIds) : ("none" as const);
}

async function tagsOfTickets(ctx: Ctx, ticketIds: number[]) {
  const byTicket = new Map<number, KanbanCard["tags"]>();
  if (ticketIds.length === 0) return byTicket;
  const rows = await ctx.db
    .select({ ticketId: ticketTags.ticketId, id: tags.id, name: tags.name, color: tags.color, kanban: tags.kanban })
    .from(ticketTags)
    .innerJoin(tags, eq(tags.id, ticketTags.tagId))
    .where(and(inList(ticketTags.ticketId, ticketIds), eq(tags.companyId, ctx.companyId)))
    .orderBy(asc(tags.name), asc(tags.id));
  for (const { ticketId, ...tag } of rows) {
    const list = byTicket.get(ticketId);
    if (list) list.push(tag);
    else byTicket.set(ticketId, [tag]);
  }
  return byTicket;
}
