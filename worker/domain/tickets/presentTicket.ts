import { and, eq, inArray, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { tickets } from "../../db/schema";

/**
 * The ticket as lists, the chat header and realtime events show it (spec 000 section 3). The query is returned
 * unawaited so that callers can put it in a `db.batch` with the queries it depends on (one D1 round trip).
 */
export function ticketsQuery(db: Db, where: SQL | undefined, opts: { limit?: number; offset?: number; orderBy?: SQL[] } = {}) {
  return db.query.tickets.findMany({
    where,
    limit: opts.limit,
    offset: opts.offset,
    orderBy: opts.orderBy,
    with: {
      contact: {
        columns: { id: true, name: true, number: true, email: true, profilePicUrl: true, isGroup: true, presence: true, disableBot: true },
      },
      user: { columns: { id: true, name: true } },
      queue: { columns: { id: true, name: true, color: true } },
      whatsapp: { columns: { id: true, name: true, status: true } },
      ticketTags: { columns: {}, with: { tag: { columns: { id: true, name: true, color: true, kanban: true } } } },
    },
  });
}

export function presentTickets(rows: Awaited<ReturnType<typeof ticketsQuery>>) {
  return rows.map(({ ticketTags, ...t }) => ({
    ...t,
    presence: t.contact.presence,
    tags: ticketTags.map((tt) => tt.tag),
  }));
}

export async function loadTickets(db: Db, where: SQL | undefined, opts: { limit?: number; offset?: number; orderBy?: SQL[] } = {}) {
  return presentTickets(await ticketsQuery(db, where, opts));
}

export type PresentedTicket = Awaited<ReturnType<typeof loadTickets>>[number];

export async function loadTicket(db: Db, companyId: number, ticketId: number): Promise<PresentedTicket | undefined> {
  const [ticket] = await loadTickets(db, and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)), { limit: 1 });
  return ticket;
}

export async function loadTicketsByIds(db: Db, companyId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return loadTickets(db, and(eq(tickets.companyId, companyId), inArray(tickets.id, ids)));
}
