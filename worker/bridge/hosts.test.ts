import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HOST_LIVE_MS } from "../contracts/bridge";
import { connectionRoutes, sessionHosts, sessionLeases } from "../db/control";
import { sessionHost } from "../domain/sessionHost/hostClient";
import { acquireLease, leaseHolder } from "../domain/sessionHost/leases";
import { bridgeCall } from "../testing/bridge";
import { useFakeHosts } from "../testing/fakeSessionHosts";
import { call, companyWithTeam, control, testEnv } from "../testing/fixtures";
import { createConnection } from "../testing/inbox";

const A = "http://host-a.hosts.test";
const B = "http://host-b.hosts.test";
const C = "http://host-c.hosts.test";
let fake: ReturnType<typeof useFakeHosts>;

/** Each test starts with no hosts, no leases, and the file's earlier connections stopped (not orphans). */
beforeEach(async () => {
  await control.delete(sessionLeases);
  await control.delete(sessionHosts);
  await control.update(connectionRoutes).set({ status: "DISCONNECTED" });
  fake = useFakeHosts([A, B, C]);
});
afterEach(async () => {
  fake.restore();
  // Other files fall back to SESSION_HOST_URL only while no host is registered: leave none behind.
  await control.delete(sessionHosts);
});

function heartbeat(hostId: string, url: string, extra: Record<string, unknown> = {}) {
  return bridgeCall("POST", "/bridge/hosts/heartbeat", { hostId, url, capacity: 10, running: [], startedAt: Date.now() - 1000, ...extra });
}
const ids = (json: { connections: { id: number }[] }) => json.connections.map((c) => c.id);

describe("POST /bridge/hosts/heartbeat", () => {
  it("registers the host and answers the connections placed on it; GET /bridge/connections answers the same", async () => {
    const { company } = await companyWithTeam();
    const conn = await createConnection(company.id);
    const res = await heartbeat("host-a", A, { memoryMb: 120, version: "1.0.0" });
    expect(res.status).toBe(200);
    expect(ids(res.json)).toEqual([conn.id]);
    expect(res.json.connections[0]).toEqual({ id: conn.id, name: conn.name, status: "CONNECTED" });
    expect(await control.select().from(sessionHosts).where(eq(sessionHosts.id, "host-a")).get()).toMatchObject({ url: A, capacity: 10, memoryMb: 120 });

    const listed = await bridgeCall("GET", "/bridge/connections?hostId=host-a");
    expect(listed.json).toEqual(res.json);
    expect(ids((await bridgeCall("GET", "/bridge/connections?hostId=host-b")).json)).toEqual([]);
  });

  it("refuses unsigned heartbeats with 401 and registers nothing", async () => {
    const res = await call("POST", "/bridge/hosts/heartbeat", { body: { hostId: "intruder", url: A, capacity: 10, running: [], startedAt: 1 } });
    expect(res.status).toBe(401);
    expect(res.json.error).toBe("ERR_BRIDGE_SIGNATURE");
    expect(await control.select().from(sessionHosts).all()).toEqual([]);
  });

  it("answers 400 naming the fields for a bad heartbeat, and writes nothing", async () => {
    const { company } = await companyWithTeam();
    const conn = await createConnection(company.id);
    const bad: [Record<string, unknown>, string][] = [
      [{ hostId: "has space" }, "hostId"],
      [{ url: "ftp://host-a.hosts.test" }, "url"],
      [{ url: "not a url" }, "url"],
      [{ capacity: 0 }, "capacity"],
      [{ capacity: 1.5 }, "capacity"],
      [{ running: ["12.0"] }, "running.0"],
      [{ startedAt: -1 }, "startedAt"],
      [{ draining: "yes" }, "draining"],
    ];
    for (const [extra, field] of bad) {
      const res = await heartbeat("host-a", A, extra);
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(res.json.error).toBe("ERR_VALIDATION");
      expect(Object.keys(res.json.fields)).toContain(field);
    }
    expect(await control.select().from(sessionHosts).all()).toEqual([]);
    expect(await leaseHolder(control, conn.id)).toBeNull();
  });
});

