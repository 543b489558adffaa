import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { bridgeEvent } from "../../../worker/contracts/bridge";
import type { ProviderEvent } from "./provider";
import { INVALID_PREFIX, SimulatorProvider, simulatedNumber } from "./simulator";

const CONTACT = "5511987654321";

function recording(sim: SimulatorProvider) {
  const events: ProviderEvent[] = [];
  sim.onEvent((e) => events.push(e));
  return events;
}

async function connected(sim: SimulatorProvider, id = 1) {
  await sim.start(id);
  sim.scan(id);
}

describe("simulator: pairing", () => {
  it("starts a new connection in qrcode with a QR, and scanning connects it", async () => {
    const sim = new SimulatorProvider();
    const events = recording(sim);
    await sim.start(7);
    expect(sim.connections()).toEqual([{ id: 7, status: "qrcode", number: "" }]);
    const qr = events.find((e) => e.type === "qr");
    expect(qr).toMatchObject({ type: "qr", connectionId: 7 });
    expect(sim.qrOf(7)).toBe((qr as { qr: string }).qr);

    expect(sim.scan(7)).toEqual({ id: 7, status: "CONNECTED", number: simulatedNumber(7) });
    expect(events.at(-1)).toMatchObject({ type: "status", connectionId: 7, status: "CONNECTED", number: simulatedNumber(7) });
    expect(sim.qrOf(7)).toBe("");
  });

  it("treats a second scan of a connected connection as nothing new", async () => {
    const sim = new SimulatorProvider();
    await connected(sim);
    const events = recording(sim);
    expect(sim.scan(1).status).toBe("CONNECTED");
    expect(events).toEqual([]);
  });

  it("refuses to scan an unknown or disconnected connection", async () => {
    const sim = new SimulatorProvider();
    expect(() => sim.scan(3)).toThrowError(expect.objectContaining({ code: "ERR_NO_WAPP_FOUND", status: 404 }));
    await connected(sim, 3);
    await sim.stop(3);
    expect(() => sim.scan(3)).toThrowError(expect.objectContaining({ code: "ERR_NO_QRCODE", status: 409 }));
  });

  it("resumes a paired connection without a new QR after stop and start", async () => {
    const sim = new SimulatorProvider();
    await connected(sim);
    await sim.stop(1);
    const events = recording(sim);
    await sim.start(1);
    expect(sim.connections()[0]!.status).toBe("CONNECTED");
    expect(events.some((e) => e.type === "qr")).toBe(false);
  });
});

