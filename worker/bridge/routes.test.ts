import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { messages, whatsappSessionKeys } from "../db/tenant";
import { bridgeCall, inbound } from "../testing/bridge";
import { call, companyWithTeam, control, inTenant } from "../testing/fixtures";
import { createConnection } from "../testing/inbox";

describe("bridge signatures", () => {
  it("refuses unsigned, stale, tampered and wrongly keyed calls, and ingests nothing", async () => {
    const { company } = await companyWithTeam();
    const conn = await createConnection(company.id);
    const event = inbound(conn.id, "5511988887777", "olá");
    const body = { hostId: "h1", events: [event] };

    const unsigned = await call("POST", "/bridge/events", { body });
    expect(unsigned.status).toBe(401);
    expect(unsigned.json.error).toBe("ERR_BRIDGE_SIGNATURE");

    const stale = await bridgeCall("POST", "/bridge/events", body, { now: Date.now() - 10 * 60 * 1000 });
    expect(stale.status).toBe(401);

    const wrongKey = await bridgeCall("POST", "/bridge/events", body, { secret: "another-secret-of-enough-length-0123456789" });
    expect(wrongKey.status).toBe(401);

    // A signature made for one body does not cover another.
    const { signBridgeRequest } = await import("../lib/bridgeSignature");
    const { testEnv } = await import("../testing/fixtures");
    const headers = await signBridgeRequest(testEnv.BRIDGE_SECRET, "POST", "/bridge/events", JSON.stringify(body));
    const tampered = await call("POST", "/bridge/events", { body: { ...body, hostId: "h2" }, headers });
    expect(tampered.status).toBe(401);

    const stored = await inTenant(company.id, (db) => db.select().from(messages).where(eq(messages.companyId, company.id)).all());
    expect(stored).toHaveLength(0);
  });

  it("answers 400 naming the fields for a malformed batch", async () => {
    const res = await bridgeCall("POST", "/bridge/events", { hostId: "h1", events: [{ type: "message", connectionId: 1 }] });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe("ERR_VALIDATION");
    expect(Object.keys(res.json.fields).join(" ")).toContain("events.0");
  });
});

describe("GET/PUT/POST/DELETE /bridge/sessions/:id", () => {
  it("keeps credentials and keys so that a restarted host resumes, and wipes them on logout", async () => {
    const { company } = await companyWithTeam();
    const conn = await createConnection(company.id);
    const empty = await bridgeCall("GET", `/bridge/sessions/${conn.id}`);
    expect(empty.json).toEqual({ creds: null, keys: {} });

    const creds = { me: { id: "5511999990000:1@s.whatsapp.net" }, noiseKey: { private: { type: "Buffer", data: "AQID" } } };
    expect((await bridgeCall("PUT", `/bridge/sessions/${conn.id}/creds`, { creds })).status).toBe(200);
    const keys = Object.fromEntries(Array.from({ length: 45 }, (_, i) => [String(i), { keyPair: { n: i } }]));
    expect((await bridgeCall("POST", `/bridge/sessions/${conn.id}/keys`, { set: { "pre-key": keys, session: { "a.0": { s: 1 } } } })).status).toBe(200);
    await bridgeCall("POST", `/bridge/sessions/${conn.id}/keys`, { set: { "pre-key": { "3": null }, session: { "a.0": { s: 2 } } } });

    const loaded = await bridgeCall("GET", `/bridge/sessions/${conn.id}`);
    expect(loaded.json.creds).toEqual(creds);
    expect(Object.keys(loaded.json.keys["pre-key"])).toHaveLength(44);
    expect(loaded.json.keys["pre-key"]["3"]).toBeUndefined();
    expect(loaded.json.keys.session["a.0"]).toEqual({ s: 2 });

    expect((await bridgeCall("DELETE", `/bridge/sessions/${conn.id}`)).status).toBe(200);
    expect(await inTenant(company.id, (db) => db.select().from(whatsappSessionKeys).where(eq(whatsappSessionKeys.whatsappId, conn.id)).all())).toHaveLength(0);
  });

  it("reads the connection id by the id contract: a high id is one, text that only looks like one (12.0, 0x…) is not", async () => {
    const { company } = await companyWithTeam();
    const conn = await createConnection(company.id);
    expect(conn.id).toBeGreaterThan(999_999_999);
    expect((await bridgeCall("GET", `/bridge/sessions/${conn.id}`)).status).toBe(200);
    // z.coerce.number() read these as the connection's id.
    for (const text of [`${conn.id}.0`, `0x${conn.id.toString(16)}`, `${conn.id / 1000}e3`]) {
      const res = await bridgeCall("GET", `/bridge/sessions/${text}`);
      expect(res.status, text).toBe(400);
      expect(res.json.error).toBe("ERR_VALIDATION");
    }
  });

  it("answers 404 for a connection that does not exist", async () => {
    const res = await bridgeCall("GET", "/bridge/sessions/999999");
    expect(res.status).toBe(404);
    expect(res.json.error).toBe("ERR_NO_WAPP_FOUND");
  });
});

