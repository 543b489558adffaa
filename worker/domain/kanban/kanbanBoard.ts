import { and, desc, asc, eq, inArray } from "drizzle-orm";
import { KANBAN_LANE_PAGE_SIZE, laneCursor, type KanbanBoardQuery, type KanbanLanePage } from "../../contracts/kanban";
import { inList } from "../../db/inList";
import { contacts, queues, tags, tickets, ticketTags, users } from "../../db/tenant";
import { can } from "../permissions";
import { assertPlanFeature } from "../plans/planLimits";
import type { Ctx } from "../context";
import { AppError, fieldError } from "../errors";
import { visibilitySettings } from "../tickets/ticketEvents";
import { viewerOf, visibleTicketsWhere } from "../tickets/visibility";
import type { KanbanBoardPage, KanbanCard } from "./card";
import { laneOfTicketSql, laneOrder } from "./lanes";

/**
 * GET /ticket/kanban: the board's cards, of every open and pending ticket of the chosen queues, a page per lane.
 * Without `lane`: the first KANBAN_LANE_PAGE_SIZE cards of every lane (the most recently active first), so the
 * first paint does not grow with the board; with `lane` and `cursor`: that lane's next page. Beside the cards,
 * each lane's paging (`lanes`: how many cards it holds, whether more follow, where the next page starts); `hasMore`
 * says some lane has more than was sent. A card's lane is its first kanban tag in board order (laneOfTicketSql).
 * Spec 002: only tickets of the user's own queues; admins (kanban:allQueues) may choose any queue, and with none
 * chosen see every ticket, those without a queue included.
 */
export async function kanbanBoard({ ctx, input }: { ctx: Ctx; input: KanbanBoardQuery }): Promise<KanbanBoardPage> {
  await assertPlanFeature(ctx, "useKanban");
  const lanes = await lanesAsked(ctx, input.lane);
  const queueScope = queueCondition(ctx, input.queueIds);
  // Every card's place (id, activity, lane): small rows, read in the hub; only the pages' cards are loaded whole.
  const places =
    queueScope === "none"
      ? []
      : await ctx.db
          .select({ id: tickets.id, updatedAt: tickets.updatedAt, lane: laneOfTicketSql(ctx) })
          .from(tickets)
          .where(
            and(
              eq(tickets.companyId, ctx.companyId),
              inArray(tickets.status, ["open", "pending"]),
              queueScope,
              visibleTicketsWhere(viewerOf(ctx.user), await visibilitySettings(ctx)),
            ),
          )
          .orderBy(desc(tickets.updatedAt), desc(tickets.id));
  const byLane = new Map(lanes.map((lane) => [lane, [] as typeof places]));
  for (const place of places) byLane.get(place.lane)?.push(place);

  const after = input.cursor;
  const sent = new Set<number>();
  const paging: KanbanLanePage[] = lanes.map((laneTagId) => {
    const cards = byLane.get(laneTagId)!;
    const olderThanCursor = after ? cards.findIndex((c) => c.updatedAt.getTime() < after.updatedAt || (c.updatedAt.getTime() === after.updatedAt && c.id < after.id)) : 0;
    const start = olderThanCursor === -1 ? cards.length : olderThanCursor;
    const page = cards.slice(start, start + KANBAN_LANE_PAGE_SIZE);
    for (const card of page) sent.add(card.id);
    const hasMore = start + page.length < cards.length;
    return { laneTagId, count: cards.length, hasMore, cursor: hasMore ? laneCursor.of(page.at(-1)!) : null };
  });
  const cards = await cardsOf(ctx, places.filter((p) => sent.has(p.id)).map((p) => p.id));
  return { tickets: cards, hasMore: paging.some((l) => l.hasMore), lanes: paging };
}

/** The lanes to page, left to right: every lane ('Em aberto', then the kanban tags in board order), or the one asked. */
async function lanesAsked(ctx: Ctx, lane: number | null | undefined): Promise<(number | null)[]> {
  const laneTags = await ctx.db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.companyId, ctx.companyId), eq(tags.kanban, 1)))
    .orderBy(...laneOrder);
  const all = [null, ...laneTags.map((t) => t.id)];
  if (lane === undefined) return all;
  if (all.includes(lane)) return [lane];
  const tag = await ctx.db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.id, lane!), eq(tags.companyId, ctx.companyId)))
    .get();
  if (!tag) throw new AppError("ERR_NO_TAG_FOUND");
  throw fieldError({ lane: "Not a kanban lane" });
}

/** The queue filter: undefined (no condition), a condition, or "none" when nothing can match. */
function queueCondition(ctx: Ctx, asked: number[] | undefined) {
  if (can(ctx.user, "kanban:allQueues")) return asked?.length ? inList(tickets.queueId, asked) : undefined;
  const own = new Set(ctx.user.queueIds);
  const queueIds = asked?.length ? asked.filter((id) => own.has(id)) : [...own];
  return queueIds.length ? inList(tickets.queueId, queueIds) : ("none" as const);
}

/** The cards of these tickets (all visible, read just before), in the order given. */
async function cardsOf(ctx: Ctx, ticketIds: number[]): Promise<KanbanCard[]> {
  if (ticketIds.length === 0) return [];
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
    .where(and(eq(tickets.companyId, ctx.companyId), inList(tickets.id, ticketIds)));
  const tagsOf = await tagsOfTickets(ctx, ticketIds);
  const byId = new Map(
    rows.map(({ userName, queueName, queueColor, ...r }) => [
      r.id,
      {
        ...r,
        user: r.userId !== null && userName !== null ? { id: r.userId, name: userName } : null,
        queue: r.queueId !== null && queueName !== null ? { id: r.queueId, name: queueName, color: queueColor ?? "" } : null,
        tags: tagsOf.get(r.id) ?? [],
      } satisfies KanbanCard,
    ]),
  );
  return ticketIds.flatMap((id) => byId.get(id) ?? []);
}

async function tagsOfTickets(ctx: Ctx, ticketIds: number[]) {
  const byTicket = new Map<number, KanbanCard["tags"]>();
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
