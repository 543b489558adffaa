import {
  type BaileysEventMap,
  isJidStatusBroadcast,
  type MessageUserReceiptUpdate,
  proto,
  type WACallEvent,
  type WAMessageUpdate,
} from "@whiskeysockets/baileys";
import type { BridgeEvent } from "../../../../worker/contracts/bridge";
import type { MessageAck } from "../provider";
import { type AdapterContext, numberForJid } from "./adapter";
import { isGroupJid, userOf } from "./jids";

/**
 * Baileys' status, receipt, presence and call events → the bridge's ack, presence and call events. Pure.
 *
 * Acks. Baileys' proto.WebMessageInfo.Status and the product's scale (spec 000: 0 pending, 1 sent, 2 reached the
 * server, 3 delivered, 4 read, 5 played) line up one to one from PENDING on:
 *   PENDING 1 → 1 sent (handed to WhatsApp, not yet acknowledged)
 *   SERVER_ACK 2 → 2, DELIVERY_ACK 3 → 3, READ 4 → 4, PLAYED 5 → 5
 *   ERROR 0 → 0: WhatsApp refused the message. The product has no "failed" ack; 0 shows the pending clock, the
 *   honest "not delivered", where leaving the last ack would show a sent tick for a message that never left.
 * Only our own messages get acks: receipts for messages we received (read on the phone) are not delivery news.
 * Group receipts come per participant: the first delivery shows delivered, the first read shows read.
 */

export function ackOf(status: number): MessageAck {
  const S = proto.WebMessageInfo.Status;
  switch (status) {
    case S.PENDING:
      return 1;
    case S.SERVER_ACK:
      return 2;
    case S.DELIVERY_ACK:
      return 3;
    case S.READ:
      return 4;
    case S.PLAYED:
      return 5;
    default:
      return 0;
  }
}

type Ctx = Pick<AdapterContext, "connectionId" | "now">;

function ours(key: { fromMe?: boolean | null; id?: string | null; remoteJid?: string | null }): key is { id: string } {
  return key.fromMe === true && !!key.id && !(key.remoteJid && isJidStatusBroadcast(key.remoteJid));
}

export function acksFromUpdates(updates: WAMessageUpdate[], ctx: Ctx): BridgeEvent[] {
  const events: BridgeEvent[] = [];
  for (const { key, update } of updates) {
    if (update.status == null || !ours(key)) continue;
    events.push({ type: "ack", connectionId: ctx.connectionId, messageId: key.id, ack: ackOf(update.status), at: ctx.now() });
  }
  return events;
}

export function acksFromReceipts(receipts: MessageUserReceiptUpdate[], ctx: Ctx): BridgeEvent[] {
  const events: BridgeEvent[] = [];
  for (const { key, receipt } of receipts) {
    if (!ours(key)) continue;
    const ack: MessageAck | undefined = receipt.playedTimestamp ? 5 : receipt.readTimestamp ? 4 : receipt.receiptTimestamp ? 3 : undefined;
    if (ack === undefined) continue;
    events.push({ type: "ack", connectionId: ctx.connectionId, messageId: key.id, ack, at: ctx.now() });
  }
  return events;
}

export function presenceEvents(update: BaileysEventMap["presence.update"], ctx: AdapterContext): BridgeEvent[] {
  const chatId = isGroupJid(update.id) ? userOf(update.id) : numberForJid(update.id, ctx);
  if (!chatId || chatId.length < 5) return [];
  const events: BridgeEvent[] = [];
  for (const data of Object.values(update.presences)) {
    events.push({ type: "presence", connectionId: ctx.connectionId, chatId, presence: data.lastKnownPresence, at: ctx.now() });
  }
  return events;
}

/** A call ringing now (an offer). Offers replayed after being offline are old news: the missed call shows as a message. */
export function callEvents(calls: WACallEvent[], ctx: AdapterContext): BridgeEvent[] {
  const events: BridgeEvent[] = [];
  for (const call of calls) {
    if (call.status !== "offer" || call.offline) continue;
    const from = call.callerPn ? numberForJid(call.callerPn, ctx) : numberForJid(call.from, ctx);
    if (!from || !call.id) continue;
    events.push({ type: "call", connectionId: ctx.connectionId, callId: call.id.slice(0, 128), from, isVideo: !!call.isVideo, at: ctx.now() });
  }
  return events;
}
