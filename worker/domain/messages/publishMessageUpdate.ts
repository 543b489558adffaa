import { and, eq } from "drizzle-orm";
import { tickets } from "../../db/schema";
import { publish } from "../../hub/publish";
import type { AnyCtx } from "../context";
import { scopeOf, visibilitySettings } from "../tickets/ticketEvents";
import type { TicketScope } from "../tickets/visibility";
import { loadMessage } from "./presentMessage";

/**
 * Tells the chats that show a message that it appeared or changed (acks, edits, deletions, reactions, failures),
 * and answers the message as presented. Pass the ticket when the caller already has it.
 */
export async function publishMessageUpdate(
  ctx: Pick<AnyCtx, "db" | "env" | "companyId"> & { user?: AnyCtx["user"] },
  messageId: number,
  opts: { action?: "create" | "update"; ticket?: TicketScope } = {},
) {
  const message = await loadMessage(ctx.db, ctx.companyId, messageId);
  if (!message) return undefined;
  const ticket =
    opts.ticket ??
    (await ctx.db
      .select({ status: tickets.status, userId: tickets.userId, queueId: tickets.queueId, isGroup: tickets.isGroup })
      .from(tickets)
      .where(and(eq(tickets.companyId, ctx.companyId), eq(tickets.id, message.ticketId)))
      .get());
  if (!ticket) return message;
  const settings = await visibilitySettings(ctx);
  await publish(ctx.env, ctx.companyId, [
    {
      audience: { kind: "chatBox", ticketId: message.ticketId, ticket: scopeOf(ticket), settings },
      event: { type: "appMessage", action: opts.action ?? "update", message },
    },
  ]);
  return message;
}
