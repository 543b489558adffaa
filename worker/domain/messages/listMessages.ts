import { and, count, desc, eq } from "drizzle-orm";
import { messages } from "../../db/schema";
import { MESSAGES_PAGE_SIZE } from "../../contracts/messages";
import type { Ctx } from "../context";
import { showTicket } from "../tickets/showTicket";
import { loadMessagesByIds } from "./presentMessage";

/**
 * A page of a ticket's messages, oldest to newest within the page; page 1 is the newest. Scrolling up asks for
 * the next page number.
 */
export async function listMessages({ ctx, input }: { ctx: Ctx; input: { ticketId: number; pageNumber: number } }) {
  const ticket = await showTicket({ ctx, input: { id: input.ticketId } });
  const where = and(eq(messages.companyId, ctx.companyId), eq(messages.ticketId, ticket.id));
  const [ids, total] = await Promise.all([
    ctx.db
      .select({ id: messages.id })
      .from(messages)
      .where(where)
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(MESSAGES_PAGE_SIZE + 1)
      .offset((input.pageNumber - 1) * MESSAGES_PAGE_SIZE),
    input.pageNumber === 1 ? ctx.db.select({ n: count() }).from(messages).where(where).get() : undefined,
  ]);
  const page = ids.slice(0, MESSAGES_PAGE_SIZE).map((r) => r.id);
  const loaded = await loadMessagesByIds(ctx.db, ctx.companyId, page);
  const byId = new Map(loaded.map((m) => [m.id, m]));
  return {
    messages: page.reverse().map((id) => byId.get(id)!),
    ticket,
    count: total?.n ?? null,
    hasMore: ids.length > MESSAGES_PAGE_SIZE,
  };
}
