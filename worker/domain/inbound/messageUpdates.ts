import { and, eq, lt } from "drizzle-orm";
import type { BridgeEvent } from "../../contracts/bridge";
import { messages } from "../../db/tenant";
import type { SystemCtx } from "../context";
import { messagesQuery, presentMessageRow } from "../messages/presentMessage";
import { raiseMessageStatus } from "../publicApi/raiseChanges";
import { announceMessage, publishMessageUpdate, ticketScopeOfMessage } from "../messages/publishMessageUpdate";

type Ack = Extract<BridgeEvent, { type: "ack" }>;
type Edit = Extract<BridgeEvent, { type: "edit" }>;
type Delete = Extract<BridgeEvent, { type: "delete" }>;
type Reaction = Extract<BridgeEvent, { type: "reaction" }>;

/**
 * Acks only move forward (a late "sent" after "read" changes nothing). Three arrive for every message sent, so
 * the update and the reads for the event share one D1 round trip.
 */
export async function applyAck(ctx: SystemCtx, e: Ack) {
  const byWid = and(eq(messages.companyId, ctx.companyId), eq(messages.wid, e.messageId))!;
  const [updated, messageRows, ticketRows] = await ctx.db.batch([
    ctx.db
      .update(messages)
      .set({ ack: e.ack as 0 | 1 | 2 | 3 | 4 | 5, updatedAt: new Date() })
      .where(and(byWid, lt(messages.ack, e.ack as 0 | 1 | 2 | 3 | 4 | 5)))
      .returning({ id: messages.id }),
    messagesQuery(ctx.db, byWid, { limit: 1 }),
    ticketScopeOfMessage(ctx, eq(messages.wid, e.messageId)),
  ]);
  if (!updated[0] || !messageRows[0] || !ticketRows[0]) return;
  const message = presentMessageRow(messageRows[0]);
  raiseMessageStatus(ctx, message);
  await announceMessage(ctx, message, ticketRows[0], "update");
}

/** The contact edited a message on their phone. */
export async function applyEdit(ctx: SystemCtx, e: Edit) {
  const updated = await ctx.db
    .update(messages)
    .set({ body: e.body, isEdited: true, updatedAt: new Date() })
    .where(and(eq(messages.companyId, ctx.companyId), eq(messages.wid, e.messageId)))
    .returning({ id: messages.id });
  if (updated[0]) await publishMessageUpdate(ctx, updated[0].id);
}

/** Deleted for everyone on WhatsApp: kept in the history, shown as deleted. */
export async function applyDelete(ctx: SystemCtx, e: Delete) {
  const updated = await ctx.db
    .update(messages)
    .set({ isDeleted: true, updatedAt: new Date() })
    .where(and(eq(messages.companyId, ctx.companyId), eq(messages.wid, e.messageId)))
    .returning({ id: messages.id });
  if (updated[0]) await publishMessageUpdate(ctx, updated[0].id);
}

/**
 * A reaction is stored like the product's own reactions: a reactionMessage quoting its target. One per sender
 * and target (its id says so), so a changed reaction replaces the old one and an empty one removes it.
 */
export async function applyReaction(ctx: SystemCtx, e: Reaction) {
  const target = await ctx.db
    .select({ id: messages.id, ticketId: messages.ticketId, contactId: messages.contactId })
    .from(messages)
    .where(and(eq(messages.companyId, ctx.companyId), eq(messages.wid, e.messageId)))
    .get();
  if (!target) return;
  const wid = `reaction:${e.messageId}:${e.fromMe ? "me" : e.from}`;
  const now = new Date();
  const existed = await ctx.db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.companyId, ctx.companyId), eq(messages.wid, wid)))
    .get();
  const [row] = await ctx.db
    .insert(messages)
    .values({
      wid,
      companyId: ctx.companyId,
      ticketId: target.ticketId,
      contactId: target.contactId,
      body: e.emoji,
      fromMe: e.fromMe,
      read: true,
      mediaType: "reactionMessage",
      quotedMsgId: target.id,
      ack: e.fromMe ? 2 : 0,
      isDeleted: e.emoji === "",
      createdAt: new Date(e.at || now.getTime()),
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [messages.companyId, messages.wid],
      set: { body: e.emoji, isDeleted: e.emoji === "", updatedAt: now },
    })
    .returning({ id: messages.id });
  if (row) await publishMessageUpdate(ctx, row.id, { action: existed ? "update" : "create" });
}
