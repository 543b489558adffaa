import { afterEach, describe, expect, it } from "vitest";
import type { BridgeEvent } from "../../../worker/contracts/bridge";
import { bridgedHost } from "../testing/bridgedHost";
import { eventually, FakeWorker, signedCall } from "../testing/fakeWorker";
import { connectionId } from "../testing/ids";

const CONTACT = "5511987654321";
// Connections of a company that signed up (ids in the high range), as customers have them.
const CONN = connectionId(1);
const CONN_2 = connectionId(2);
const disposers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const dispose of disposers.splice(0).reverse()) await dispose();
});

async function host(options: Parameters<typeof bridgedHost>[0] = {}) {
  const t = await bridgedHost(options);
  disposers.push(() => t.dispose());
  return t;
}

const statusesOf = (events: BridgeEvent[], id: number) =>
  events.filter((e) => e.type === "status" && e.connectionId === id).map((e) => (e as { status: string }).status);
const statusOf = (t: Awaited<ReturnType<typeof bridgedHost>>, id: number) => t.sim.connections().find((c) => c.id === id)?.status;
const listed = (...ids: number[]) => ids.map((id) => ({ id, name: `Connection ${id}`, status: "CONNECTED" as const }));

describe("startup and heartbeat", () => {
  it("heartbeats until the worker is up, then starts under its lease each connection the worker placed on it", async () => {
    const worker = await FakeWorker.start();
    worker.connections = listed(CONN, CONN_2);
    await worker.down();
    const t = await host({ worker, simulator: { fixture: { connections: [{ id: CONN, status: "CONNECTED" }], contacts: [] } } });
    await new Promise((r) => setTimeout(r, 150));
    expect(t.host.bridge!.supervisor.ready).toBe(false);
    await worker.up();
    await eventually(() => expect(t.host.bridge!.supervisor.ready).toBe(true));
    const first = worker.heartbeats[0]!;
    // The fixture's paired connection is open from the start (the simulator opens it before any lease).
    expect(first).toMatchObject({ hostId: "host-a", url: t.host.url, capacity: 500, running: [CONN], draining: false, version: "0.1.0" });
    expect(first.memoryMb).toBeGreaterThan(0);
    expect(first.startedAt).toBeLessThanOrEqual(Date.now());
    expect(worker.callsTo("GET", "/bridge/connections")).toEqual([]);
    expect([...worker.leases].map(([id, l]) => [id, l.hostId])).toEqual([
      [CONN, "host-a"],
      [CONN_2, "host-a"],
    ]);
    // The first was paired (resumes), the second is new to this phone network (shows a QR).
    expect(statusOf(t, CONN)).toBe("CONNECTED");
    expect(statusOf(t, CONN_2)).toBe("qrcode");
    await eventually(() => expect(worker.events.some((e) => e.type === "qr" && e.connectionId === CONN_2)).toBe(true));
    // The next heartbeats say what runs here.
    await eventually(() => expect(worker.heartbeats.at(-1)!.running.sort()).toEqual([CONN, CONN_2].sort()));
    const health = (await fetch(`${t.host.url}/health`).then((r) => r.json())) as { bridge: Record<string, unknown> };
    expect(health.bridge).toMatchObject({ hostId: "host-a", url: t.host.url, capacity: 500, running: 2, draining: false });
  });

  it("starts a connection placed on it later, at the next heartbeat", async () => {
    const worker = await FakeWorker.start();
    worker.placed = (hostId) => (hostId === "host-a" ? listed(CONN) : []);
    const t = await host({ worker, simulator: { fixture: { connections: [{ id: CONN, status: "CONNECTED" }, { id: CONN_2, status: "CONNECTED" }], contacts: [] } } });
    await eventually(() => expect(statusOf(t, CONN)).toBe("CONNECTED"));
    expect(t.host.bridge!.leases.has(CONN_2)).toBe(false);
    worker.placed = (hostId) => (hostId === "host-a" ? listed(CONN, CONN_2) : []);
    await eventually(() => expect(t.host.bridge!.leases.has(CONN_2)).toBe(true));
    expect(worker.leases.get(CONN_2)?.hostId).toBe("host-a");
  });

  it("asks an older worker without the heartbeat route for its connections instead", async () => {
    const worker = await FakeWorker.start();
    worker.noHeartbeatRoute = true;
    worker.connections = listed(CONN);
    const t = await host({ worker, simulator: { fixture: { connections: [{ id: CONN, status: "CONNECTED" }], contacts: [] } } });
    await eventually(() => expect(t.host.bridge!.leases.has(CONN)).toBe(true));
    expect(worker.callsTo("GET", "/bridge/connections")[0]!.path).toBe("/bridge/connections?hostId=host-a");
    expect(worker.callsTo("POST", "/bridge/hosts/heartbeat")).toHaveLength(1);
  });

  it("does not start a connection whose lease another host holds, and stops what it had of it", async () => {
    const worker = await FakeWorker.start();
    worker.connections = listed(CONN, CONN_2);
    worker.leases.set(CONN, { hostId: "host-b", expiresAt: Date.now() + 60_000 });
    worker.leases.set(CONN_2, { hostId: "host-b", expiresAt: Date.now() + 60_000 });
    const t = await host({ worker, simulator: { fixture: { connections: [{ id: CONN, status: "CONNECTED" }], contacts: [] } } });
    await eventually(() => expect(t.host.bridge!.supervisor.ready).toBe(true));
    expect(t.sim.connections().some((c) => c.id === CONN_2)).toBe(false);
    expect(statusOf(t, CONN)).toBe("DISCONNECTED");
    expect(t.host.bridge!.leases.ids()).toEqual([]);
    // host-b's view of the connection is not contradicted.
    await new Promise((r) => setTimeout(r, 100));
    expect(statusesOf(worker.events, CONN)).toEqual([]);
  });
});

