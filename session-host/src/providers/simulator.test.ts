import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ProviderEvent } from "./provider";
import { SimulatorProvider, simulatedNumber } from "./simulator";

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
    expect(() => sim.scan(3)).toThrowError(expect.objectContaining({ code: "ERR_CONNECTION_NOT_FOUND", status: 404 }));
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
      expect.objectContaining({
        type: "message",
        connectionId: 1,
        message: expect.objectContaining({ id, from: CONTACT, name: "Maria", body: "Oi, tudo bem?", mediaType: "chat" }),
      }),
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
      expect.objectContaining({ code: "ERR_CONNECTION_NOT_CONNECTED", status: 409 }),
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
    const { id } = await sim.send({ connectionId: 1, to: CONTACT, body: "Olá! Como posso ajudar?" });
    expect(sim.outbox(1)).toEqual([expect.objectContaining({ id, contact: CONTACT, body: "Olá! Como posso ajudar?", ack: 1 })]);
    await vi.advanceTimersByTimeAsync(500);
    expect(sim.outbox(1)[0]!.ack).toBe(2);
    await vi.advanceTimersByTimeAsync(500);
    expect(sim.outbox(1)[0]!.ack).toBe(3);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(sim.outbox(1)[0]!.ack).toBe(3);
    expect(events.filter((e) => e.type === "ack").map((e) => (e as { ack: number }).ack)).toEqual([1, 2, 3]);
  });

  it("does not send twice when a send is retried with the same id", async () => {
    const sim = new SimulatorProvider();
    await connected(sim);
    await sim.send({ connectionId: 1, to: CONTACT, body: "uma vez", id: "OUT-1" });
    await sim.send({ connectionId: 1, to: CONTACT, body: "uma vez", id: "OUT-1" });
    expect(sim.outbox(1)).toHaveLength(1);
  });

  it("filters the outbox by contact and refuses sends on a disconnected connection", async () => {
    const sim = new SimulatorProvider();
    await connected(sim);
    await sim.send({ connectionId: 1, to: CONTACT, body: "a" });
    await sim.send({ connectionId: 1, to: "5521912345678", body: "b" });
    expect(sim.outbox(1, { to: "5521912345678" }).map((m) => m.body)).toEqual(["b"]);
    await sim.stop(1);
    await expect(sim.send({ connectionId: 1, to: CONTACT, body: "c" })).rejects.toMatchObject({ code: "ERR_CONNECTION_NOT_CONNECTED" });
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