describe("POST/DELETE /bridge/leases/:id", () => {
  it("grants a connection to one host at a time, renews it for its holder and frees it on release or expiry", async () => {
    const { company } = await companyWithTeam();
    const conn = await createConnection(company.id);
    const a = await bridgeCall("POST", `/bridge/leases/${conn.id}`, { hostId: "host-a", ttlMs: 60_000 });
    expect(a.json).toMatchObject({ granted: true });
    const b = await bridgeCall("POST", `/bridge/leases/${conn.id}`, { hostId: "host-b", ttlMs: 60_000 });
    expect(b.json).toMatchObject({ granted: false, holder: "host-a" });
    expect((await bridgeCall("POST", `/bridge/leases/${conn.id}`, { hostId: "host-a", ttlMs: 60_000 })).json.granted).toBe(true);

    const listedForB = await bridgeCall("GET", "/bridge/connections?hostId=host-b");
    expect(listedForB.json.connections.map((c: { id: number }) => c.id)).not.toContain(conn.id);
    const listedForA = await bridgeCall("GET", "/bridge/connections?hostId=host-a");
    expect(listedForA.json.connections.map((c: { id: number }) => c.id)).toContain(conn.id);

    expect((await bridgeCall("DELETE", `/bridge/leases/${conn.id}`, { hostId: "host-b" })).json.released).toBe(false);
    expect((await bridgeCall("DELETE", `/bridge/leases/${conn.id}`, { hostId: "host-a" })).json.released).toBe(true);
    expect((await bridgeCall("POST", `/bridge/leases/${conn.id}`, { hostId: "host-b", ttlMs: 5_000 })).json.granted).toBe(true);
  });

  it("lets another host take a lease that expired", async () => {
    const { company } = await companyWithTeam();
    const conn = await createConnection(company.id);
    const { sessionLeases } = await import("../db/control");
    await control.insert(sessionLeases).values({ whatsappId: conn.id, hostId: "dead-host", expiresAt: new Date(Date.now() - 1000) });
    const res = await bridgeCall("POST", `/bridge/leases/${conn.id}`, { hostId: "host-c", ttlMs: 60_000 });
    expect(res.json.granted).toBe(true);
  });

  it("does not list disconnected connections for a starting host", async () => {
    const { company } = await companyWithTeam();
    const off = await createConnection(company.id, { status: "DISCONNECTED", isDefault: false });
    const res = await bridgeCall("GET", "/bridge/connections?hostId=host-z");
    expect(res.json.connections.map((c: { id: number }) => c.id)).not.toContain(off.id);
  });
});

describe("status events and leases", () => {
  it("ignores a status report from a host that does not hold the connection's lease, but keeps its messages", async () => {
    const { company } = await companyWithTeam();
    const conn = await createConnection(company.id, { status: "CONNECTED" });
    await bridgeCall("POST", `/bridge/leases/${conn.id}`, { hostId: "holder", ttlMs: 60_000 });
    const stale = { type: "status", connectionId: conn.id, status: "DISCONNECTED", at: Date.now() };
    const res = await bridgeCall("POST", "/bridge/events", { hostId: "old-host", events: [stale, inbound(conn.id, "5511977776666", "oi")] });
    expect(res.status).toBe(200);
    const { whatsapps } = await import("../db/tenant");
    const row = await inTenant(company.id, (db) => db.select().from(whatsapps).where(eq(whatsapps.id, conn.id)).get());
    expect(row!.status).toBe("CONNECTED");
    expect(await inTenant(company.id, (db) => db.select().from(messages).where(eq(messages.companyId, company.id)).all())).toHaveLength(1);
  });
});
