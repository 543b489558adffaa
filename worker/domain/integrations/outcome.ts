import { and, eq, sql } from "drizzle-orm";
import type { IntegrationReply } from "../../contracts/integrationWebhook";
import { queues, tags, ticketNotes, tickets, ticketTags } from "../../db/schema";
import type { SystemCtx } from "../context";
import { handOver } from "../assistant/handOver";
import { isLastMessage, type AssistantJobRef } from "../assistant/turn";
import { announce } from "../inbound/ingestMessage";
import { storeOutboundMessage } from "../messages/storeOutboundMessage";
import { settingsFor } from "../settings/companySettingValues";
import { trackingRow } from "../tickets/tracking";
import { integrationFailureNote } from "./notes";
import { integrationTicket, withIntegration } from "./turn";

export type IntegrationOutcome =
  | { kind: "reply"; reply: IntegrationReply }
  | { kind: "failed"; reason: "timeout" | "network" | "refused" | "server" | "secret" | "unsupported"; status: number | null };

/**
 * Carries out what an integration answered (in the hub's command queue): its messages sent as the bot, then its
 * commands in order — transfer, close, tag, note, end. A failed call leaves the ticket with an agent and a note.
 * Nothing happens when the ticket left the integration or the contact wrote again meanwhile.
 */
export async function integrationOutcome({ ctx, input }: { ctx: SystemCtx; input: AssistantJobRef & { integrationId: number; outcome: IntegrationOutcome } }) {
  const ticket = await integrationTicket(ctx, input.ticketId);
  if (!withIntegration(ticket) || ticket.integrationId !== input.integrationId || !(await isLastMessage(ctx, ticket.id, input.messageId))) return { applied: false };
  const { outcome } = input;
  if (outcome.kind === "failed") {
    const settings = await settingsFor(ctx, ["language"]);
    await handOver(ctx, ticket.id, ticket.queueId, integrationFailureNote(settings.language, outcome.reason, outcome.status));
    return { applied: true };
  }
  for (const m of outcome.reply.messages) await storeOutboundMessage(ctx, ticket.id, { body: m.body, bot: { kind: "integration" } });
  for (const action of outcome.reply.actions) {
    if (action.type === "note") {
      await ctx.db.insert(ticketNotes).values({ companyId: ctx.companyId, note: action.note, userId: null, contactId: ticket.contactId, ticketId: ticket.id });
    } else if (action.type === "tag") {
      const tag = await ctx.db.select({ id: tags.id }).from(tags).where(and(eq(tags.companyId, ctx.companyId), sql`${tags.name} = ${action.tag} collate nocase`)).get();
      if (tag) await ctx.db.insert(ticketTags).values({ ticketId: ticket.id, tagId: tag.id }).onConflictDoNothing();
    } else if (action.type === "transfer") {
      const queue = action.queueId
        ? await ctx.db.select({ id: queues.id }).from(queues).where(and(eq(queues.companyId, ctx.companyId), eq(queues.id, action.queueId))).get()
        : action.queue
          ? await ctx.db.select({ id: queues.id }).from(queues).where(and(eq(queues.companyId, ctx.companyId), sql`${queues.name} = ${action.queue} collate nocase`)).get()
          : undefined;
      await handOver(ctx, ticket.id, queue?.id ?? ticket.queueId, null);
      return { applied: true };
    } else if (action.type === "end") {
      await handOver(ctx, ticket.id, ticket.queueId, null);
      return { applied: true };
    } else if (action.type === "close") {
      await close(ctx, ticket.id);
      return { applied: true };
    }
  }
  await announce(ctx, ticket.id, null, null, null);
  return { applied: true };
}

async function close(ctx: SystemCtx, ticketId: number) {
  const row = (await ctx.db
    .select({ status: tickets.status, userId: tickets.userId, queueId: tickets.queueId, isGroup: tickets.isGroup, whatsappId: tickets.whatsappId })
    .from(tickets)
    .where(and(eq(tickets.companyId, ctx.companyId), eq(tickets.id, ticketId)))
    .get())!;
  const before = { status: row.status, userId: row.userId, queueId: row.queueId, isGroup: row.isGroup };
  const now = new Date();
  await ctx.db.batch([
    ctx.db
      .update(tickets)
      .set({ status: "closed", useIntegration: false, integrationId: null, chatbot: false, unreadMessages: 0, updatedAt: now })
      .where(and(eq(tickets.companyId, ctx.companyId), eq(tickets.id, ticketId))),
    trackingRow(ctx, ticketId, "close", before, { ...before, status: "closed", whatsappId: row.whatsappId }, now),
  ]);
  await announce(ctx, ticketId, before, null, null);
}
