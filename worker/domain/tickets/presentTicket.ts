import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { inList } from "../../db/inList";
import { templateFamily } from "../../db/preparedTemplates";
import { messages, tickets } from "../../db/tenant";
import type { TicketView } from "../../contracts/views/ticket";

/**
 * The delivery state (ack) of the ticket's last message when we sent it, null when the contact did: the list's
 * preview shows its ticks. Reactions are not the last message (they do not move the ticket), nor are the chatbot's
 * messages (storeOutboundMessage keeps the contact's words as the preview; a bot row has sent_by_bot and its
 * kind in data_json). One step down the (ticket_id, created_at) index per ticket.
 */
// The relational query names its root table "tickets" and writes extras' columns unqualified ("id" would be the
// message's own id inside the subquery), so the ticket's id is spelled out.
const ticketIdOfRow = sql`${sql.identifier("tickets")}.${sql.identifier("id")}`;
const lastMessageAck = sql<number | null>`(
  select case when m.from_me then m.ack end from ${messages} m
  where m.ticket_id = ${ticketIdOfRow} and m.media_type <> 'reactionMessage'
    and not (m.from_me and m.sent_by_bot and m.data_json is not null)
  order by m.created_at desc, m.id desc limit 1
)`;

function buildTicketsQuery(db: Db, where: SQL, { paged }: { paged: boolean }) {
  return db.query.tickets.findMany({
    where,
    extras: { lastMessageAck: lastMessageAck.as("last_message_ack") },
    limit: paged ? sql.placeholder("limit") : undefined,
    offset: paged ? sql.placeholder("offset") : undefined,
    with: {
      contact: {
        columns: { id: true, name: true, number: true, email: true, profilePicUrl: true, isGroup: true, presence: true, disableBot: true, undeliverableAt: true },
      },
      user: { columns: { id: true, name: true } },
      queue: { columns: { id: true, name: true, color: true } },
      whatsapp: { columns: { id: true, name: true, status: true, channel: true } },
      ticketTags: { columns: {}, with: { tag: { columns: { id: true, name: true, color: true, kanban: true } } } },
    },
  });
}

type TicketRows = Awaited<ReturnType<typeof buildTicketsQuery>>;

const ticketTemplates = templateFamily<TicketRows>((db, where) => buildTicketsQuery(db, where, { paged: false }));
const pagedTicketTemplates = templateFamily<TicketRows>((db, where) => buildTicketsQuery(db, where, { paged: true }));

/**
 * The ticket as lists, the chat header and realtime events show it (spec 000 section 3). The query is returned
 * unawaited so that callers can put it in a `db.batch` with the queries it depends on (one D1 round trip). It is
 * prepared once per shape of `where` (preparedTemplates): building it took longer than running it.
 */
export function ticketsQuery(db: Db, where: SQL | undefined, opts: { limit?: number; offset?: number } = {}) {
  // Every caller filters by company; a missing condition would read every company's tickets.
  if (!where) throw new Error("ticketsQuery: a condition (at least the company) is required");
  if (opts.limit === undefined && opts.offset === undefined) return ticketTemplates(db, where);
  // SQLite reads a negative limit as none.
  return pagedTicketTemplates(db, where, { limit: opts.limit ?? -1, offset: opts.offset ?? 0 });
}

export function presentTickets(rows: TicketRows): TicketView[] {
  return rows.map(({ ticketTags, ...t }) => ({
    ...t,
    presence: t.contact.presence,
    tags: ticketTags.map((tt) => tt.tag),
  }));
}

export async function loadTickets(db: Db, where: SQL | undefined, opts: { limit?: number; offset?: number } = {}) {
  return presentTickets(await ticketsQuery(db, where, opts));
}

export type PresentedTicket = TicketView;

export async function loadTicket(db: Db, companyId: number, ticketId: number): Promise<PresentedTicket | undefined> {
  const [ticket] = await loadTickets(db, and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)), { limit: 1 });
  return ticket;
}

export async function loadTicketsByIds(db: Db, companyId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return loadTickets(db, and(eq(tickets.companyId, companyId), inList(tickets.id, ids)));
}
