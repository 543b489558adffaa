import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { bridgeEvent } from "../../../worker/contracts/bridge";
import type { ProviderEvent } from "./provider";
import { connectionId, FIRST_ID_OF_COMPANY_9999, ID_9_000_000_000_123 } from "../testing/ids";
import { idRangeStart } from "../../../worker/contracts/ids";
import { simulatedNumber as seededNumber } from "../../../scripts/seed/demo.mjs";
import { INVALID_PREFIX, SimulatorProvider, simulatedNumber } from "./simulator";

const CONTACT = "5511987654321";
// Connections of companies that signed up (ids in the high range), as customers have them.
const CONN = connectionId(1);
const CONN_2 = connectionId(2);
const CONN_3 = connectionId(3);
const CONN_4 = connectionId(4);
const OTHER = ID_9_000_000_000_123;

function recording(sim: SimulatorProvider) {
  const events: ProviderEvent[] = [];
  sim.onEvent((e) => events.push(e));
  return events;
}

async function connected(sim: SimulatorProvider, id = CONN) {
  await sim.start(id);
  sim.scan(id);
}

describe("simulator: pairing", () => {
  it("starts a new connection in qrcode with a QR, and scanning connects it", async () => {
    const sim = new SimulatorProvider();
    const events = recording(sim);
    await sim.start(OTHER);
    expect(sim.connections()).toEqual([{ id: OTHER, status: "qrcode", number: "" }]);
    const qr = events.find((e) => e.type === "qr");
    expect(qr).toMatchObject({ type: "qr", connectionId: OTHER });
    expect(sim.qrOf(OTHER)).toBe((qr as { qr: string }).qr);

    expect(sim.scan(OTHER)).toEqual({ id: OTHER, status: "CONNECTED", number: simulatedNumber(OTHER) });
    expect(events.at(-1)).toMatchObject({ type: "status", connectionId: OTHER, status: "CONNECTED", number: simulatedNumber(OTHER) });
    expect(sim.qrOf(OTHER)).toBe("");
  });

  it("treats a second scan of a connected connection as nothing new", async () => {
    const sim = new SimulatorProvider();
    await connected(sim);
    const events = recording(sim);
    expect(sim.scan(CONN).status).toBe("CONNECTED");
    expect(events).toEqual([]);
  });

  it("refuses to scan an unknown or disconnected connection", async () => {
    const sim = new SimulatorProvider();
    expect(() => sim.scan(CONN_3)).toThrowError(expect.objectContaining({ code: "ERR_NO_WAPP_FOUND", status: 404 }));
    await connected(sim, CONN_3);
    await sim.stop(CONN_3);
    expect(() => sim.scan(CONN_3)).toThrowError(expect.objectContaining({ code: "ERR_NO_QRCODE", status: 409 }));
  });

  it("resumes a paired connection without a new QR after stop and start", async () => {
    const sim = new SimulatorProvider();
    await connected(sim);
    await sim.stop(CONN);
    const events = recording(sim);
    await sim.start(CONN);
    expect(sim.connections()[0]!.status).toBe("CONNECTED");
    expect(events.some((e) => e.type === "qr")).toBe(false);
  });
});

