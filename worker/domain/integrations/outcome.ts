import { and, eq, sql } from "drizzle-orm";
import { queues, tags, ticketNotes, tickets, ticketTags, typebotSessions, users } from "../../db/tenant";
import type { SystemCtx } from "../context";
import { handOver } from "../assistant/handOver";
import { isLastMessage, type AssistantJobRef } from "../assistant/turn";
import { announce } from "../inbound/ingestMessage";
import { storeOutboundMessage } from "../messages/storeOutboundMessage";
import { settingsFor } from "../settings/companySettingValues";
import { trackingRow } from "../tickets/tracking";
import { integrationFailureNote, mediaSkippedNote } from "./notes";
import { integrationTicket, withIntegration } from "./turn";
import type { IntegrationOutcome, IntegrationFailure, SkippedMedia, BotMessage, BotAction, BotOutcome } from "../../contracts/hubJobs";
export type { IntegrationOutcome, IntegrationFailure, SkippedMedia, BotMessage, BotAction, BotOutcome };

/**
 * Carries out what an integration answered (in the hub's command queue): its messages sent as the bot, then its
 * commands in order — transfer, close, tag, note, end. A failed call leaves the ticket with an agent and a note.
 * Nothing happens when the ticket left the integration or the contact wrote again meanwhile.
 */
export async function integrationOutcome({ ctx, input }: { ctx: SystemCtx; input: AssistantJobRef & { integrationId: number; outcome: IntegrationOutcome } }) {
  const ticket = await integrationTicket(ctx, input.ticketId);
  if (!withIntegration(ticket) || ticket.integrationId !== input.integrationId) return { applied: false };
  const { outcome } = input;
  // The bot's session moved on even when the contact wrote again meanwhile: keep it, so the next turn continues it.
  if (outcome.kind === "bot" && outcome.session !== undefined) await keepSession(ctx, ticket.id, input.integrationId, outcome.session);
  if (!(await isLastMessage(ctx, ticket.id, input.messageId))) return { applied: false };
  if (outcome.kind === "failed") {
    const settings = await settingsFor(ctx, ["language"]);
    await forgetSession(ctx, ticket.id);
    await handOver(ctx, ticket.id, ticket.queueId, integrationFailureNote(settings.language, outcome.reason, outcome.status));
    return { applied: true };
  }
  if (outcome.kind === "bot") return botOutcome(ctx, ticket, outcome);
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

async function botOutcome(ctx: SystemCtx, ticket: { id: number; queueId: number | null; contactId: number }, outcome: BotOutcome) {
  const deliverNow: number[] = [];
  if (outcome.skipped?.length) {
    const { language } = await settingsFor(ctx, ["language"]);
    await ctx.db.insert(ticketNotes).values(outcome.skipped.map((s) => ({ companyId: ctx.companyId, note: mediaSkippedNote(language, s), userId: null, contactId: ticket.contactId, ticketId: ticket.id })));
  }
  for (const [i, m] of outcome.messages.entries()) {
    // The job delivers them one by one, `delayMs` apart; each queued send (later still) is only a safety net.
    const fallbackDelaySeconds = 10 + Math.ceil((i * outcome.delayMs) / 1000);
    const { message } = await storeOutboundMessage(ctx, ticket.id, {
      body: m.body,
      ...(m.media ? { mediaType: m.media.mediaType, mediaUrl: m.media.key, mediaName: m.media.name } : {}),
      bot: { kind: "integration" },
      deliveredByCaller: { fallbackDelaySeconds },
    });
    deliverNow.push(message.id as number);
  }
  const action = outcome.action;
  if (action) {
    await forgetSession(ctx, ticket.id);
    const queueId = action.type === "transfer" ? await queueNamed(ctx, action.queueId, action.queue) : undefined;
    const userId = action.type === "transfer" && action.userId ? await userOfCompany(ctx, action.userId) : null;
    await handOver(ctx, ticket.id, queueId ?? ticket.queueId, null, userId);
  } else if (!outcome.messages.length) {
    await announce(ctx, ticket.id, null, null, null);
  }
  return { applied: true, deliverNow };
}

async function queueNamed(ctx: SystemCtx, queueId: number | undefined, name: string | undefined) {
  const where = queueId ? eq(queues.id, queueId) : name ? sql`${queues.name} = ${name} collate nocase` : undefined;
  if (!where) return undefined;
  return (await ctx.db.select({ id: queues.id }).from(queues).where(and(eq(queues.companyId, ctx.companyId), where)).get())?.id;
}

async function userOfCompany(ctx: SystemCtx, userId: number) {
  return (await ctx.db.select({ id: users.id }).from(users).where(and(eq(users.companyId, ctx.companyId), eq(users.id, userId))).get())?.id ?? null;
}

async function keepSession(ctx: SystemCtx, ticketId: number, integrationId: number, session: { sessionId: string; choices: string[] } | null) {
  if (!session) return forgetSession(ctx, ticketId);
  const row = { companyId: ctx.companyId, ticketId, integrationId, sessionId: session.sessionId, choices: JSON.stringify(session.choices), lastAt: new Date() };
  await ctx.db
    .insert(typebotSessions)
    .values(row)
    .onConflictDoUpdate({ target: [typebotSessions.companyId, typebotSessions.ticketId], set: { integrationId, sessionId: row.sessionId, choices: row.choices, lastAt: row.lastAt } });
}

async function forgetSession(ctx: SystemCtx, ticketId: number) {
  await ctx.db.delete(typebotSessions).where(and(eq(typebotSessions.companyId, ctx.companyId), eq(typebotSessions.ticketId, ticketId)));
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
