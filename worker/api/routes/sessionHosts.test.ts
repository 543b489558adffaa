import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { HOST_LIVE_MS } from "../../contracts/bridge";
import { sessionHosts, sessionLeases } from "../../db/control";
import { acquireLease } from "../../domain/sessionHost/leases";
import { bridgeCall } from "../../testing/bridge";
import { call, companyWithTeam, control, platformAdmin } from "../../testing/fixtures";
import { createConnection } from "../../testing/inbox";

beforeEach(async () => {
  await control.delete(sessionLeases);
  await control.delete(sessionHosts);
});
afterEach(async () => {
  await control.delete(sessionHosts);
});

async function registered() {
  const { company } = await companyWithTeam();
  const conn = await createConnection(company.id, { status: "DISCONNECTED", name: "Vendas" });
  const beat = { url: "http://h1.hosts.test", capacity: 40, running: [conn.id], startedAt: Date.parse("2026-01-02T03:04:05Z"), memoryMb: 256, version: "2.0.0" };
  expect((await bridgeCall("POST", "/bridge/hosts/heartbeat", { hostId: "h1", ...beat })).status).toBe(200);
  // A host that stopped heartbeating long ago.
  await control.insert(sessionHosts).values({ id: "h0", url: "http://h0.hosts.test", capacity: 10, startedAt: new Date(0), heartbeatAt: new Date(Date.now() - HOST_LIVE_MS - 5_000) });
  await acquireLease(control, conn.id, "h1", 60_000);
  return { company, conn };
}

describe("GET /api/platform/session-hosts", () => {
  it("shows the super admin every host, its load and whether it is live", async () => {
    await registered();
    const platform = await platformAdmin();
    const res = await call("GET", "/api/platform/session-hosts", { token: platform.user.token });
    expect(res.status).toBe(200);
    expect(res.json.hosts).toEqual([
      expect.objectContaining({ id: "h0", live: false, connections: 0, memoryMb: null, version: null }),
      {
        id: "h1",
        url: "http://h1.hosts.test",
        capacity: 40,
        connections: 1,
        running: 1,
        draining: false,
        live: true,
        memoryMb: 256,
        version: "2.0.0",
        startedAt: "2026-01-02T03:04:05.000Z",
        lastHeartbeatAt: expect.any(String),
      },
    ]);
  });

  it("refuses every profile of a company with 403, the company's admin included", async () => {
    const team = await companyWithTeam();
    for (const who of [team.admin, team.supervisor, team.agent]) {
      const res = await call("GET", "/api/platform/session-hosts", { token: who.token });
      expect(res.status).toBe(403);
      expect(res.json.error).toBe("ERR_NO_PERMISSION");
    }
    expect((await call("GET", "/api/platform/session-hosts")).status).toBe(401);
  });
});

describe("GET /api/platform/session-hosts/:hostId/connections", () => {
  it("lists the connections a host holds, with their companies' names", async () => {
    const { company, conn } = await registered();
    const platform = await platformAdmin();
    const res = await call("GET", "/api/platform/session-hosts/h1/connections", { token: platform.user.token });
    expect(res.status).toBe(200);
    expect(res.json.connections).toEqual([
      { whatsappId: conn.id, companyId: company.id, companyName: company.name, name: "Vendas", status: "DISCONNECTED", leaseExpiresAt: expect.any(String) },
    ]);
    expect((await call("GET", "/api/platform/session-hosts/h0/connections", { token: platform.user.token })).json.connections).toEqual([]);
  });

  it("answers 404 for an unknown host, 400 for text that cannot be a host id, 403 for a company's admin", async () => {
    await registered();
    const platform = await platformAdmin();
    const unknown = await call("GET", "/api/platform/session-hosts/nope/connections", { token: platform.user.token });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error).toBe("ERR_NOT_FOUND");
    expect((await call("GET", "/api/platform/session-hosts/has%20space/connections", { token: platform.user.token })).status).toBe(400);
    const team = await companyWithTeam();
    expect((await call("GET", "/api/platform/session-hosts/h1/connections", { token: team.admin.token })).status).toBe(403);
  });
});