describe("simulatedNumber", () => {
  it("keeps the demo's numbers for small ids: 551190 and the id in 7 digits", () => {
    expect(simulatedNumber(1)).toBe("5511900000001");
    expect(simulatedNumber(42)).toBe("5511900000042");
    expect(simulatedNumber(9_999_999)).toBe("5511909999999");
  });

  it("gives a company's first connections a Rio mobile: 55 21 9, the company in 4 digits, the connection's place in 4", () => {
    expect(simulatedNumber(connectionId(1, 2))).toBe("5521900020001");
    expect(simulatedNumber(FIRST_ID_OF_COMPANY_9999)).toBe("5521999990001");
    expect(simulatedNumber(ID_9_000_000_000_123)).toBe("5521990010123");
    expect(simulatedNumber(connectionId(9_999, 2))).toBe("5521900029999");
  });

  it("gives any other id 55 and the id in 13 digits: 15 digits, E.164's longest", () => {
    expect(simulatedNumber(10_000_000)).toBe("550000010000000");
    expect(simulatedNumber(connectionId(10_000, 9_000))).toBe("558999000010000");
    expect(simulatedNumber(idRangeStart(10_000) + 1)).toBe("559999000000001");
    for (const id of [1, 9_999_999, 10_000_000, 1_000_000_001, ID_9_000_000_000_123, FIRST_ID_OF_COMPANY_9999, 9_999_999_999_999]) {
      expect(simulatedNumber(id)).toMatch(/^55\d{11,13}$/);
    }
  });

  it("writes the same numbers as the demo seed, which stores its connections' numbers", () => {
    for (const id of [1, 42, 9_999_999, 10_000_000, connectionId(1, 2), connectionId(17, 2), FIRST_ID_OF_COMPANY_9999, ID_9_000_000_000_123]) {
      expect(seededNumber(id)).toBe(simulatedNumber(id));
    }
  });

  it("gives each connection of a company and of its neighbours a number of its own", () => {
    const ids = [1, 2, 9_999, 10_000, 20_001, 9_999_999, 10_000_000, 10_000_001, connectionId(1), connectionId(2), connectionId(1, 9_998), connectionId(1, 2), connectionId(2, 2), connectionId(9_999, 2), connectionId(10_000, 2), ID_9_000_000_000_123];
    expect(new Set(ids.map(simulatedNumber)).size).toBe(ids.length);
  });
});

describe("simulator: inbound messages", () => {
  it("emits a contact's message and answers its id", async () => {
    const sim = new SimulatorProvider();
    await connected(sim);
    const events = recording(sim);
    const { id } = sim.inbound(CONN, { from: CONTACT, name: "Maria", body: "Oi, tudo bem?" });
    expect(id).toMatch(/^SIM[0-9A-F]{20}$/);
    expect(events).toEqual([
      {
        type: "message",
        connectionId: CONN,
        at: expect.any(Number),
        message: {
          id,
          chatId: CONTACT,
          isGroup: false,
          from: CONTACT,
          fromMe: false,
          name: "Maria",
          body: "Oi, tudo bem?",
          mediaType: "chat",
          media: undefined,
          quotedId: undefined,
          isForwarded: false,
          isHistory: false,
          timestamp: expect.any(Number),
        },
      },
    ]);
    expect(sim.conversation(CONN, CONTACT)).toHaveLength(1);
    expect(sim.contacts()).toEqual([expect.objectContaining({ number: CONTACT, name: "Maria" })]);
  });

  it("keeps a given id, and a redelivery emits the event again without a second copy", async () => {
    const sim = new SimulatorProvider();
    await connected(sim);
    const events = recording(sim);
    expect(sim.inbound(CONN, { from: CONTACT, body: "primeira", id: "ABC123" })).toEqual({ id: "ABC123" });
    expect(sim.inbound(CONN, { from: CONTACT, body: "primeira", id: "ABC123" })).toEqual({ id: "ABC123" });
    expect(events.filter((e) => e.type === "message")).toHaveLength(2);
    expect(sim.conversation(CONN, CONTACT)).toHaveLength(1);
  });

  it("types media by mimetype and carries quoted ids", async () => {
    const sim = new SimulatorProvider();
    await connected(sim);
    const events = recording(sim);
    const media = { mimetype: "image/png", filename: "foto.png", base64: Buffer.from("png-bytes").toString("base64") };
    sim.inbound(CONN, { from: CONTACT, media, quotedId: "Q1" });
    const event = events[0] as Extract<ProviderEvent, { type: "message" }>;
    expect(event.message).toMatchObject({ mediaType: "image", media, quotedId: "Q1" });
    expect(sim.conversation(CONN, CONTACT)[0]!.media).toEqual({ mimetype: "image/png", filename: "foto.png", size: 9 });
  });

  it("refuses messages to a connection that is not connected", async () => {
    const sim = new SimulatorProvider();
    await sim.start(CONN);
    expect(() => sim.inbound(CONN, { from: CONTACT, body: "oi" })).toThrowError(
      expect.objectContaining({ code: "ERR_WAPP_NOT_INITIALIZED", status: 409 }),
    );
  });
});