describe("POST /bridge/leases/:id/handover", () => {
  it("moves the lease to the other live host with the most room and starts the connection there", async () => {
    const { company } = await companyWithTeam();
    const conn = await createConnection(company.id);
    await heartbeat("host-a", A);
    expect(await leaseHolder(control, conn.id)).toBe("host-a");
    await heartbeat("host-b", B, { capacity: 5 });
    await heartbeat("host-c", C, { capacity: 50 });
    await heartbeat("host-a", A, { draining: true, running: [conn.id] });

    const res = await bridgeCall("POST", `/bridge/leases/${conn.id}/handover`, { hostId: "host-a" });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ to: "host-c", status: "OPENING" });
    expect(await leaseHolder(control, conn.id)).toBe("host-c");
    expect(fake.calls).toEqual([{ origin: C, method: "POST", path: `/bridge/connections/${conn.id}/start`, body: {} }]);
    expect(ids((await heartbeat("host-c", C, { capacity: 50 })).json)).toEqual([conn.id]);
  });

  it("refuses a host that does not hold the lease with 409, and moves nothing", async () => {
    const { company } = await companyWithTeam();
    const conn = await createConnection(company.id);
    await heartbeat("host-a", A);
    await heartbeat("host-b", B);
    const res = await bridgeCall("POST", `/bridge/leases/${conn.id}/handover`, { hostId: "host-b" });
    expect(res.status).toBe(409);
    expect(res.json.error).toBe("ERR_WAPP_NOT_INITIALIZED");
    expect(await leaseHolder(control, conn.id)).toBe("host-a");
    expect(fake.calls).toEqual([]);
  });

  it("releases the lease when no other host is live, and answers to: null", async () => {
    const { company } = await companyWithTeam();
    const conn = await createConnection(company.id);
    await heartbeat("host-a", A);
    await heartbeat("host-a", A, { draining: true, running: [conn.id] });
    const res = await bridgeCall("POST", `/bridge/leases/${conn.id}/handover`, { hostId: "host-a" });
    expect(res.json).toEqual({ to: null, status: null });
    expect(await leaseHolder(control, conn.id)).toBeNull();
    // The draining host is not given it back.
    expect(ids((await heartbeat("host-a", A, { draining: true })).json)).toEqual([]);
  });

  it("refuses an unsigned handover with 401 and moves nothing", async () => {
    const { company } = await companyWithTeam();
    const conn = await createConnection(company.id);
    await heartbeat("host-a", A);
    await heartbeat("host-b", B);
    const res = await call("POST", `/bridge/leases/${conn.id}/handover`, { body: { hostId: "host-a" } });
    expect(res.status).toBe(401);
    expect(await leaseHolder(control, conn.id)).toBe("host-a");
    expect(fake.calls).toEqual([]);
  });

  it("answers 400 for a bad body and 404 for an unknown connection", async () => {
    expect((await bridgeCall("POST", "/bridge/leases/1/handover", { hostId: "" })).status).toBe(400);
    expect((await bridgeCall("POST", "/bridge/leases/999999/handover", { hostId: "host-a" })).status).toBe(404);
  });
});

