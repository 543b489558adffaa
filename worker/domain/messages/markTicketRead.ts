import { and, desc, eq, gt } from "drizzle-orm";
import { messages, tickets, whatsapps } from "../../db/tenant";
import { enqueueOutbound } from "./enqueueOutbound";
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
  await sendReadReceipt(ctx, ticket);
  const scope = scopeOf(ticket);
  await ctx.hub.publish([
    {
      audience: { kind: "ticket", before: scope, after: scope, settings: await visibilitySettings(ctx) },
      event: { type: "ticket", action: "updateUnread", ticketId: ticket.id },
    },
  ]);
  return { changed: true };
}

/**
 * On a Cloud API connection the customer sees blue ticks when an agent opens the conversation: Meta is told the
 * newest message the contact wrote was read (that marks the earlier ones too). WhatsApp Web connections read as
 * the phone does.
 */
async function sendReadReceipt(ctx: Ctx, ticket: { id: number; whatsappId: number | null }) {
  if (ticket.whatsappId === null) return;
  const connection = await ctx.db.select({ channel: whatsapps.channel }).from(whatsapps).where(and(eq(whatsapps.companyId, ctx.companyId), eq(whatsapps.id, ticket.whatsappId))).get();
  if (connection?.channel !== "cloud") return;
  const newest = await ctx.db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.companyId, ctx.companyId), eq(messages.ticketId, ticket.id), eq(messages.fromMe, false)))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(1)
    .get();
  if (newest) await enqueueOutbound(ctx, { kind: "read", companyId: ctx.companyId, messageId: newest.id });
}

/** The ticket's unread messages marked read (unawaited, for the batch that clears its count). */
export function markMessagesRead(ctx: Pick<AnyCtx, "db" | "companyId">, ticketId: number) {
  return ctx.db
    .update(messages)
    .set({ read: true })
    .where(and(eq(messages.ticketId, ticketId), eq(messages.companyId, ctx.companyId), eq(messages.read, false)));
}