describe("simulator: outbox and acks", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("puts what the product sends in the outbox with ack 1, then advances to 2 and 3", async () => {
    const sim = new SimulatorProvider({ ackStepMs: 500 });
    await connected(sim);
    const events = recording(sim);
    const { id } = await sim.send({ connectionId: CONN, to: CONTACT, id: "OUT-1", body: "Olá! Como posso ajudar?" });
    expect(id).toBe("OUT-1");
    expect(sim.outbox(CONN)).toEqual([expect.objectContaining({ id, contact: CONTACT, body: "Olá! Como posso ajudar?", ack: 1 })]);
    await vi.advanceTimersByTimeAsync(500);
    expect(sim.outbox(CONN)[0]!.ack).toBe(2);
    await vi.advanceTimersByTimeAsync(500);
    expect(sim.outbox(CONN)[0]!.ack).toBe(3);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(sim.outbox(CONN)[0]!.ack).toBe(3);
    expect(events.filter((e) => e.type === "ack").map((e) => (e as { ack: number }).ack)).toEqual([1, 2, 3]);
  });

  it("does not send twice when a send is retried with the same id, and answers that id again", async () => {
    const sim = new SimulatorProvider();
    await connected(sim);
    const events = recording(sim);
    expect(await sim.send({ connectionId: CONN, to: CONTACT, body: "uma vez", id: "OUT-1" })).toEqual({ id: "OUT-1" });
    expect(await sim.send({ connectionId: CONN, to: CONTACT, body: "uma vez", id: "OUT-1" })).toEqual({ id: "OUT-1" });
    expect(sim.outbox(CONN)).toHaveLength(1);
    expect(events.filter((e) => e.type === "ack")).toHaveLength(1);
  });

  it("filters the outbox by contact and refuses sends on a disconnected connection", async () => {
    const sim = new SimulatorProvider();
    await connected(sim);
    await sim.send({ connectionId: CONN, to: CONTACT, id: "A", body: "a" });
    await sim.send({ connectionId: CONN, to: "5521912345678", id: "B", body: "b" });
    expect(sim.outbox(CONN, { to: "5521912345678" }).map((m) => m.body)).toEqual(["b"]);
    await sim.stop(CONN);
    await expect(sim.send({ connectionId: CONN, to: CONTACT, id: "C", body: "c" })).rejects.toMatchObject({ code: "ERR_WAPP_NOT_INITIALIZED" });
  });
});

describe("simulator: fixture", () => {
  it("starts with the fixture's paired connections and known contacts", async () => {
    const sim = new SimulatorProvider({
      fixture: {
        connections: [{ id: CONN, status: "CONNECTED", number: "5511900000001" }, { id: CONN_2, status: "CONNECTED" }],
        contacts: [{ number: CONTACT, name: "Maria Silva" }],
      },
    });
    expect(sim.connections()).toEqual([
      { id: CONN, status: "CONNECTED", number: "5511900000001" },
      { id: CONN_2, status: "CONNECTED", number: simulatedNumber(CONN_2) },
    ]);
    const events = recording(sim);
    sim.inbound(CONN, { from: CONTACT, body: "oi" });
    expect(events[0]).toMatchObject({ type: "message", message: { name: "Maria Silva" } });
    expect(sim.contacts()).toEqual([{ number: CONTACT, name: "Maria Silva", lastMessageAt: expect.any(Number) }]);
    await sim.close();
  });

  it("keeps its network in memory only: a new simulator starts from its fixture again", async () => {
    const fixture = { connections: [{ id: CONN, status: "CONNECTED" as const }], contacts: [] };
    const first = new SimulatorProvider({ fixture });
    first.inbound(CONN, { from: CONTACT, body: "oi" });
    await first.close();
    const second = new SimulatorProvider({ fixture });
    expect(second.conversation(CONN, CONTACT)).toEqual([]);
    expect(second.connections()[0]!.status).toBe("CONNECTED");
  });
});