describe("routing worker → host calls (hostClient)", () => {
  it("sends a command to the URL of the host holding the connection's lease", async () => {
    const { company } = await companyWithTeam();
    const conn = await createConnection(company.id, { status: "DISCONNECTED" });
    await heartbeat("host-a", A);
    await heartbeat("host-b", B);
    await acquireLease(control, conn.id, "host-b", 60_000);
    await sessionHost(testEnv).send({ connectionId: conn.id, to: "5511999990000", isGroup: false, id: "W1", body: "oi", ptt: false });
    await sessionHost(testEnv).checkNumber(conn.id, "5511999990000");
    expect(fake.calls.map((c) => [c.origin, c.path])).toEqual([
      [B, "/bridge/send"],
      [B, "/bridge/check-number"],
    ]);
  });

  it("takes a holder's 'not running it' as not ready yet, so a queued send waits instead of failing for good", async () => {
    const { company } = await companyWithTeam();
    const conn = await createConnection(company.id, { status: "CONNECTED" });
    await heartbeat("host-a", A);
    await acquireLease(control, conn.id, "host-a", 60_000);
    // Placed on host-a, which learns of it at its next heartbeat: until then it answers that it does not run it.
    fake.restore();
    fake = useFakeHosts([A, B, C], () => ({ status: 404, body: { error: "ERR_NO_WAPP_FOUND", message: "This host does not run that connection." } }));
    await expect(sessionHost(testEnv).send({ connectionId: conn.id, to: "5511999990000", isGroup: false, id: "W4", body: "oi", ptt: false })).rejects.toMatchObject({
      code: "ERR_WAPP_NOT_INITIALIZED",
    });
    expect(fake.calls.map((c) => [c.origin, c.path])).toEqual([[A, "/bridge/send"]]);
  });

  it("does not call a holder that stopped heartbeating: the command answers ERR_WAPP_NOT_INITIALIZED at once", async () => {
    const { company } = await companyWithTeam();
    const conn = await createConnection(company.id, { status: "DISCONNECTED" });
    await control.insert(sessionHosts).values({ id: "host-a", url: A, capacity: 10, startedAt: new Date(0), heartbeatAt: new Date(Date.now() - HOST_LIVE_MS - 1) });
    await heartbeat("host-b", B);
    await acquireLease(control, conn.id, "host-a", 60_000);
    await expect(sessionHost(testEnv).send({ connectionId: conn.id, to: "5511999990000", isGroup: false, id: "W3", body: "oi", ptt: false })).rejects.toMatchObject({
      code: "ERR_WAPP_NOT_INITIALIZED",
    });
    await expect(sessionHost(testEnv).restart(conn.id)).rejects.toMatchObject({ code: "ERR_WAPP_NOT_INITIALIZED" });
    expect(fake.calls).toEqual([]);
  });

  it("answers 409 ERR_WAPP_NOT_INITIALIZED for a command to a connection no host holds", async () => {
    const { company } = await companyWithTeam();
    const conn = await createConnection(company.id, { status: "DISCONNECTED" });
    await heartbeat("host-a", A);
    await expect(sessionHost(testEnv).send({ connectionId: conn.id, to: "5511999990000", isGroup: false, id: "W2", body: "oi", ptt: false })).rejects.toMatchObject({
      code: "ERR_WAPP_NOT_INITIALIZED",
    });
    expect(fake.calls).toEqual([]);
  });

  it("places a connection a user starts on the live host with the most room, then starts it there", async () => {
    const { company, admin } = await companyWithTeam();
    const conn = await createConnection(company.id, { status: "DISCONNECTED" });
    await heartbeat("host-a", A, { capacity: 3 });
    await heartbeat("host-b", B, { capacity: 8 });
    await heartbeat("host-c", C, { capacity: 100, draining: true });
    const res = await call("POST", `/api/whatsappsession/${conn.id}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(await leaseHolder(control, conn.id)).toBe("host-b");
    expect(fake.calls).toEqual([{ origin: B, method: "POST", path: `/bridge/connections/${conn.id}/start`, body: {} }]);
    // The holder's next heartbeat lists it (running or not).
    expect(ids((await heartbeat("host-b", B, { capacity: 8, running: [conn.id] })).json)).toContain(conn.id);
  });

  it("logs a deleted connection out on the host that ran it, though its lease goes with it", async () => {
    const { company, admin } = await companyWithTeam();
    const conn = await createConnection(company.id, { isDefault: false });
    // Placed on b (the only host then); a, with far more room, comes later.
    await heartbeat("host-b", B);
    await heartbeat("host-a", A, { capacity: 100 });
    expect(await leaseHolder(control, conn.id)).toBe("host-b");
    expect((await call("DELETE", `/api/whatsapp/${conn.id}`, { token: admin.token })).status).toBe(200);
    await vi.waitFor(() => expect(fake.calls).toContainEqual({ origin: B, method: "POST", path: `/bridge/connections/${conn.id}/logout`, body: {} }));
    expect(fake.calls.filter((c) => c.origin !== B)).toEqual([]);
    expect(await leaseHolder(control, conn.id)).toBeNull();
  });

  it("answers ERR_WAPP_NOT_INITIALIZED to a start when no host is live, and calls none", async () => {
    const { company, admin } = await companyWithTeam();
    const conn = await createConnection(company.id, { status: "DISCONNECTED" });
    await control.insert(sessionHosts).values({ id: "gone", url: A, capacity: 10, startedAt: new Date(0), heartbeatAt: new Date(Date.now() - 60_000) });
    const res = await call("PUT", `/api/whatsappsession/${conn.id}`, { token: admin.token });
    expect(res.status).toBe(409);
    expect(res.json.error).toBe("ERR_WAPP_NOT_INITIALIZED");
    expect(fake.calls).toEqual([]);
  });
});
