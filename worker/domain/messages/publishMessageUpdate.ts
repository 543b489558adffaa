import { and, eq, type SQL } from "drizzle-orm";
import { messages, tickets } from "../../db/tenant";
import type { AnyCtx } from "../context";
import { scopeOf, visibilitySettings } from "../tickets/ticketEvents";
import type { TicketScope } from "../tickets/visibility";
import { messagesQuery, presentMessageRow, type PresentedMessage } from "./presentMessage";

/**
 * Tells the chats that show a message that it appeared or changed (acks, edits, deletions, reactions, failures),
 * and answers the message as presented. The message and its ticket's scope are read in one round trip (acks
 * arrive three per message sent); pass the ticket when the caller already has it.
 */
export async function publishMessageUpdate(
  ctx: Pick<AnyCtx, "db" | "hub" | "companyId"> & { user?: AnyCtx["user"]; companySettings?: Record<string, string> },
  messageId: number,
  opts: { action?: "create" | "update"; ticket?: TicketScope } = {},
) {
  const messageQuery = messagesQuery(ctx.db, and(eq(messages.companyId, ctx.companyId), eq(messages.id, messageId))!, { limit: 1 });
  const ticketQuery = ticketScopeOfMessage(ctx, eq(messages.id, messageId));
  const [messageRows, ticketRows] = opts.ticket ? [await messageQuery, []] : await ctx.db.batch([messageQuery, ticketQuery]);
  if (!messageRows[0]) return undefined;
  const message = presentMessageRow(messageRows[0]);
  const ticket = opts.ticket ?? ticketRows[0];
  if (ticket) await announceMessage(ctx, message, ticket, opts.action ?? "update");
  return message;
}

/** The scope of the ticket of the company's message matching `message` (by id, by WhatsApp id). Unawaited, for a batch. */
export function ticketScopeOfMessage(ctx: Pick<AnyCtx, "db" | "companyId">, message: SQL) {
  return ctx.db
    .select({ status: tickets.status, userId: tickets.userId, queueId: tickets.queueId, isGroup: tickets.isGroup })
    .from(tickets)
    .innerJoin(messages, eq(messages.ticketId, tickets.id))
    .where(and(eq(tickets.companyId, ctx.companyId), eq(messages.companyId, ctx.companyId), message))
    .limit(1);
}

/** Sends an already-loaded message to the chats that show its ticket. */
export async function announceMessage(
  ctx: Pick<AnyCtx, "db" | "hub" | "companyId"> & { user?: AnyCtx["user"]; companySettings?: Record<string, string> },
  message: PresentedMessage,
  ticket: TicketScope,
  action: "create" | "update",
) {
  const settings = await visibilitySettings(ctx);
  await ctx.hub.publish([
    { audience: { kind: "chatBox", ticketId: message.ticketId, ticket: scopeOf(ticket), settings }, event: { type: "appMessage", action, message } },
  ]);
}
