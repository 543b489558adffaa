import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "./config";
import { SimulatorProvider } from "./providers/simulator";
import type { RecordingSink } from "./events/sink";
import { probeRefusal } from "./http/probeAccess";
import { type RunningHost, startHost } from "./server";
import { connectionId } from "./testing/ids";

let host: RunningHost;
let sim: SimulatorProvider;

beforeEach(async () => {
  sim = new SimulatorProvider({ ackStepMs: 20 });
  host = await startHost(loadConfig({ SESSION_HOST_PORT: "0", SESSION_HOST_BRIDGE: "off" }), { provider: sim });
});
afterEach(() => host.close());

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${host.url}${path}`, {
    method,
    headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text, headers: res.headers };
}

const CONTACT = "5511987654321";
// Connections of a company that signed up (ids in the high range), as customers have them.
const CONN = connectionId(1);
const CONN_2 = connectionId(2);
const CONN_3 = connectionId(3);
const UNKNOWN = connectionId(99);

describe("GET /health", () => {
  it("answers ok with the provider, its connections and uptime", async () => {
    await sim.start(CONN);
    const res = await call("GET", "/health");
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ ok: true, provider: "simulator", connections: 1, byStatus: { qrcode: 1 }, bridge: null });
    expect(res.json.uptime).toBeGreaterThanOrEqual(0);
  });
});

describe("GET /metrics", () => {
  it("exposes connections by status, events and memory in Prometheus text", async () => {
    await sim.start(CONN);
    sim.scan(CONN);
    const res = await call("GET", "/metrics");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    expect(res.text).toContain('zapdesk_host_connections{provider="simulator",status="CONNECTED"} 1');
    expect(res.text).toContain('zapdesk_host_connections{provider="simulator",status="qrcode"} 0');
    expect(res.text).toMatch(/^zapdesk_host_events_recorded_total [1-9]\d*$/m);
    expect(res.text).toContain("zapdesk_host_events_delivered_total 0");
    expect(res.text).toMatch(/^process_resident_memory_bytes \d+$/m);
  });
});

describe("who may read /health and /metrics", () => {
  const TOKEN = "metrics-token-0123456789abcdefghijkl";
  const PROBES = ["/health", "/metrics"];

  it("answers a caller on loopback when no token is configured", async () => {
    for (const path of PROBES) expect((await call("GET", path)).status).toBe(200);
  });

  it("refuses a request a proxy relayed to loopback for someone else, when no token is configured", async () => {
    const relays: Record<string, string>[] = [{ "x-forwarded-for": "203.0.113.5" }, { forwarded: "for=203.0.113.5" }, { "x-real-ip": "203.0.113.5" }];
    for (const headers of relays) {
      for (const path of PROBES) {
        const res = await call("GET", path, undefined, headers);
        expect(res.status).toBe(403);
        expect(res.json).toMatchObject({ error: "ERR_NO_PERMISSION" });
        expect(res.text).not.toContain("simulator");
      }
    }
  });

  it("refuses a caller that is not on loopback, when no token is configured", () => {
    for (const address of ["203.0.113.5", "10.0.0.2", "::ffff:192.0.2.1", "2001:db8::1", undefined]) {
      expect(probeRefusal({ address, headers: {} }, undefined)?.status).toBe(403);
    }
    for (const address of ["127.0.0.1", "127.8.0.1", "::1", "::ffff:127.0.0.1"]) {
      expect(probeRefusal({ address, headers: {} }, undefined)).toBeNull();
    }
  });

  it("with SESSION_HOST_METRICS_TOKEN, answers only the bearer of that token, loopback or not", async () => {
    await host.close();
    host = await startHost(loadConfig({ SESSION_HOST_PORT: "0", SESSION_HOST_BRIDGE: "off", SESSION_HOST_METRICS_TOKEN: TOKEN }), { provider: sim });
    for (const path of PROBES) {
      for (const authorization of [undefined, "Bearer wrong-token", `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
        const res = await call("GET", path, undefined, authorization ? { authorization } : {});
        expect(res.status).toBe(401);
        expect(res.json).toMatchObject({ error: "ERR_METRICS_TOKEN" });
      }
      const relayed = await call("GET", path, undefined, { authorization: `Bearer ${TOKEN}`, "x-forwarded-for": "203.0.113.5" });
      expect(relayed.status).toBe(200);
    }
    expect(probeRefusal({ address: "203.0.113.5", headers: { authorization: `Bearer ${TOKEN}` } }, TOKEN)).toBeNull();
  });
});