describe("simulator: pairing code and logout", () => {
  it("gives an 8-character pairing code, and entering it on the phone pairs with that number", async () => {
    const sim = new SimulatorProvider();
    await sim.start(CONN_4);
    const events = recording(sim);
    const code = await sim.requestPairingCode(CONN_4, "5511912345678");
    expect(code).toMatch(/^[A-Z0-9]{8}$/);
    expect(sim.connections()[0]!.status).toBe("PAIRING");
    expect(() => sim.scan(CONN_4, "WRONGCOD")).toThrowError(expect.objectContaining({ code: "ERR_PAIRING_CODE" }));
    expect(sim.scan(CONN_4, code.toLowerCase())).toEqual({ id: CONN_4, status: "CONNECTED", number: "5511912345678" });
    expect(events.map((e) => e.type === "status" && e.status)).toEqual(["PAIRING", "CONNECTED"]);
    await expect(sim.requestPairingCode(CONN_4, "5511912345678")).rejects.toMatchObject({ status: 409 });
  });

  it("forgets the pairing on logout: the next start shows a QR", async () => {
    const sim = new SimulatorProvider();
    await connected(sim);
    await sim.logout(CONN);
    expect(sim.connections()[0]).toEqual({ id: CONN, status: "DISCONNECTED", number: "" });
    const events = recording(sim);
    await sim.start(CONN);
    expect(sim.connections()[0]!.status).toBe("qrcode");
    expect(events.some((e) => e.type === "qr")).toBe(true);
  });
});

describe("simulator: numbers, address book", () => {
  it(`says every 8–20 digit number is on WhatsApp except those starting with ${INVALID_PREFIX}`, async () => {
    const sim = new SimulatorProvider();
    await connected(sim);
    expect(await sim.checkNumber(CONN, CONTACT)).toEqual({ exists: true, number: CONTACT });
    expect(await sim.checkNumber(CONN, "5500912345678")).toEqual({ exists: false, number: "5500912345678" });
    await expect(sim.send({ connectionId: CONN, to: "5500912345678", id: "X", body: "oi" })).rejects.toMatchObject({ code: "ERR_WAPP_INVALID_CONTACT", status: 400 });
  });

  it("answers its contacts as the phone's address book", async () => {
    const sim = new SimulatorProvider({ fixture: { connections: [{ id: CONN, status: "CONNECTED" }], contacts: [{ number: CONTACT, name: "Maria" }, { number: "5521912345678", name: "" }] } });
    expect(await sim.addressBook(CONN)).toEqual([
      { number: CONTACT, name: "Maria" },
      { number: "5521912345678", name: "5521912345678" },
    ]);
  });
});

describe("simulator: edits, deletions and reactions", () => {
  it("records the product's edit, reaction and deletion of a message it sent", async () => {
    const sim = new SimulatorProvider();
    await connected(sim);
    await sim.send({ connectionId: CONN, to: CONTACT, id: "OUT-1", body: "Olá" });
    await sim.edit({ connectionId: CONN, to: CONTACT, id: "OUT-1", body: "Olá, Maria" });
    await sim.react({ connectionId: CONN, to: CONTACT, id: "OUT-1", emoji: "❤️" });
    expect(sim.outbox(CONN)[0]).toMatchObject({ body: "Olá, Maria", edits: ["Olá"], reactions: { me: "❤️" }, deleted: false });
    await sim.react({ connectionId: CONN, to: CONTACT, id: "OUT-1", emoji: "" });
    await sim.delete({ connectionId: CONN, to: CONTACT, id: "OUT-1" });
    expect(sim.outbox(CONN)[0]).toMatchObject({ reactions: {}, deleted: true });
    await expect(sim.edit({ connectionId: CONN, to: CONTACT, id: "OUT-1", body: "x" })).rejects.toMatchObject({ code: "ERR_MESSAGE_NOT_EDITABLE" });
  });

  it("lets a contact edit, delete and react to messages, and reports each as its bridge event", async () => {
    const sim = new SimulatorProvider();
    await connected(sim);
    const { id } = sim.inbound(CONN, { from: CONTACT, body: "Quero o boleto" });
    await sim.send({ connectionId: CONN, to: CONTACT, id: "OUT-1", body: "Segue" });
    const events = recording(sim);
    sim.inboundEdit(CONN, { from: CONTACT, id, body: "Quero a segunda via do boleto" });
    sim.inboundReaction(CONN, { from: CONTACT, id: "OUT-1", emoji: "🙏" });
    sim.typing(CONN, { from: CONTACT, state: "composing" });
    sim.inboundDelete(CONN, { from: CONTACT, id });
    expect(events).toEqual([
      { type: "edit", connectionId: CONN, messageId: id, body: "Quero a segunda via do boleto", at: expect.any(Number) },
      { type: "reaction", connectionId: CONN, messageId: "OUT-1", chatId: CONTACT, from: CONTACT, fromMe: false, emoji: "🙏", at: expect.any(Number) },
      { type: "presence", connectionId: CONN, chatId: CONTACT, presence: "composing", at: expect.any(Number) },
      { type: "delete", connectionId: CONN, messageId: id, at: expect.any(Number) },
    ]);
    expect(sim.conversation(CONN, CONTACT).map((m) => [m.body, m.deleted, m.reactions])).toEqual([
      ["Quero a segunda via do boleto", true, {}],
      ["Segue", false, { [CONTACT]: "🙏" }],
    ]);
  });

  it("does not let a contact edit the product's message or someone else's", async () => {
    const sim = new SimulatorProvider();
    await connected(sim);
    const { id } = sim.inbound(CONN, { from: CONTACT, body: "oi" });
    await sim.send({ connectionId: CONN, to: CONTACT, id: "OUT-1", body: "olá" });
    expect(() => sim.inboundEdit(CONN, { from: CONTACT, id: "OUT-1", body: "x" })).toThrowError(expect.objectContaining({ code: "ERR_MESSAGE_NOT_EDITABLE" }));
    expect(() => sim.inboundDelete(CONN, { from: "5521912345678", id })).toThrowError(expect.objectContaining({ status: 404 }));
  });
});

