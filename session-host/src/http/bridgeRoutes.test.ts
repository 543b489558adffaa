import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { INVALID_PREFIX } from "../providers/simulator";
import { bridgedHost } from "../testing/bridgedHost";
import { eventually, signedCall } from "../testing/fakeWorker";
import { connectionId } from "../testing/ids";

const CONTACT = "5511987654321";
// Connections of a company that signed up (ids in the high range), as customers have them.
const CONN = connectionId(1);
const CONN_2 = connectionId(2);
const CONN_3 = connectionId(3);
const CONN_5 = connectionId(5);
/** A connection this host does not run. */
const NOT_HERE = connectionId(9);
let t: Awaited<ReturnType<typeof bridgedHost>>;

beforeEach(async () => {
  t = await bridgedHost({ simulator: { fixture: { connections: [{ id: CONN, status: "CONNECTED" }], contacts: [{ number: CONTACT, name: "Maria" }] } } });
});
afterEach(() => t.dispose());

const call = (method: string, path: string, body?: unknown, options?: Parameters<typeof signedCall>[4]) => signedCall(t.host.url, method, path, body, options);
const send = (id: string, extra: Record<string, unknown> = {}) => call("POST", "/bridge/send", { connectionId: CONN, to: CONTACT, id, body: "Olá!", ...extra });

