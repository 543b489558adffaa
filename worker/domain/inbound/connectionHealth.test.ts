import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { BridgeEvent } from "../../contracts/bridge";
import type { ConnectionHealthView } from "../../contracts/sessionHosts";
import { sessionLeases } from "../../db/control";
import { connectionHealthEvents, whatsapps } from "../../db/tenant";
import { tenantHousekeeping } from "../../jobs/housekeeping";
import { deliver, inbound } from "../../testing/bridge";
import { call, companyWithTeam, control, createUser, inTenant, loginAs, platformAdmin } from "../../testing/fixtures";
import { createConnection } from "../../testing/inbox";

const HOUR = 60 * 60 * 1000;
const health = (connectionId: number, kind: "silent" | "recovered" | "reconnect", count = 1, at = Date.now()): BridgeEvent => ({ type: "health", connectionId, kind, count, at });
const status = (connectionId: number, s: "CONNECTED" | "DISCONNECTED", reason?: "passkey_required" | "banned", at = Date.now()): BridgeEvent => ({
  type: "status",
  connectionId,
  status: s,
  ...(reason ? { reason } : {}),
  at,
});
const rowOf = (companyId: number, id: number) => inTenant(companyId, (db) => db.select().from(whatsapps).where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, id))).get());
const healthOf = async (token: string, id: number) => {
  const list = await call("GET", "/api/whatsapp", { token });
  expect(list.status).toBe(200);
  const fromList = (list.json as { id: number; health: ConnectionHealthView | null }[]).find((c) => c.id === id)!.health;
  const show = await call("GET", `/api/whatsapp/${id}`, { token });
  expect(show.status).toBe(200);
  expect((show.json as { health: ConnectionHealthView | null }).health).toEqual(fromList);
  return fromList;
};

describe("a connection's health from the session host (issue 30)", () => {
  it("keeps each health event as a row, and the list and show sum the last 24 hours by kind", async () => {
    const { company, admin } = await companyWithTeam();
    const conn = await createConnection(company.id, { provider: "beta" });
    const now = Date.now();
    await deliver(health(conn.id, "reconnect", 1, now - 25 * HOUR), health(conn.id, "reconnect", 1, now - 2 * HOUR), health(conn.id, "reconnect", 1, now - HOUR));
    await deliver(health(conn.id, "silent", 1, now - 3 * HOUR), health(conn.id, "recovered", 7, now - 3 * HOUR), health(conn.id, "recovered", 5, now - 30 * HOUR));
    const rows = await inTenant(company.id, (db) => db.select().from(connectionHealthEvents).where(eq(connectionHealthEvents.whatsappId, conn.id)).all());
    expect(rows).toHaveLength(6);
    expect(await healthOf(admin.token, conn.id)).toEqual({
      lastEventAt: new Date(now - HOUR).toISOString(),
      reconnects24h: 2,
      silentRestarts24h: 1,
      recovered24h: 7,
      refusal: null,
      hostId: null,
    });
  });

  it("stores the refusal a status event gives, keeps it through other states, and clears it when connected again", async () => {
    const { company, agent } = await companyWithTeam();
    const conn = await createConnection(company.id);
    await deliver(status(conn.id, "DISCONNECTED", "passkey_required"));
    expect(await rowOf(company.id, conn.id)).toMatchObject({ status: "DISCONNECTED", linkRefusal: "passkey_required" });
    expect((await healthOf(agent.token, conn.id))!.refusal).toBe("passkey_required");
    await deliver(status(conn.id, "DISCONNECTED"));
    expect((await rowOf(company.id, conn.id))!.linkRefusal).toBe("passkey_required");
    await deliver(status(conn.id, "CONNECTED"));
    expect(await rowOf(company.id, conn.id)).toMatchObject({ status: "CONNECTED", linkRefusal: null });
  });

  it("moves the last event time to the batch's latest event in one write per connection, never backwards, keeping updatedAt", async () => {
    const { company } = await companyWithTeam();
    const [a, b] = [await createConnection(company.id), await createConnection(company.id, { isDefault: false })];
    const before = (await rowOf(company.id, a.id))!.updatedAt;
    const now = Date.now();
    const m1 = { ...inbound(a.id, "5511987651001", "um"), at: now - 5000 };
    const m2 = { ...inbound(a.id, "5511987651001", "dois"), at: now - 1000 };
    const ack: BridgeEvent = { type: "ack", connectionId: b.id, messageId: "NOPE", ack: 3, at: now - 2000 };
    await deliver(m1, ack, m2, health(a.id, "reconnect", 1, now - 3000));
    expect((await rowOf(company.id, a.id))!.lastEventAt!.getTime()).toBe(now - 1000);
    expect((await rowOf(company.id, b.id))!.lastEventAt!.getTime()).toBe(now - 2000);
    expect((await rowOf(company.id, a.id))!.updatedAt.getTime()).toBe(before.getTime());
    // An older batch landing late does not move it back.
    await deliver({ ...inbound(a.id, "5511987651001", "velha"), at: now - 60_000 });
    expect((await rowOf(company.id, a.id))!.lastEventAt!.getTime()).toBe(now - 1000);
  });

  it("answers no health for a Cloud API connection", async () => {
    const { company, admin } = await companyWithTeam();
    const conn = await createConnection(company.id, { channel: "cloud", cloudPhoneNumberId: `pn-${Date.now()}`, cloudWabaId: "w" });
    expect(await healthOf(admin.token, conn.id)).toBeNull();
  });

  it("names the session host that runs a connection only to a super admin", async () => {
    const { company, user } = await platformAdmin();
    const conn = await createConnection(company.id, { isDefault: false, name: `Hosted ${Date.now()}` });
    await control.insert(sessionLeases).values({ whatsappId: conn.id, hostId: "host-b", expiresAt: new Date(Date.now() + 60_000) });
    expect((await healthOf(user.token, conn.id))!.hostId).toBe("host-b");
    const plain = await createUser(company.id, { profile: "admin" });
    expect((await healthOf(await loginAs(plain.email), conn.id))!.hostId).toBeNull();
  });

  it("answers 404 for another company's connection", async () => {
    const [a, b] = [await companyWithTeam(), await companyWithTeam()];
    const conn = await createConnection(b.company.id);
    await deliver(status(conn.id, "DISCONNECTED", "banned"));
    const res = await call("GET", `/api/whatsapp/${conn.id}`, { token: a.admin.token });
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.json)).not.toContain("banned");
  });

  it("drops health events older than 7 days in the hub's housekeeping", async () => {
    const { company } = await companyWithTeam();
    const conn = await createConnection(company.id);
    const now = Date.now();
    await deliver(health(conn.id, "reconnect", 1, now - 8 * 24 * HOUR), health(conn.id, "reconnect", 1, now - 6 * 24 * HOUR));
    const left = await inTenant(company.id, (db) => {
      tenantHousekeeping(db, new Date(now));
      return db.select({ at: connectionHealthEvents.at }).from(connectionHealthEvents).where(eq(connectionHealthEvents.whatsappId, conn.id)).all();
    });
    expect(left.map((r) => r.at.getTime())).toEqual([now - 6 * 24 * HOUR]);
  });
});