describe("simulator: the bridge contract", () => {
  it("emits only events the worker's contract accepts as they are", async () => {
    vi.useFakeTimers();
    try {
      const sim = new SimulatorProvider({ ackStepMs: 10 });
      const events = recording(sim);
      await sim.start(CONN);
      await sim.requestPairingCode(CONN, "5511912345678");
      sim.scan(CONN);
      const media = { mimetype: "audio/ogg", filename: "voz.ogg", base64: Buffer.from("ogg").toString("base64") };
      const { id } = sim.inbound(CONN, { from: CONTACT, name: "Maria", media, quotedId: "Q" });
      await sim.send({ connectionId: CONN, to: CONTACT, id: "OUT-1", location: { latitude: -23.5, longitude: -46.6 } });
      sim.inboundReaction(CONN, { from: CONTACT, id, emoji: "" });
      sim.typing(CONN, { from: CONTACT, state: "paused" });
      await vi.advanceTimersByTimeAsync(50);
      await sim.logout(CONN);
      expect(events.length).toBeGreaterThan(8);
      for (const event of events) expect(bridgeEvent.parse(event)).toEqual(JSON.parse(JSON.stringify(event)));
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("simulator: silence and probe", () => {
  it("a silent connection looks CONNECTED, emits nothing and fails its probe; a restart emits what waited as offline messages", async () => {
    const sim = new SimulatorProvider({ ackStepMs: 10 });
    const events = recording(sim);
    await connected(sim);
    expect(await sim.probe(CONN)).toBe(true);
    expect(await sim.probe(CONN_2)).toBe(false); // unknown

    expect(sim.setSilent(CONN, true)).toMatchObject({ status: "CONNECTED", silent: true });
    expect(await sim.probe(CONN)).toBe(false);
    const before = events.length;
    sim.inbound(CONN, { from: CONTACT, id: "WAITED", body: "oi" });
    expect(events.length).toBe(before);
    expect(sim.connections()).toEqual([{ id: CONN, status: "CONNECTED", number: simulatedNumber(CONN) }]);

    await sim.stop(CONN);
    await sim.start(CONN);
    const waited = events.find((e) => e.type === "message" && e.message.id === "WAITED");
    expect(waited).toMatchObject({ message: { isHistory: true } });
    expect(events.filter((e) => e.type === "status").at(-1)).toMatchObject({ status: "CONNECTED" });
    expect(await sim.probe(CONN)).toBe(true);
  });

  it("hears again when the silence is lifted, without a restart", async () => {
    const sim = new SimulatorProvider({ ackStepMs: 10 });
    const events = recording(sim);
    await connected(sim);
    sim.setSilent(CONN, true);
    sim.inbound(CONN, { from: CONTACT, id: "WAITED", body: "oi" });
    sim.setSilent(CONN, false);
    expect(events.at(-1)).toMatchObject({ type: "message", message: { id: "WAITED", isHistory: true } });
    expect(await sim.probe(CONN)).toBe(true);
  });
});
