import { and, eq, gt, or, sql, type SQL } from "drizzle-orm";
import { pageFrom, type CursorPosition, type PublicPageQuery } from "../../contracts/publicApi/paging";
import { messages } from "../../db/tenant";
import type { Ctx } from "../context";
import { loadMessages } from "../messages/presentMessage";
import { visibleTicket } from "../shared/visibleTicket";

/**
 * GET /api/v1/tickets/:id/messages: a ticket's messages oldest to newest, a cursor page at a time, for a ticket the
 * caller may see (another company's does not exist). It walks messages_ticket_created_idx from the cursor on.
 */
export async function listTicketMessagesPage({ ctx, input }: { ctx: Ctx; input: PublicPageQuery & { ticketId: number } }) {
  const ticket = await visibleTicket(ctx, input.ticketId);
  const rows = await loadMessages(ctx.db, ticketMessagesPageWhere(ctx.companyId, ticket.id, input.cursor), { limit: input.limit + 1 });
  return pageFrom(rows, input.limit, (m) => [m.createdAt.getTime(), m.id]);
}

/** The ticket's messages past the cursor (in the company, oldest first). */
export function ticketMessagesPageWhere(companyId: number, ticketId: number, cursor: CursorPosition | undefined): SQL {
  // `+company_id` keeps the company's filter out of the index choice: without it SQLite (no statistics) walks
  // messages_company_created_idx, every message of the company from the cursor on, instead of the ticket's.
  return and(sql`+${messages.companyId} = ${companyId}`, eq(messages.ticketId, ticketId), cursor ? after(cursor) : undefined)!;
}

/** Past the cursor's message in (createdAt, id) order. */
function after([createdAt, id]: CursorPosition): SQL | undefined {
  const at = new Date(Number(createdAt));
  return or(gt(messages.createdAt, at), and(eq(messages.createdAt, at), gt(messages.id, id)));
}