describe("lost leases", () => {
  it("stops a connection as soon as a renewal is refused, without reporting it DISCONNECTED over the new holder", async () => {
    const worker = await FakeWorker.start();
    worker.connections = listed(CONN);
    const t = await host({ worker, env: { SESSION_HOST_LEASE_TTL_MS: "5000" }, simulator: { fixture: { connections: [{ id: CONN, status: "CONNECTED" }], contacts: [] } } });
    await eventually(() => expect(t.host.bridge!.leases.has(CONN)).toBe(true));
    await eventually(() => expect(statusesOf(worker.events, CONN)).toEqual(["CONNECTED"]));
    worker.leases.set(CONN, { hostId: "host-b", expiresAt: Date.now() + 60_000 });
    await eventually(() => expect(statusOf(t, CONN)).toBe("DISCONNECTED"), 4_000);
    expect(t.host.bridge!.supervisor.lostLeases()).toEqual([CONN]);
    await new Promise((r) => setTimeout(r, 300)); // reconcile passes: host-b still holds it, so nothing restarts
    expect(statusOf(t, CONN)).toBe("DISCONNECTED");
    expect(statusesOf(worker.events, CONN)).toEqual(["CONNECTED"]);
  });

  it("keeps running while the worker is unreachable, stops when the lease would have expired, and resumes once it is back", async () => {
    const worker = await FakeWorker.start();
    worker.connections = listed(CONN);
    const t = await host({ worker, env: { SESSION_HOST_LEASE_TTL_MS: "5000" }, simulator: { fixture: { connections: [{ id: CONN, status: "CONNECTED" }], contacts: [] } } });
    await eventually(() => expect(t.host.bridge!.leases.has(CONN)).toBe(true));
    const downAt = Date.now();
    await worker.down();
    await new Promise((r) => setTimeout(r, 2_500));
    expect(statusOf(t, CONN)).toBe("CONNECTED"); // past a failed renewal, still within the lease
    await eventually(() => expect(statusOf(t, CONN)).toBe("DISCONNECTED"), 5_000, 50);
    expect(Date.now() - downAt).toBeLessThan(5_000);
    // The worker lists it again (the lease is this host's, or has lapsed), so it runs again.
    await worker.up();
    await eventually(() => expect(statusOf(t, CONN)).toBe("CONNECTED"), 5_000);
    expect(t.host.bridge!.leases.has(CONN)).toBe(true);
    expect(t.host.bridge!.supervisor.lostLeases()).toEqual([]);
  }, 20_000);
});

