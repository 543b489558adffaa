import { and, eq, inArray } from "drizzle-orm";
import { messages, tickets } from "../../db/tenant";
import { toHex } from "../../lib/crypto";
import type { AnyCtx } from "../context";
import { scopeOf, visibilitySettings } from "../tickets/ticketEvents";
import { presentTickets, ticketsQuery } from "../tickets/presentTicket";
import { enqueueOutbound, enqueueOutboundAll } from "./enqueueOutbound";
import { messagesQuery, presentMessageRow } from "./presentMessage";
import { raiseMessageCreated } from "../publicApi/raiseChanges";

/** WhatsApp-style message id for messages we send; fixed before sending so a retried send is the same message. */
export function newOutboundWid() {
  return `3EB0${toHex(crypto.getRandomValues(new Uint8Array(9))).toUpperCase()}`;
}

export interface OutboundMessage {
  body: string;
  mediaType?: string;
  mediaUrl?: string | null;
  mediaName?: string | null;
  quotedMsgId?: number | null;
  isForwarded?: boolean;
  /** Automatic messages (greetings, transfer notices) are not typed by the user. */
  automatic?: boolean;
  /** Reactions do not move the ticket to the top or become its last message. */
  touchTicket?: boolean;
  /** Chatbot messages: stored as sent by the bot, with what they were (menu, greeting, rating…) for its rules. */
  bot?: { kind: string };
  /**
   * The caller delivers the message itself right away (the assistant's consumer, which is already outside the hub);
   * the queued send then waits this long, as a safety net that finds it acknowledged and does nothing.
   */
  deliveredByCaller?: { fallbackDelaySeconds: number };
  /** Show "typing…" to the contact this long before the message goes (campaigns: ADR 0038). */
  typingMs?: number;
  /** The sending tab's id for this send (sendMessage deduplicates on it). */
  clientId?: string;
  /** What its delivery needs beyond the text (a Cloud API template's name and values), kept as data_json. */
  data?: Record<string, unknown>;
}

