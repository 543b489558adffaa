import { afterEach, describe, expect, it } from "vitest";
import type { BridgeEvent } from "../../../../worker/contracts/bridge";
import { silentLogger } from "../../log";
import { RemoteSimulatorProvider } from "../../providers/simulatorRemote";
import { bridgedHost } from "../../testing/bridgedHost";
import { eventually } from "../../testing/fakeWorker";
import { connectionId } from "../../testing/ids";
import { startNetwork } from "./main";

const CONN = connectionId(1);
const CONN_2 = connectionId(2);
const CONTACT = "5511987654321";

type Running = Awaited<ReturnType<typeof startNetwork>>;
const cleanups: (() => Promise<unknown>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

async function network(): Promise<Running> {
  const running = await startNetwork({ port: 0, ackStepMs: 10 });
  cleanups.push(() => running.close());
  return running;
}

/** A host's provider on the network, recording what it emits. */
function host(net: Running, hostId: string) {
  const provider = new RemoteSimulatorProvider({ url: net.url, hostId, logger: silentLogger, pollWaitMs: 1_000 });
  const events: BridgeEvent[] = [];
  provider.onEvent((e) => events.push(e));
  cleanups.push(() => provider.close());
  const messages = () => events.flatMap((e) => (e.type === "message" ? [e.message] : []));
  return { provider, events, messages };
}

async function control(net: Running, method: string, path: string, body?: unknown) {
  const res = await fetch(net.url + path, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as any };
}

/** Starts the connection on `h` and pairs it by scanning its QR on the network's phone side. */
async function paired(net: Running, h: ReturnType<typeof host>, id = CONN) {
  await h.provider.start(id);
  expect((await control(net, "POST", `/simulator/${id}/scan`, {})).status).toBe(200);
  await eventually(() => expect(h.provider.connections().find((c) => c.id === id)?.status).toBe("CONNECTED"));
}

const inbound = (net: Running, id: number, msgId: string, body = "Oi") => control(net, "POST", `/simulator/${id}/inbound`, { from: CONTACT, id: msgId, body });

describe("simulator network: attach and replace", () => {
  it("runs a connection on the host that attached it; a second host's attach replaces the first", async () => {
    const net = await network();
    const a = host(net, "host-a");
    const b = host(net, "host-b");
    await paired(net, a);
    await inbound(net, CONN, "IN-1");
    await eventually(() => expect(a.messages().map((m) => m.id)).toEqual(["IN-1"]));

    // b takes the connection over: resumed paired (no QR), and what follows goes to b only.
    await b.provider.start(CONN);
    expect(b.provider.connections()).toEqual([{ id: CONN, status: "CONNECTED", number: expect.any(String) }]);
    await inbound(net, CONN, "IN-2");
    await eventually(() => expect(b.messages().map((m) => m.id)).toContain("IN-2"));
    expect(a.messages().map((m) => m.id)).toEqual(["IN-1"]);
    expect(b.events.some((e) => e.type === "qr")).toBe(false);

    // The replaced host can no longer send through it.
    await expect(a.provider.send({ connectionId: CONN, to: CONTACT, id: "OUT-A", body: "Olá" })).rejects.toMatchObject({ code: "ERR_WAPP_NOT_INITIALIZED", status: 409 });
    await b.provider.send({ connectionId: CONN, to: CONTACT, id: "OUT-B", body: "Olá" });
    expect((await control(net, "GET", `/simulator/${CONN}/outbox`)).json.messages.map((m: any) => m.id)).toEqual(["OUT-B"]);
    expect((await control(net, "GET", "/network/stats")).json).toMatchObject({ attached: { "host-b": [CONN] }, qrAfterPairing: 0 });
  });
});

describe("simulator network: redelivery", () => {
  it("delivers again, to whoever attaches next, what a host received but never acknowledged; acknowledged events never come back", async () => {
    const net = await network();
    const a = host(net, "host-a");
    await paired(net, a);
    await inbound(net, CONN, "IN-1");
    await inbound(net, CONN, "IN-2");
    await eventually(() => expect(a.messages().map((m) => m.id)).toEqual(["IN-1", "IN-2"]));
    // The worker got IN-1 (the spool says so), then host a dies before IN-2 reaches it.
    a.provider.delivered(a.events.filter((e) => e.type !== "message" || e.message.id === "IN-1"));
    await eventually(async () => expect((await control(net, "GET", "/network/stats")).json.unacknowledged).toBe(1));
    await a.provider.close();

    const b = host(net, "host-b");
    await b.provider.start(CONN);
    await eventually(() => expect(b.messages().map((m) => m.id)).toEqual(["IN-2"]));

    // b delivers everything; a third host gets nothing again.
    b.provider.delivered(b.events);
    await eventually(async () => expect((await control(net, "GET", "/network/stats")).json.unacknowledged).toBe(0));
    const c = host(net, "host-c");
    await c.provider.start(CONN);
    await inbound(net, CONN, "IN-3");
    await eventually(() => expect(c.messages().map((m) => m.id)).toEqual(["IN-3"]));
  });

  it("a host that restarts under the same id starts with a clean stream and gets its unacknowledged events once", async () => {
    const net = await network();
    const a = host(net, "host-a");
    await paired(net, a);
    await inbound(net, CONN, "IN-1");
    await eventually(() => expect(a.messages().map((m) => m.id)).toEqual(["IN-1"]));
    await a.provider.close();

    const again = host(net, "host-a");
    await again.provider.start(CONN);
    await inbound(net, CONN, "IN-2");
    await eventually(() => expect(again.messages().map((m) => m.id)).toEqual(["IN-1", "IN-2"]));
  });
});

describe("simulator network: sends", () => {
  it("keeps one message per id network-wide: a resend after a failover lands once in the outbox", async () => {
    const net = await network();
    const a = host(net, "host-a");
    await paired(net, a);
    expect(await a.provider.send({ connectionId: CONN, to: CONTACT, id: "OUT-1", body: "Olá" })).toEqual({ id: "OUT-1" });
    await a.provider.close();

    const b = host(net, "host-b");
    await b.provider.start(CONN);
    expect(await b.provider.send({ connectionId: CONN, to: CONTACT, id: "OUT-1", body: "Olá" })).toEqual({ id: "OUT-1" });
    const outbox = (await control(net, "GET", `/simulator/${CONN}/outbox`)).json.messages;
    expect(outbox.map((m: any) => m.id)).toEqual(["OUT-1"]);
    // Its acks reach the host that holds the connection now.
    await eventually(() => expect(b.events.some((e) => e.type === "ack" && e.messageId === "OUT-1" && e.ack === 3)).toBe(true));
  });
});

describe("simulator network: nobody holds the connection", () => {
  it("keeps what contacts write while no host runs the connection and delivers it to the next one", async () => {
    const net = await network();
    const a = host(net, "host-a");
    await paired(net, a);
    await a.provider.stop(CONN);
    expect(a.provider.connections()).toEqual([{ id: CONN, status: "DISCONNECTED", number: expect.any(String) }]);
    expect(a.events.at(-1)).toMatchObject({ type: "status", status: "DISCONNECTED" });

    expect((await inbound(net, CONN, "WAITED")).status).toBe(200);
    expect((await control(net, "GET", "/network/stats")).json.attached).toEqual({});

    const b = host(net, "host-b");
    await b.provider.start(CONN);
    await eventually(() => expect(b.messages().map((m) => m.id)).toEqual(["WAITED"]));
    expect(a.messages()).toEqual([]);
  });
});

describe("simulator network: silence and probe", () => {
  it("a silent connection looks CONNECTED, delivers nothing and fails its probe; a restart brings what waited as offline messages", async () => {
    const net = await network();
    const a = host(net, "host-a");
    await paired(net, a);
    await paired(net, a, CONN_2);
    expect(await a.provider.probe(CONN)).toBe(true);

    expect((await control(net, "POST", `/simulator/${CONN}/silence`, { silent: true })).json).toMatchObject({ status: "CONNECTED", silent: true });
    expect(await a.provider.probe(CONN)).toBe(false);
    expect(await a.provider.probe(CONN_2)).toBe(true);
    await inbound(net, CONN, "WHILE-SILENT");
    // The stream still flows (the other connection's message arrives) but nothing of the silent one does.
    await inbound(net, CONN_2, "OTHER");
    await eventually(() => expect(a.messages().map((m) => m.id)).toEqual(["OTHER"]));
    expect(a.provider.connections().find((c) => c.id === CONN)?.status).toBe("CONNECTED");

    // The watchdog restarts the socket: what waited arrives, marked as fetched on reconnect.
    await a.provider.stop(CONN);
    await a.provider.start(CONN);
    await eventually(() => expect(a.messages().find((m) => m.id === "WHILE-SILENT")).toMatchObject({ isHistory: true }));
    expect(await a.provider.probe(CONN)).toBe(true);
  });

  it("a host that does not hold the connection fails the probe", async () => {
    const net = await network();
    const a = host(net, "host-a");
    const b = host(net, "host-b");
    await paired(net, a);
    await b.provider.start(CONN);
    expect(await a.provider.probe(CONN)).toBe(false);
    expect(await b.provider.probe(CONN)).toBe(true);
  });
});

describe("simulator network: through a host's spool", () => {
  it("acknowledges an event to the network only once the worker has it", async () => {
    const net = await network();
    const t = await bridgedHost({ asStarted: true, env: { SIMULATOR_NETWORK_URL: net.url, SESSION_HOST_ID: "host-a" } });
    cleanups.push(() => t.dispose());
    t.worker.connections = [{ id: CONN, name: "Loja", status: "qrcode" }];
    await eventually(async () => expect((await control(net, "GET", "/network/stats")).json.attached).toEqual({ "host-a": [CONN] }));
    await control(net, "POST", `/simulator/${CONN}/scan`, {});
    await eventually(() => expect(t.worker.events.some((e) => e.type === "status" && e.status === "CONNECTED")).toBe(true));

    // The worker is down: the message waits in the spool and stays unacknowledged in the network.
    await t.worker.down();
    await inbound(net, CONN, "IN-1");
    await eventually(() => expect(t.host.sink.stats().spooled).toBeGreaterThan(0));
    const waiting = (await control(net, "GET", "/network/stats")).json.unacknowledged;
    expect(waiting).toBeGreaterThan(0);

    await t.worker.up();
    await eventually(() => expect(t.worker.events.some((e) => e.type === "message" && e.message.id === "IN-1")).toBe(true));
    await eventually(async () => expect((await control(net, "GET", "/network/stats")).json.unacknowledged).toBe(0));
  });
});

describe("simulator network: out of reach", () => {
  it("fails a start with 502 (the next one tries again) and answers the probe false", async () => {
    const net = await network();
    const url = net.url;
    await net.close();
    const provider = new RemoteSimulatorProvider({ url, hostId: "host-a", logger: silentLogger, timeoutMs: 2_000 });
    cleanups.push(() => provider.close());
    await expect(provider.start(CONN)).rejects.toMatchObject({ code: "ERR_SIMULATOR_NETWORK", status: 502 });
    expect(await provider.probe(CONN)).toBe(false);
    expect(provider.connections()).toEqual([]);
  });
});
