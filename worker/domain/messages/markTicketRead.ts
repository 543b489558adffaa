import { and, eq, gt } from "drizzle-orm";
import { messages, tickets } from "../../db/tenant";
import type { AnyCtx, Ctx } from "../context";
import { scopeOf, visibilitySettings } from "../tickets/ticketEvents";

/**
 * The owner opened the chat, or read a message that arrived while it was open: its unread count drops to zero. Runs in the hub so it cannot lose a message
 * counted by an inbound write happening at the same moment.
 */
export async function markTicketRead({ ctx, input }: { ctx: Ctx; input: { ticketId: number } }) {
  const ticket = await ctx.db
    .select()
    .from(tickets)
    .where(and(eq(tickets.id, input.ticketId), eq(tickets.companyId, ctx.companyId), gt(tickets.unreadMessages, 0)))
    .get();
  if (!ticket || ticket.userId !== ctx.user.id) return { changed: false };
  await ctx.db.batch([
    // Reading is not activity: updatedAt (the list's order and last-interaction label) stays as it was.
    ctx.db.update(tickets).set({ unreadMessages: 0, updatedAt: ticket.updatedAt }).where(eq(tickets.id, ticket.id)),
    markMessagesRead(ctx, ticket.id),
  ]);
  const scope = scopeOf(ticket);
  await ctx.hub.publish([
    {
      audience: { kind: "ticket", before: scope, after: scope, settings: await visibilitySettings(ctx) },
      event: { type: "ticket", action: "updateUnread", ticketId: ticket.id },
    },
  ]);
  return { changed: true };
}

/** The ticket's unread messages marked read (unawaited, for the batch that clears its count). */
export function markMessagesRead(ctx: Pick<AnyCtx, "db" | "companyId">, ticketId: number) {
  return ctx.db
    .update(messages)
    .set({ read: true })
    .where(and(eq(messages.ticketId, ticketId), eq(messages.companyId, ctx.companyId), eq(messages.read, false)));
}
