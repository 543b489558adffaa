import { proto, type WACallEvent } from "@whiskeysockets/baileys";
import { describe, expect, it } from "vitest";
import { bridgeEvent } from "../../../../worker/contracts/bridge";
import { connectionId } from "../../testing/ids";
import type { AdapterContext } from "./adapter";
import { ackOf, acksFromReceipts, acksFromUpdates, callEvents, presenceEvents } from "./updates";

/** A connection of a company that signed up (ids in the high range), as customers have it. */
const CONN = connectionId(1);
const NOW = 1_700_000_000_000;
const CONTACT = "5511987654321";
const CONTACT_LID = "12345678901234";

const ctx: AdapterContext = {
  connectionId: CONN,
  now: () => NOW,
  me: { number: "5511900000001" },
  phoneForLid: (lid) => (lid === CONTACT_LID ? CONTACT : undefined),
  groupName: () => undefined,
};

const S = proto.WebMessageInfo.Status;
const ours = (id: string) => ({ remoteJid: `${CONTACT}@s.whatsapp.net`, fromMe: true, id });

describe("acks", () => {
  it("maps Baileys' statuses onto the product's 0–5", () => {
    expect([S.ERROR, S.PENDING, S.SERVER_ACK, S.DELIVERY_ACK, S.READ, S.PLAYED].map(ackOf)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it("reports status updates of our own messages only", () => {
    const events = acksFromUpdates(
      [
        { key: ours("A1"), update: { status: S.DELIVERY_ACK } },
        { key: ours("A2"), update: { status: S.READ } },
        // Read on our phone: a message we received, not delivery news.
        { key: { remoteJid: `${CONTACT}@s.whatsapp.net`, fromMe: false, id: "IN1" }, update: { status: S.READ } },
        // An edit merged into an update, no status.
        { key: ours("A3"), update: { message: { conversation: "x" } } },
        { key: { remoteJid: "status@broadcast", fromMe: true, id: "ST1" }, update: { status: S.READ } },
      ],
      ctx,
    );
    expect(events).toEqual([
      { type: "ack", connectionId: CONN, messageId: "A1", ack: 3, at: NOW },
      { type: "ack", connectionId: CONN, messageId: "A2", ack: 4, at: NOW },
    ]);
    for (const e of events) bridgeEvent.parse(e);
  });

  it("turns group receipts into delivered, read and played", () => {
    const groupKey = (id: string) => ({ remoteJid: "120363041234567890@g.us", fromMe: true, id });
    const events = acksFromReceipts(
      [
        { key: groupKey("G1"), receipt: { userJid: `${CONTACT}@s.whatsapp.net`, receiptTimestamp: 1 } },
        { key: groupKey("G1"), receipt: { userJid: `${CONTACT}@s.whatsapp.net`, readTimestamp: 2 } },
        { key: groupKey("G2"), receipt: { userJid: `${CONTACT}@s.whatsapp.net`, playedTimestamp: 3 } },
        { key: { ...groupKey("G3"), fromMe: false }, receipt: { userJid: `${CONTACT}@s.whatsapp.net`, readTimestamp: 4 } },
        { key: groupKey("G4"), receipt: { userJid: `${CONTACT}@s.whatsapp.net` } },
      ],
      ctx,
    );
    expect(events.map((e) => (e.type === "ack" ? [e.messageId, e.ack] : null))).toEqual([
      ["G1", 3],
      ["G1", 4],
      ["G2", 5],
    ]);
  });
});

describe("presence", () => {
  it("reports typing in a chat, resolving a LID chat to the number", () => {
    expect(presenceEvents({ id: `${CONTACT_LID}@lid`, presences: { [`${CONTACT_LID}@lid`]: { lastKnownPresence: "composing" } } }, ctx)).toEqual([
      { type: "presence", connectionId: CONN, chatId: CONTACT, presence: "composing", at: NOW },
    ]);
    expect(presenceEvents({ id: "120363041234567890@g.us", presences: { [`${CONTACT}@s.whatsapp.net`]: { lastKnownPresence: "recording" } } }, ctx)).toEqual([
      { type: "presence", connectionId: CONN, chatId: "120363041234567890", presence: "recording", at: NOW },
    ]);
  });
});

describe("calls", () => {
  const call = (over: Partial<WACallEvent>): WACallEvent => ({
    chatId: `${CONTACT_LID}@lid`,
    from: `${CONTACT_LID}@lid`,
    id: "CALL-1",
    date: new Date(NOW),
    status: "offer",
    offline: false,
    ...over,
  });

  it("reports a ringing call with the caller's number", () => {
    expect(callEvents([call({ callerPn: `${CONTACT}@s.whatsapp.net`, isVideo: true })], ctx)).toEqual([
      { type: "call", connectionId: CONN, callId: "CALL-1", from: CONTACT, isVideo: true, at: NOW },
    ]);
    expect(callEvents([call({})], ctx)).toMatchObject([{ from: CONTACT, isVideo: false }]);
  });

  it("ignores the rest of a call's life and offers replayed after being offline", () => {
    expect(callEvents([call({ status: "ringing" }), call({ status: "terminate" }), call({ status: "offer", offline: true })], ctx)).toEqual([]);
  });
});