describe("bridge routes: signatures", () => {
  it("refuses unsigned, stale, tampered and misdirected calls with 401 and does nothing", async () => {
    const body = { connectionId: CONN, to: CONTACT, id: "OUT-1", body: "Olá!" };
    const answers = [
      await call("POST", "/bridge/send", body, { unsigned: true }),
      await call("POST", "/bridge/send", body, { now: Date.now() - 6 * 60 * 1000 }),
      await call("POST", "/bridge/send", body, { now: Date.now() + 6 * 60 * 1000 }),
      await call("POST", "/bridge/send", body, { tamper: (text) => text.replace("Olá!", "Pix me R$ 500") }),
      await call("POST", "/bridge/send", body, { signedPath: "/bridge/react" }),
      await call("POST", "/bridge/send", body, { secret: "a-different-secret-of-enough-length-000" }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(answer.json.error).toBe("ERR_BRIDGE_SIGNATURE");
    }
    expect(t.sim.outbox(CONN)).toEqual([]);
  });

  it("refuses an unsigned lifecycle command too", async () => {
    const res = await call("POST", `/bridge/connections/${CONN_5}/start`, {}, { unsigned: true });
    expect(res.status).toBe(401);
    expect(t.sim.connections().map((c) => c.id)).toEqual([CONN]);
  });

  it("answers 404 for an unknown bridge path and 405 for the wrong method, once signed", async () => {
    expect((await call("POST", "/bridge/nope", {})).json).toMatchObject({ error: "ERR_NOT_FOUND" });
    expect((await call("POST", `/bridge/connections/${CONN}/contacts`, {})).status).toBe(405);
  });
});

describe("POST /bridge/send", () => {
  it("sends once for the same id twice, answering that id both times", async () => {
    expect(await send("OUT-1")).toEqual({ status: 200, json: { id: "OUT-1" } });
    expect(await send("OUT-1")).toEqual({ status: 200, json: { id: "OUT-1" } });
    expect(t.sim.outbox(CONN)).toEqual([expect.objectContaining({ id: "OUT-1", contact: CONTACT, body: "Olá!" })]);
    // Its acks reach the worker through the spool, once per step.
    await eventually(() =>
      expect(t.worker.events.filter((e) => e.type === "ack" && e.messageId === "OUT-1").map((e) => (e as { ack: number }).ack)).toEqual([1, 2, 3]),
    );
  });

  it("names the invalid fields", async () => {
    const res = await call("POST", "/bridge/send", { connectionId: "one", body: 3 });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe("ERR_VALIDATION");
    expect(Object.keys(res.json.fields)).toEqual(expect.arrayContaining(["connectionId", "to", "id", "body"]));
  });

  it("answers ERR_NO_WAPP_FOUND for a connection this host does not run", async () => {
    const res = await call("POST", "/bridge/send", { connectionId: NOT_HERE, to: CONTACT, id: "X", body: "oi" });
    expect(res).toMatchObject({ status: 404, json: { error: "ERR_NO_WAPP_FOUND" } });
  });

  it("answers ERR_WAPP_NOT_INITIALIZED while the connection is not CONNECTED", async () => {
    await t.sim.stop(CONN);
    expect(await send("OUT-2")).toMatchObject({ status: 409, json: { error: "ERR_WAPP_NOT_INITIALIZED" } });
  });

  it(`answers ERR_WAPP_INVALID_CONTACT (400) for a number not on WhatsApp (the simulator's: starting with ${INVALID_PREFIX})`, async () => {
    const res = await send("OUT-3", { to: `${INVALID_PREFIX}912345678` });
    expect(res).toMatchObject({ status: 400, json: { error: "ERR_WAPP_INVALID_CONTACT" } });
    expect(t.sim.outbox(CONN)).toEqual([]);
  });
});

describe("POST /bridge/edit, /bridge/delete, /bridge/react", () => {
  it("edits, reacts to and deletes a sent message, as the simulator's outbox shows", async () => {
    await send("OUT-1");
    expect(await call("POST", "/bridge/edit", { connectionId: CONN, to: CONTACT, id: "OUT-1", body: "Olá, Maria!" })).toEqual({ status: 200, json: { ok: true } });
    expect(await call("POST", "/bridge/react", { connectionId: CONN, to: CONTACT, id: "OUT-1", emoji: "👍" })).toEqual({ status: 200, json: { ok: true } });
    let outbox = (await fetch(`${t.host.url}/simulator/${CONN}/outbox`).then((r) => r.json())) as { messages: any[] };
    expect(outbox.messages[0]).toMatchObject({ body: "Olá, Maria!", edited: true, edits: ["Olá!"], deleted: false, reactions: [{ from: "me", emoji: "👍" }] });
    expect(await call("POST", "/bridge/delete", { connectionId: CONN, to: CONTACT, id: "OUT-1" })).toEqual({ status: 200, json: { ok: true } });
    outbox = (await fetch(`${t.host.url}/simulator/${CONN}/outbox`).then((r) => r.json())) as { messages: any[] };
    expect(outbox.messages[0]).toMatchObject({ deleted: true });
  });

  it("refuses to edit a message the contact wrote, and a message that does not exist", async () => {
    const { id } = t.sim.inbound(CONN, { from: CONTACT, body: "oi" });
    expect(await call("POST", "/bridge/edit", { connectionId: CONN, to: CONTACT, id, body: "x" })).toMatchObject({ status: 409, json: { error: "ERR_MESSAGE_NOT_EDITABLE" } });
    expect(await call("POST", "/bridge/delete", { connectionId: CONN, to: CONTACT, id: "NOPE" })).toMatchObject({ status: 404 });
  });
});

describe("POST /bridge/check-number and GET /bridge/connections/:id/contacts", () => {
  it("says which numbers are on WhatsApp", async () => {
    expect(await call("POST", "/bridge/check-number", { connectionId: CONN, number: CONTACT })).toEqual({ status: 200, json: { exists: true, number: CONTACT } });
    expect((await call("POST", "/bridge/check-number", { connectionId: CONN, number: "5500912345678" })).json).toEqual({ exists: false, number: "5500912345678" });
  });

  it("checks a batch of numbers in order; the simulator's numbers starting 5500 or ending 00000 are not on WhatsApp", async () => {
    expect(await call("POST", "/bridge/check-numbers", { connectionId: CONN, numbers: [CONTACT, "5500912345678", "5511987600000"] })).toEqual({
      status: 200,
      json: {
        results: [
          { number: CONTACT, exists: true, canonical: CONTACT },
          { number: "5500912345678", exists: false, canonical: "5500912345678" },
          { number: "5511987600000", exists: false, canonical: "5511987600000" },
        ],
      },
    });
    expect(await call("POST", "/bridge/check-numbers", { connectionId: CONN, numbers: [] })).toMatchObject({ status: 400, json: { error: "ERR_VALIDATION" } });
    expect(await call("POST", "/bridge/check-numbers", { connectionId: NOT_HERE, numbers: [CONTACT] })).toMatchObject({ status: 404 });
  });

  it("lists the phone's address book", async () => {
    expect(await call("GET", `/bridge/connections/${CONN}/contacts`)).toEqual({ status: 200, json: { contacts: [{ number: CONTACT, name: "Maria" }] } });
  });
});

describe("connection lifecycle through the bridge", () => {
  it("starts a new connection under its lease, pairs it with a pairing code, and stops it giving the lease back", async () => {
    const started = await call("POST", `/bridge/connections/${CONN_2}/start`, {});
    expect(started).toEqual({ status: 200, json: { status: "qrcode" } });
    expect(t.worker.leases.get(CONN_2)).toMatchObject({ hostId: "host-a" });

    const { json } = await call("POST", `/bridge/connections/${CONN_2}/pairing-code`, { number: "5511912345678" });
    expect(json.code).toMatch(/^[A-Z0-9]{8}$/);
    const scan = await fetch(`${t.host.url}/simulator/${CONN_2}/scan`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ code: json.code }) });
    expect(await scan.json()).toMatchObject({ status: "CONNECTED", number: "5511912345678" });

    expect(await call("POST", `/bridge/connections/${CONN_2}/stop`, {})).toEqual({ status: 200, json: { status: "DISCONNECTED" } });
    expect(t.worker.leases.has(CONN_2)).toBe(false);
    // The statuses reached the worker in order.
    await eventually(() =>
      expect(t.worker.events.filter((e) => e.type === "status" && e.connectionId === CONN_2).map((e) => (e as { status: string }).status)).toEqual([
        "OPENING",
        "qrcode",
        "PAIRING",
        "CONNECTED",
        "DISCONNECTED",
      ]),
    );
  });

  it("logs out: the credentials are gone and the next start shows a QR", async () => {
    expect(await call("POST", `/bridge/connections/${CONN}/logout`, {})).toEqual({ status: 200, json: { status: "DISCONNECTED" } });
    expect(await call("POST", `/bridge/connections/${CONN}/start`, {})).toEqual({ status: 200, json: { status: "qrcode" } });
  });

  it("restarts a connected connection, resuming it without a QR", async () => {
    expect(await call("POST", `/bridge/connections/${CONN}/restart`, {})).toEqual({ status: 200, json: { status: "CONNECTED" } });
    expect(t.worker.leases.get(CONN)).toMatchObject({ hostId: "host-a" });
  });

  it("refuses to start a connection another host holds (409) and opens nothing", async () => {
    t.worker.leases.set(CONN_3, { hostId: "host-b", expiresAt: Date.now() + 60_000 });
    const res = await call("POST", `/bridge/connections/${CONN_3}/start`, {});
    expect(res).toMatchObject({ status: 409, json: { error: "ERR_WAPP_NOT_INITIALIZED" } });
    expect(res.json.message).toContain("host-b");
    expect(t.sim.connections().some((c) => c.id === CONN_3)).toBe(false);
  });

  it("refuses to restart a connection another host holds without saying anything about it to the worker", async () => {
    t.worker.leases.set(CONN, { hostId: "host-b", expiresAt: Date.now() + 60_000 });
    expect(await call("POST", `/bridge/connections/${CONN}/restart`, {})).toMatchObject({ status: 409, json: { error: "ERR_WAPP_NOT_INITIALIZED" } });
    expect(t.sim.connections()[0]!.status).toBe("DISCONNECTED");
    await new Promise((r) => setTimeout(r, 100));
    expect(t.worker.events.filter((e) => e.type === "status" && e.connectionId === CONN)).toEqual([]);
  });

  it("answers a stop of a connection this host never ran as DISCONNECTED", async () => {
    expect(await call("POST", `/bridge/connections/${NOT_HERE}/stop`, {})).toEqual({ status: 200, json: { status: "DISCONNECTED" } });
  });

  it("asks for a pairing code only on a connection waiting to pair", async () => {
    expect(await call("POST", `/bridge/connections/${NOT_HERE}/pairing-code`, { number: "5511912345678" })).toMatchObject({ status: 404, json: { error: "ERR_NO_WAPP_FOUND" } });
    expect(await call("POST", `/bridge/connections/${CONN}/pairing-code`, { number: "5511912345678" })).toMatchObject({ status: 409 });
    expect((await call("POST", `/bridge/connections/${CONN}/pairing-code`, { number: "+55" })).json.fields).toHaveProperty("number");
  });
});

describe("GET /health and /metrics with the bridge", () => {
  it("show the host id, leases and real delivery figures", async () => {
    await call("POST", `/bridge/connections/${CONN}/start`, {});
    t.sim.inbound(CONN, { from: CONTACT, body: "oi" });
    await eventually(() => expect(t.host.sink.stats()).toMatchObject({ spooled: 0, delivered: 2 }));
    const health = (await fetch(`${t.host.url}/health`).then((r) => r.json())) as any;
    expect(health).toMatchObject({
      events: { recorded: 2, delivered: 2, spooled: 0, dropped: 0 },
      bridge: { hostId: "host-a", leases: [CONN], lostLeases: [], delivery: { failures: 0, lastError: null } },
    });
    const metrics = await fetch(`${t.host.url}/metrics`).then((r) => r.text());
    expect(metrics).toContain("zapdesk_host_events_delivered_total 2");
    expect(metrics).toContain("zapdesk_host_leases_held 1");
    expect(metrics).toContain("zapdesk_host_delivery_failures 0");
  });
});
