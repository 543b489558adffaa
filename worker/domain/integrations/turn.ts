import { and, eq } from "drizzle-orm";
import { contacts, messages, queueIntegrations, tickets, typebotSessions } from "../../db/tenant";
import type { SystemCtx } from "../context";
import { isLastMessage, type AssistantJobRef } from "../assistant/turn";
import { openIntegrationSecret, openSigningSecret } from "../queueIntegrations/secrets";
import type { IntegrationTurn, TypebotTurn, DialogflowTurn } from "../../contracts/hubJobs";
export type { IntegrationTurn, TypebotTurn, DialogflowTurn };

/** The ticket as an integration's rules read it. */
export async function integrationTicket(ctx: SystemCtx, ticketId: number) {
  return ctx.db
    .select({ id: tickets.id, uuid: tickets.uuid, status: tickets.status, userId: tickets.userId, useIntegration: tickets.useIntegration, integrationId: tickets.integrationId, queueId: tickets.queueId, contactId: tickets.contactId })
    .from(tickets)
    .where(and(eq(tickets.companyId, ctx.companyId), eq(tickets.id, ticketId)))
    .get();
}
type Ticket = NonNullable<Awaited<ReturnType<typeof integrationTicket>>>;

export function withIntegration(t: Ticket | undefined): t is Ticket & { integrationId: number } {
  return !!t && t.status === "pending" && t.userId === null && t.useIntegration && t.integrationId !== null;
}

/** The webhook call for the contact's message `messageId`, or null when the ticket is no longer the integration's. */
export async function integrationTurn({ ctx, input }: { ctx: SystemCtx; input: AssistantJobRef }): Promise<IntegrationTurn | null> {
  const ticket = await integrationTicket(ctx, input.ticketId);
  if (!withIntegration(ticket) || !(await isLastMessage(ctx, ticket.id, input.messageId))) return null;
  const integration = await ctx.db
    .select()
    .from(queueIntegrations)
    .where(and(eq(queueIntegrations.companyId, ctx.companyId), eq(queueIntegrations.id, ticket.integrationId)))
    .get();
  if (!integration) return null;
  const [message, contact] = await Promise.all([
    ctx.db.select().from(messages).where(and(eq(messages.companyId, ctx.companyId), eq(messages.id, input.messageId))).get(),
    ctx.db.select({ id: contacts.id, name: contacts.name, number: contacts.number }).from(contacts).where(and(eq(contacts.companyId, ctx.companyId), eq(contacts.id, ticket.contactId))).get(),
  ]);
  if (!message || !contact) return null;
  if (integration.type === "typebot") {
    const session = await ctx.db
      .select()
      .from(typebotSessions)
      .where(and(eq(typebotSessions.companyId, ctx.companyId), eq(typebotSessions.ticketId, ticket.id), eq(typebotSessions.integrationId, integration.id)))
      .get();
    return {
      kind: "typebot",
      integrationId: integration.id,
      baseUrl: integration.urlN8N,
      publicId: integration.typebotSlug,
      expiresMinutes: integration.typebotExpires,
      delayMs: integration.typebotDelayMessage,
      keywordFinish: integration.typebotKeywordFinish,
      keywordRestart: integration.typebotKeywordRestart,
      restartMessage: integration.typebotRestartMessage,
      unknownMessage: integration.typebotUnknownMessage,
      text: message.body.trim(),
      session: session ? { sessionId: session.sessionId, choices: parseChoices(session.choices), lastAt: session.lastAt.getTime() } : null,
      contact: { name: contact.name, number: contact.number },
      now: Date.now(),
    };
  }
  if (integration.type === "dialogflow") {
    return {
      kind: "dialogflow",
      integrationId: integration.id,
      projectName: integration.projectName,
      serviceAccount: await openIntegrationSecret(ctx.env, ctx.companyId, integration.jsonContent),
      language: integration.language,
      text: message.body.trim(),
      sessionId: ticket.uuid,
    };
  }
  if (integration.type !== "n8n" && integration.type !== "webhook") return { kind: "unsupported", integrationId: integration.id, type: integration.type };
  return {
    kind: "webhook",
    integrationId: integration.id,
    url: integration.urlN8N,
    secret: await openSigningSecret(ctx.env, ctx.companyId, integration.secret, integration.urlN8N),
    event: {
      event: "message",
      version: 1,
      companyId: ctx.companyId,
      integration: { id: integration.id, name: integration.name, type: integration.type },
      ticket: { id: ticket.id, uuid: ticket.uuid, status: ticket.status, queueId: ticket.queueId },
      contact,
      message: { id: message.id, wid: message.wid, body: message.body, mediaType: message.mediaType, createdAt: message.createdAt.toISOString() },
    },
  };
}

function parseChoices(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}