/** The row of a message we send on `ticket`, as stored with ack 0 (waiting for delivery). */
export function outboundMessageRow(
  ctx: AnyCtx,
  ticket: { id: number; contactId: number; queueId: number | null },
  msg: OutboundMessage,
  wid: string,
  now: Date,
): typeof messages.$inferInsert {
  return {
    wid,
    companyId: ctx.companyId,
    ticketId: ticket.id,
    contactId: ticket.contactId,
    body: msg.body,
    fromMe: true,
    read: true,
    mediaType: msg.mediaType ?? "chat",
    mediaUrl: msg.mediaUrl ?? null,
    mediaName: msg.mediaName ?? null,
    quotedMsgId: msg.quotedMsgId ?? null,
    isForwarded: msg.isForwarded ?? false,
    // Chatbot and automatic messages (greetings, transfer notices): nobody typed them, and the chat shows it.
    sentByBot: msg.bot !== undefined || !!msg.automatic,
    dataJson: msg.bot ? JSON.stringify({ ...msg.data, bot: msg.bot.kind }) : msg.data ? JSON.stringify(msg.data) : null,
    queueId: ticket.queueId,
    userId: msg.automatic || msg.bot || !ctx.user ? null : ctx.user.id,
    clientId: msg.clientId ?? null,
    ack: 0,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * Stores a message we send on a ticket (ack 0: waiting for delivery), moves the ticket to the top, and tells
 * the agents. Must run inside the company's hub, like every ticket write.
 */
export async function storeOutboundMessage(
  ctx: AnyCtx,
  ticketId: number,
  msg: OutboundMessage,
  /** Writes that must land with the message or not at all (a schedule claiming it), given its id; a throw rolls all back. */
  alsoWrite?: (messageId: number) => void,
  /** Messages that go first, stored in the same transaction (a campaign's file list before its message), and delivered before it. */
  before: OutboundMessage[] = [],
) {
  const now = new Date();
  const wid = newOutboundWid();
  const ticket = await ctx.db
    .select({ contactId: tickets.contactId, queueId: tickets.queueId, updatedAt: tickets.updatedAt, outreach: tickets.outreach })
    .from(tickets)
    .where(and(eq(tickets.id, ticketId), eq(tickets.companyId, ctx.companyId)))
    .get();
  if (!ticket) throw new Error(`storeOutboundMessage: ticket ${ticketId} is not in company ${ctx.companyId}`);
  const touch = msg.touchTicket ?? true;
  // The chatbot's menus, prompts and the assistant's answers do not become the ticket's last message: the list and
  // the bell keep showing what the contact (or an agent) last wrote, and the ticket still waits on the contact's words.
  const said = msg.bot ? {} : { lastMessage: msg.body || msg.mediaName || msg.mediaType || "", fromMe: true };
  // One synchronous transaction of the hub's SQLite: the message, its ticket moved, and the caller's own writes.
  const { messageId, beforeIds } = ctx.db.transaction(() => {
    const beforeIds = before.map(
      (m) =>
        ctx.db
          .insert(messages)
          .values(outboundMessageRow(ctx, { id: ticketId, contactId: ticket.contactId, queueId: ticket.queueId }, m, newOutboundWid(), now))
          .returning({ id: messages.id })
          .get().id,
    );
    const inserted = ctx.db
      .insert(messages)
      .values(outboundMessageRow(ctx, { id: ticketId, contactId: ticket.contactId, queueId: ticket.queueId }, msg, wid, now))
      .returning({ id: messages.id })
      .get();
    ctx.db
      .update(tickets)
      .set(
        touch ? { ...said, updatedAt: now } : { fromMe: true, updatedAt: ticket.updatedAt },
      )
      .where(and(eq(tickets.id, ticketId), eq(tickets.companyId, ctx.companyId)))
      .run();
    alsoWrite?.(inserted.id);
    return { messageId: inserted.id, beforeIds };
  });
  // One batch, in order: the messages that go first are never queued without the message, nor after it.
  if (beforeIds.length) {
    await enqueueOutboundAll(ctx, [
      ...beforeIds.map((id) => ({ kind: "send" as const, companyId: ctx.companyId, messageId: id })),
      { kind: "send" as const, companyId: ctx.companyId, messageId, ...(msg.typingMs ? { typingMs: msg.typingMs } : {}) },
    ]);
  } else await enqueueOutbound(
    ctx,
    { kind: "send", companyId: ctx.companyId, messageId, ...(msg.typingMs ? { typingMs: msg.typingMs } : {}) },
    msg.deliveredByCaller && { delaySeconds: msg.deliveredByCaller.fallbackDelaySeconds },
  );
  const [messageRows, ticketRows] = await ctx.db.batch([
    messagesQuery(ctx.db, and(eq(messages.companyId, ctx.companyId), eq(messages.id, messageId))!, { limit: 1 }),
    ticketsQuery(ctx.db, and(eq(tickets.companyId, ctx.companyId), eq(tickets.id, ticketId)), { limit: 1 }),
  ]);
  const message = presentMessageRow(messageRows[0]!);
  const earlier = beforeIds.length
    ? (await messagesQuery(ctx.db, and(eq(messages.companyId, ctx.companyId), inArray(messages.id, beforeIds))!, { limit: beforeIds.length })).map(presentMessageRow)
    : [];
  const presented = presentTickets(ticketRows)[0]!;
  for (const m of [...earlier, message]) raiseMessageCreated(ctx, m, presented);
  const settings = await visibilitySettings(ctx);
  const scope = scopeOf(presented);
  await ctx.hub.publish([
    ...earlier
      .sort((a, b) => a.id - b.id)
      .map((m) => ({ audience: { kind: "chatBox" as const, ticketId, ticket: scope, settings }, event: { type: "appMessage" as const, action: "create" as const, message: m } })),
    { audience: { kind: "chatBox", ticketId, ticket: scope, settings }, event: { type: "appMessage", action: "create", message } },
    // A campaign's outreach ticket is in no list until the contact answers (storeCampaignMessage).
    ...(ticket.outreach ? [] : [{ audience: { kind: "ticket" as const, before: scope, after: scope, settings }, event: { type: "ticket" as const, action: "update" as const, ticket: presented } }]),
  ]);
  return { message, ticket: presented };
}