describe("simulator: inbound messages", () => {
  it("emits a contact's message and answers its id", async () => {
    const sim = new SimulatorProvider();
    await connected(sim);
    const events = recording(sim);
    const { id } = sim.inbound(1, { from: CONTACT, name: "Maria", body: "Oi, tudo bem?" });
    expect(id).toMatch(/^SIM[0-9A-F]{20}$/);
    expect(events).toEqual([
      {
        type: "message",
        connectionId: 1,
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
    expect(sim.conversation(1, CONTACT)).toHaveLength(1);
    expect(sim.contacts()).toEqual([expect.objectContaining({ number: CONTACT, name: "Maria" })]);
  });

  it("keeps a given id, and a redelivery emits the event again without a second copy", async () => {
    const sim = new SimulatorProvider();
    await connected(sim);
    const events = recording(sim);
    expect(sim.inbound(1, { from: CONTACT, body: "primeira", id: "ABC123" })).toEqual({ id: "ABC123" });
    expect(sim.inbound(1, { from: CONTACT, body: "primeira", id: "ABC123" })).toEqual({ id: "ABC123" });
    expect(events.filter((e) => e.type === "message")).toHaveLength(2);
    expect(sim.conversation(1, CONTACT)).toHaveLength(1);
  });

  it("types media by mimetype and carries quoted ids", async () => {
    const sim = new SimulatorProvider();
    await connected(sim);
    const events = recording(sim);
    const media = { mimetype: "image/png", filename: "foto.png", base64: Buffer.from("png-bytes").toString("base64") };
    sim.inbound(1, { from: CONTACT, media, quotedId: "Q1" });
    const event = events[0] as Extract<ProviderEvent, { type: "message" }>;
    expect(event.message).toMatchObject({ mediaType: "image", media, quotedId: "Q1" });
    expect(sim.conversation(1, CONTACT)[0]!.media).toEqual({ mimetype: "image/png", filename: "foto.png", size: 9 });
  });

  it("refuses messages to a connection that is not connected", async () => {
    const sim = new SimulatorProvider();
    await sim.start(1);
    expect(() => sim.inbound(1, { from: CONTACT, body: "oi" })).toThrowError(
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
    const { id } = await sim.send({ connectionId: 1, to: CONTACT, id: "OUT-1", body: "Olá! Como posso ajudar?" });
    expect(id).toBe("OUT-1");
    expect(sim.outbox(1)).toEqual([expect.objectContaining({ id, contact: CONTACT, body: "Olá! Como posso ajudar?", ack: 1 })]);
    await vi.advanceTimersByTimeAsync(500);
    expect(sim.outbox(1)[0]!.ack).toBe(2);
    await vi.advanceTimersByTimeAsync(500);
    expect(sim.outbox(1)[0]!.ack).toBe(3);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(sim.outbox(1)[0]!.ack).toBe(3);
    expect(events.filter((e) => e.type === "ack").map((e) => (e as { ack: number }).ack)).toEqual([1, 2, 3]);
  });

  it("does not send twice when a send is retried with the same id, and answers that id again", async () => {
    const sim = new SimulatorProvider();
    await connected(sim);
    const events = recording(sim);
    expect(await sim.send({ connectionId: 1, to: CONTACT, body: "uma vez", id: "OUT-1" })).toEqual({ id: "OUT-1" });
    expect(await sim.send({ connectionId: 1, to: CONTACT, body: "uma vez", id: "OUT-1" })).toEqual({ id: "OUT-1" });
    expect(sim.outbox(1)).toHaveLength(1);
    expect(events.filter((e) => e.type === "ack")).toHaveLength(1);
  });

  it("filters the outbox by contact and refuses sends on a disconnected connection", async () => {
    const sim = new SimulatorProvider();
    await connected(sim);
    await sim.send({ connectionId: 1, to: CONTACT, id: "A", body: "a" });
    await sim.send({ connectionId: 1, to: "5521912345678", id: "B", body: "b" });
    expect(sim.outbox(1, { to: "5521912345678" }).map((m) => m.body)).toEqual(["b"]);
    await sim.stop(1);
    await expect(sim.send({ connectionId: 1, to: CONTACT, id: "C", body: "c" })).rejects.toMatchObject({ code: "ERR_WAPP_NOT_INITIALIZED" });
  });
});

describe("simulator: fixture", () => {
  it("starts with the fixture's paired connections and known contacts", async () => {
    const sim = new SimulatorProvider({
      fixture: {
        connections: [{ id: 1, status: "CONNECTED", number: "5511900000001" }, { id: 2, status: "CONNECTED" }],
        contacts: [{ number: CONTACT, name: "Maria Silva" }],
      },
    });
    expect(sim.connections()).toEqual([
      { id: 1, status: "CONNECTED", number: "5511900000001" },
      { id: 2, status: "CONNECTED", number: simulatedNumber(2) },
    ]);
    const events = recording(sim);
    sim.inbound(1, { from: CONTACT, body: "oi" });
    expect(events[0]).toMatchObject({ type: "message", message: { name: "Maria Silva" } });
    expect(sim.contacts()).toEqual([{ number: CONTACT, name: "Maria Silva", lastMessageAt: expect.any(Number) }]);
    await sim.close();
  });

  it("keeps its network in memory only: a new simulator starts from its fixture again", async () => {
    const fixture = { connections: [{ id: 1, status: "CONNECTED" as const }], contacts: [] };
    const first = new SimulatorProvider({ fixture });
    first.inbound(1, { from: CONTACT, body: "oi" });
    await first.close();
    const second = new SimulatorProvider({ fixture });
    expect(second.conversation(1, CONTACT)).toEqual([]);
    expect(second.connections()[0]!.status).toBe("CONNECTED");
  });
});

describe("simulator: pairing code and logout", () => {
  it("gives an 8-character pairing code, and entering it on the phone pairs with that number", async () => {
    const sim = new SimulatorProvider();
    await sim.start(4);
    const events = recording(sim);
    const code = await sim.requestPairingCode(4, "5511912345678");
    expect(code).toMatch(/^[A-Z0-9]{8}$/);
    expect(sim.connections()[0]!.status).toBe("PAIRING");
    expect(() => sim.scan(4, "WRONGCOD")).toThrowError(expect.objectContaining({ code: "ERR_PAIRING_CODE" }));
    expect(sim.scan(4, code.toLowerCase())).toEqual({ id: 4, status: "CONNECTED", number: "5511912345678" });
    expect(events.map((e) => e.type === "status" && e.status)).toEqual(["PAIRING", "CONNECTED"]);
    await expect(sim.requestPairingCode(4, "5511912345678")).rejects.toMatchObject({ status: 409 });
  });

  it("forgets the pairing on logout: the next start shows a QR", async () => {
    const sim = new SimulatorProvider();
    await connected(sim);
    await sim.logout(1);
    expect(sim.connections()[0]).toEqual({ id: 1, status: "DISCONNECTED", number: "" });
    const events = recording(sim);
    await sim.start(1);
    expect(sim.connections()[0]!.status).toBe("qrcode");
    expect(events.some((e) => e.type === "qr")).toBe(true);
  });
});

describe("simulator: numbers, address book", () => {
  it(`says every 8–20 digit number is on WhatsApp except those starting with ${INVALID_PREFIX}`, async () => {
    const sim = new SimulatorProvider();
    await connected(sim);
    expect(await sim.checkNumber(1, CONTACT)).toEqual({ exists: true, number: CONTACT });
    expect(await sim.checkNumber(1, "5500912345678")).toEqual({ exists: false, number: "5500912345678" });
    await expect(sim.send({ connectionId: 1, to: "5500912345678", id: "X", body: "oi" })).rejects.toMatchObject({ code: "ERR_WAPP_INVALID_CONTACT", status: 400 });
  });

  it("answers its contacts as the phone's address book", async () => {
    const sim = new SimulatorProvider({ fixture: { connections: [{ id: 1, status: "CONNECTED" }], contacts: [{ number: CONTACT, name: "Maria" }, { number: "5521912345678", name: "" }] } });
    expect(await sim.addressBook(1)).toEqual([
      { number: CONTACT, name: "Maria" },
      { number: "5521912345678", name: "5521912345678" },
    ]);
  });
});

describe("simulator: edits, deletions and reactions", () => {
  it("records the product's edit, reaction and deletion of a message it sent", async () => {
    const sim = new SimulatorProvider();
    await connected(sim);
    await sim.send({ connectionId: 1, to: CONTACT, id: "OUT-1", body: "Olá" });
    await sim.edit({ connectionId: 1, to: CONTACT, id: "OUT-1", body: "Olá, Maria" });
    await sim.react({ connectionId: 1, to: CONTACT, id: "OUT-1", emoji: "❤️" });
    expect(sim.outbox(1)[0]).toMatchObject({ body: "Olá, Maria", edits: ["Olá"], reactions: { me: "❤️" }, deleted: false });
    await sim.react({ connectionId: 1, to: CONTACT, id: "OUT-1", emoji: "" });
    await sim.delete({ connectionId: 1, to: CONTACT, id: "OUT-1" });
    expect(sim.outbox(1)[0]).toMatchObject({ reactions: {}, deleted: true });
    await expect(sim.edit({ connectionId: 1, to: CONTACT, id: "OUT-1", body: "x" })).rejects.toMatchObject({ code: "ERR_MESSAGE_NOT_EDITABLE" });
  });

  it("lets a contact edit, delete and react to messages, and reports each as its bridge event", async () => {
    const sim = new SimulatorProvider();
    await connected(sim);
    const { id } = sim.inbound(1, { from: CONTACT, body: "Quero o boleto" });
    await sim.send({ connectionId: 1, to: CONTACT, id: "OUT-1", body: "Segue" });
    const events = recording(sim);
    sim.inboundEdit(1, { from: CONTACT, id, body: "Quero a segunda via do boleto" });
    sim.inboundReaction(1, { from: CONTACT, id: "OUT-1", emoji: "🙏" });
    sim.typing(1, { from: CONTACT, state: "composing" });
    sim.inboundDelete(1, { from: CONTACT, id });
    expect(events).toEqual([
      { type: "edit", connectionId: 1, messageId: id, body: "Quero a segunda via do boleto", at: expect.any(Number) },
      { type: "reaction", connectionId: 1, messageId: "OUT-1", chatId: CONTACT, from: CONTACT, fromMe: false, emoji: "🙏", at: expect.any(Number) },
      { type: "presence", connectionId: 1, chatId: CONTACT, presence: "composing", at: expect.any(Number) },
      { type: "delete", connectionId: 1, messageId: id, at: expect.any(Number) },
    ]);
    expect(sim.conversation(1, CONTACT).map((m) => [m.body, m.deleted, m.reactions])).toEqual([
      ["Quero a segunda via do boleto", true, {}],
      ["Segue", false, { [CONTACT]: "🙏" }],
    ]);
  });

  it("does not let a contact edit the product's message or someone else's", async () => {
    const sim = new SimulatorProvider();
    await connected(sim);
    const { id } = sim.inbound(1, { from: CONTACT, body: "oi" });
    await sim.send({ connectionId: 1, to: CONTACT, id: "OUT-1", body: "olá" });
    expect(() => sim.inboundEdit(1, { from: CONTACT, id: "OUT-1", body: "x" })).toThrowError(expect.objectContaining({ code: "ERR_MESSAGE_NOT_EDITABLE" }));
    expect(() => sim.inboundDelete(1, { from: "5521912345678", id })).toThrowError(expect.objectContaining({ status: 404 }));
  });
});

describe("simulator: the bridge contract", () => {
  it("emits only events the worker's contract accepts as they are", async () => {
    vi.useFakeTimers();
    try {
      const sim = new SimulatorProvider({ ackStepMs: 10 });
      const events = recording(sim);
      await sim.start(1);
      await sim.requestPairingCode(1, "5511912345678");
      sim.scan(1);
      const media = { mimetype: "audio/ogg", filename: "voz.ogg", base64: Buffer.from("ogg").toString("base64") };
      const { id } = sim.inbound(1, { from: CONTACT, name: "Maria", media, quotedId: "Q" });
      await sim.send({ connectionId: 1, to: CONTACT, id: "OUT-1", location: { latitude: -23.5, longitude: -46.6 } });
      sim.inboundReaction(1, { from: CONTACT, id, emoji: "" });
      sim.typing(1, { from: CONTACT, state: "paused" });
      await vi.advanceTimersByTimeAsync(50);
      await sim.logout(1);
      expect(events.length).toBeGreaterThan(8);
      for (const event of events) expect(bridgeEvent.parse(event)).toEqual(JSON.parse(JSON.stringify(event)));
    } finally {
      vi.useRealTimers();
    }
  });
});