describe("commands against the periodic listing", () => {
  it("does not start again a connection the worker stopped, until the worker starts it", async () => {
    const worker = await FakeWorker.start();
    worker.connections = listed(CONN);
    const t = await host({ worker, simulator: { fixture: { connections: [{ id: CONN, status: "CONNECTED" }], contacts: [] } } });
    await eventually(() => expect(t.host.bridge!.leases.has(CONN)).toBe(true));
    expect((await signedCall(t.host.url, "POST", `/bridge/connections/${CONN}/stop`, {})).json).toEqual({ status: "DISCONNECTED" });
    await new Promise((r) => setTimeout(r, 500)); // the worker still lists it: its DISCONNECTED may not have landed yet
    expect(statusOf(t, CONN)).toBe("DISCONNECTED");
    expect(worker.leases.has(CONN)).toBe(false);
    expect((await signedCall(t.host.url, "POST", `/bridge/connections/${CONN}/start`, {})).json).toEqual({ status: "CONNECTED" });
  });
});

describe("shutdown and restart", () => {
  it("closes the provider, gives the leases back and delivers what is spooled before exiting", async () => {
    const worker = await FakeWorker.start();
    worker.connections = listed(CONN);
    const t = await bridgedHost({ worker, simulator: { fixture: { connections: [{ id: CONN, status: "CONNECTED" }], contacts: [] } } });
    await eventually(() => expect(t.host.bridge!.leases.has(CONN)).toBe(true));
    worker.failing = true;
    const { id } = t.sim.inbound(CONN, { from: CONTACT, body: "last words" });
    await eventually(() => expect(t.host.bridge!.spool.health().failures).toBeGreaterThan(0));
    worker.failing = false;
    await t.dispose({ keepWorker: true });
    expect(worker.leases.size).toBe(0);
    expect(worker.events.some((e) => e.type === "message" && e.message.id === id)).toBe(true);
    await worker.close();
  });

  it("resumes paired, without a new QR, a connection of a company in the high id range that was paired at run time", async () => {
    // Not in the fixture: a company that signed up today (ids from companyId × 10^9) paired it by scanning.
    const id = 9_000_000_000_123;
    const worker = await FakeWorker.start();
    worker.connections = [{ id, name: "Loja", status: "qrcode" }];
    const first = await bridgedHost({ worker, asStarted: true });
    await eventually(() => expect(statusOf(first, id)).toBe("qrcode"));
    const paired = first.sim.scan(id);
    expect(paired.status).toBe("CONNECTED");
    await eventually(() => expect(worker.sessions.get(id)?.creds).toBeTruthy());
    await first.dispose({ keepState: true, keepWorker: true });

    worker.connections = [{ id, name: "Loja", status: "CONNECTED" }];
    const before = worker.events.length;
    const second = await host({ worker, stateDir: first.stateDir, asStarted: true });
    await eventually(() => expect(statusesOf(worker.events.slice(before), id)).toContain("CONNECTED"));
    expect(statusOf(second, id)).toBe("CONNECTED");
    expect(second.sim.connections().find((c) => c.id === id)?.number).toBe(paired.number);
    expect(worker.events.slice(before).some((e) => e.type === "qr" && e.connectionId === id)).toBe(false);

    // Logged out (disconnected from the phone): the kept pairing goes, and the next start shows a QR.
    await second.sim.logout(id);
    expect(worker.sessions.has(id)).toBe(false);
  });

  it("delivers after a restart what it could not deliver before stopping", async () => {
    const worker = await FakeWorker.start();
    await worker.down();
    const first = await bridgedHost({ worker, simulator: { fixture: { connections: [{ id: CONN, status: "CONNECTED" }], contacts: [] } } });
    const sent = [1, 2, 3].map((n) => first.sim.inbound(CONN, { from: CONTACT, body: `before restart ${n}` }).id);
    await first.host.bridge!.spool.settled();
    await first.dispose({ keepState: true, keepWorker: true });
    expect(first.host.sink.stats()).toMatchObject({ recorded: 3, delivered: 0, spooled: 3 });

    await worker.up();
    const second = await host({ worker, stateDir: first.stateDir });
    await eventually(() => expect(worker.events.filter((e) => e.type === "message").map((e) => (e as { message: { id: string } }).message.id)).toEqual(sent));
    const health = (await fetch(`${second.host.url}/health`).then((r) => r.json())) as { events: { delivered: number; spooled: number } };
    expect(health.events).toMatchObject({ delivered: 3, spooled: 0 });
  });
});