describe("simulator control routes", () => {
  it("POST /simulator/:id/scan pairs a connection waiting on its QR", async () => {
    await sim.start(CONN_2);
    const res = await call("POST", `/simulator/${CONN_2}/scan`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: CONN_2, status: "CONNECTED" });
  });

  it("POST /simulator/:id/scan answers 404 for an unknown connection", async () => {
    const res = await call("POST", `/simulator/${UNKNOWN}/scan`);
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ error: "ERR_NO_WAPP_FOUND" });
    expect((await call("POST", "/simulator/abc/scan")).status).toBe(404);
  });

  it("POST /simulator/:id/inbound records a contact's message (not delivered: no worker) and answers its id", async () => {
    await sim.start(CONN);
    sim.scan(CONN);
    const res = await call("POST", `/simulator/${CONN}/inbound`, { from: CONTACT, name: "Maria", body: "Oi!", id: "WA-1" });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ id: "WA-1" });
    const recorded = (await call("GET", "/health")).json.events;
    expect(recorded.spooled).toBeGreaterThan(0);
    expect(recorded.delivered).toBe(0);
  });

  it("POST /simulator/:id/inbound names the invalid fields", async () => {
    await sim.start(CONN);
    sim.scan(CONN);
    const res = await call("POST", `/simulator/${CONN}/inbound`, { from: "+55 (11) 9", media: { mimetype: "nope", filename: "", base64: "!!" } });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe("ERR_VALIDATION");
    expect(Object.keys(res.json.fields)).toEqual(expect.arrayContaining(["from", "media.mimetype", "media.filename", "media.base64"]));
    expect((await call("POST", `/simulator/${CONN}/inbound`, { from: CONTACT })).json.fields).toHaveProperty("body");
    expect((await call("POST", `/simulator/${CONN}/inbound`, "{oops")).json.error).toBe("ERR_INVALID_JSON");
  });

  it("POST /simulator/:id/inbound answers 409 while the connection is not connected", async () => {
    await sim.start(CONN);
    const res = await call("POST", `/simulator/${CONN}/inbound`, { from: CONTACT, body: "oi" });
    expect(res.status).toBe(409);
    expect(res.json.error).toBe("ERR_WAPP_NOT_INITIALIZED");
  });

  it("GET /simulator/:id/outbox lists what the product sent, with acks that reach 3", async () => {
    await sim.start(CONN);
    sim.scan(CONN);
    const { id } = await sim.send({ connectionId: CONN, to: CONTACT, id: "OUT-1", body: "Olá, Maria!" });
    let res = await call("GET", `/simulator/${CONN}/outbox`);
    expect(res.status).toBe(200);
    expect(res.json.messages).toEqual([expect.objectContaining({ id, to: CONTACT, body: "Olá, Maria!", ack: expect.any(Number) })]);
    await new Promise((r) => setTimeout(r, 120));
    res = await call("GET", `/simulator/${CONN}/outbox?to=${CONTACT}`);
    expect(res.json.messages[0].ack).toBe(3);
    expect((await call("GET", `/simulator/${CONN}/outbox?to=5521900000000`)).json.messages).toEqual([]);
  });

  it("GET /simulator/:id/conversation shows both sides in order", async () => {
    await sim.start(CONN);
    sim.scan(CONN);
    await call("POST", `/simulator/${CONN}/inbound`, { from: CONTACT, body: "Oi" });
    await sim.send({ connectionId: CONN, to: CONTACT, id: "OUT-1", body: "Olá" });
    const res = await call("GET", `/simulator/${CONN}/conversation?with=${CONTACT}`);
    expect(res.json.messages.map((m: { direction: string; body: string }) => [m.direction, m.body])).toEqual([
      ["in", "Oi"],
      ["out", "Olá"],
    ]);
  });

  it("lets a contact edit, react to and delete their message, and type", async () => {
    await sim.start(CONN);
    sim.scan(CONN);
    const { id } = (await call("POST", `/simulator/${CONN}/inbound`, { from: CONTACT, body: "Oi" })).json;
    expect((await call("POST", `/simulator/${CONN}/inbound-edit`, { from: CONTACT, id, body: "Oi, bom dia" })).json).toEqual({ ok: true });
    expect((await call("POST", `/simulator/${CONN}/inbound-reaction`, { from: CONTACT, id, emoji: "😀" })).json).toEqual({ ok: true });
    expect((await call("POST", `/simulator/${CONN}/typing`, { from: CONTACT })).json).toEqual({ ok: true });
    let [message] = (await call("GET", `/simulator/${CONN}/conversation?with=${CONTACT}`)).json.messages;
    expect(message).toMatchObject({ body: "Oi, bom dia", edited: true, edits: ["Oi"], deleted: false, reactions: [{ from: CONTACT, emoji: "😀" }] });
    expect((await call("POST", `/simulator/${CONN}/inbound-delete`, { from: CONTACT, id })).json).toEqual({ ok: true });
    [message] = (await call("GET", `/simulator/${CONN}/conversation?with=${CONTACT}`)).json.messages;
    expect(message.deleted).toBe(true);
    const types = (host.sink as RecordingSink).events().map((e) => e.type);
    expect(types.slice(-4)).toEqual(["edit", "reaction", "presence", "delete"]);
  });

  it("names the invalid fields of the contact's edits and reactions, and answers 404 for an unknown message", async () => {
    await sim.start(CONN);
    sim.scan(CONN);
    const bad = await call("POST", `/simulator/${CONN}/inbound-reaction`, { from: "x", emoji: 5 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.fields).sort()).toEqual(["emoji", "from", "id"]);
    expect((await call("POST", `/simulator/${CONN}/inbound-edit`, { from: CONTACT, id: "NOPE", body: "x" })).status).toBe(404);
  });

  it("POST /simulator/:id/scan with the pairing code pairs, and refuses a wrong code", async () => {
    await sim.start(CONN_3);
    const code = await sim.requestPairingCode(CONN_3, "5511912345678");
    expect((await call("GET", "/simulator/connections")).json.connections).toEqual([expect.objectContaining({ id: CONN_3, status: "PAIRING", pairingCode: code })]);
    expect((await call("POST", `/simulator/${CONN_3}/scan`, { code: "AAAAAAAA" })).status).toBe(400);
    expect((await call("POST", `/simulator/${CONN_3}/scan`, { code })).json).toMatchObject({ status: "CONNECTED", number: "5511912345678" });
  });

  it("GET /simulator serves the phone page", async () => {
    const res = await call("GET", "/simulator");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(res.text).toContain("ZapDesk simulator");
  });

  it("answers 405 for the wrong method and 404 for unknown paths", async () => {
    expect((await call("GET", `/simulator/${CONN}/scan`)).status).toBe(405);
    expect((await call("GET", "/nope")).json).toEqual({ error: "ERR_NOT_FOUND", message: "Not found." });
    // Without a worker there are no bridge routes at all.
    expect((await call("POST", "/bridge/send", {})).status).toBe(404);
  });
});
