import { afterEach, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { pushSubscriptions } from "../../db/tenant";
import { call, companyWithTeam, inTenant } from "../../testing/fixtures";
import { holdPushJobs, newDevice, subscriptionBody, useFakePushService } from "../../testing/fakePushService";

afterEach(() => vi.restoreAllMocks());

describe("GET /api/push/public-key", () => {
  it("answers the application server's VAPID key to any signed-in profile, and nothing without a session", async () => {
    const { agent } = await companyWithTeam();
    const res = await call("GET", "/api/push/public-key", { token: agent.token });
    expect(res.status).toBe(200);
    expect(res.json.publicKey).toMatch(/^B[\w-]{86}$/);
    expect((await call("GET", "/api/push/public-key")).status).toBe(401);
  });
});

describe("POST /api/push/subscriptions", () => {
  it("stores the user's device, lists it as theirs only, and replaces it when the same device subscribes again", async () => {
    const { company, agent, admin } = await companyWithTeam();
    const device = await newDevice();
    const res = await call("POST", "/api/push/subscriptions", { token: agent.token, body: subscriptionBody(device) });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ deviceLabel: "Chrome no Linux", endpointOrigin: "http://push.test", lastSuccessAt: null });
    expect((await call("GET", "/api/push", { token: agent.token })).json.devices).toHaveLength(1);
    expect((await call("GET", "/api/push", { token: admin.token })).json.devices).toHaveLength(0);
    // The same browser, now the admin's (a shared computer): one row, the admin's.
    expect((await call("POST", "/api/push/subscriptions", { token: admin.token, body: subscriptionBody(device) })).status).toBe(201);
    const rows = await inTenant(company.id, (db) => db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint)).all());
    expect(rows.map((r) => r.userId)).toEqual([admin.id]);
  });

  it("refuses an endpoint the egress guard would refuse, and malformed keys, naming the fields", async () => {
    const { agent } = await companyWithTeam();
    const device = await newDevice();
    for (const endpoint of ["http://push.example.com/x", "https://127.0.0.1/x", "https://10.0.0.8/x", "https://localhost/x", "https://[::1]/x", "not a url"]) {
      const res = await call("POST", "/api/push/subscriptions", { token: agent.token, body: { ...subscriptionBody(device), endpoint } });
      expect(res.status, endpoint).toBe(400);
      expect(res.json.fields, endpoint).toHaveProperty("endpoint");
    }
    const bad = await call("POST", "/api/push/subscriptions", { token: agent.token, body: { endpoint: device.endpoint, keys: { p256dh: "abc", auth: "!!" } } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.fields)).toEqual(expect.arrayContaining(["keys.p256dh", "keys.auth"]));
    expect((await call("GET", "/api/push", { token: agent.token })).json.devices).toHaveLength(0);
  });
});

describe("DELETE /api/push/subscriptions", () => {
  it("removes the user's own device; another user's, or another company's user, gets 404 and removes nothing", async () => {
    const a = await companyWithTeam();
    const b = await companyWithTeam();
    const device = await newDevice();
    await call("POST", "/api/push/subscriptions", { token: a.agent.token, body: subscriptionBody(device) });
    const id = (await call("GET", "/api/push", { token: a.agent.token })).json.devices[0].id;
    expect((await call("DELETE", "/api/push/subscriptions", { token: a.admin.token, body: { endpoint: device.endpoint } })).status).toBe(404);
    expect((await call("DELETE", "/api/push/subscriptions", { token: b.agent.token, body: { endpoint: device.endpoint } })).status).toBe(404);
    expect((await call("DELETE", `/api/push/subscriptions/${id}`, { token: b.admin.token })).status).toBe(404);
    expect((await call("DELETE", `/api/push/subscriptions/${id}`, { token: a.admin.token })).status).toBe(404);
    expect((await call("GET", "/api/push", { token: a.agent.token })).json.devices).toHaveLength(1);
    expect((await call("DELETE", "/api/push/subscriptions", { token: a.agent.token, body: { endpoint: device.endpoint } })).status).toBe(200);
    expect((await call("GET", "/api/push", { token: a.agent.token })).json.devices).toHaveLength(0);
  });
});

describe("PUT /api/push/preferences", () => {
  it("keeps the user's quiet hours, or none; refuses a time that is not HH:MM", async () => {
    const { agent } = await companyWithTeam();
    expect((await call("GET", "/api/push", { token: agent.token })).json.quietHours).toBeNull();
    expect((await call("PUT", "/api/push/preferences", { token: agent.token, body: { quietHours: { from: "22:00", to: "07:30" } } })).status).toBe(200);
    expect((await call("GET", "/api/push", { token: agent.token })).json.quietHours).toEqual({ from: "22:00", to: "07:30" });
    const bad = await call("PUT", "/api/push/preferences", { token: agent.token, body: { quietHours: { from: "25:00", to: "07:00" } } });
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toHaveProperty(["quietHours.from"]);
    expect((await call("PUT", "/api/push/preferences", { token: agent.token, body: { quietHours: null } })).status).toBe(200);
    expect((await call("GET", "/api/push", { token: agent.token })).json.quietHours).toBeNull();
  });
});

describe("POST /api/push/test", () => {
  it("pushes to each of the user's devices, encrypted to each, and to nobody else's", async () => {
    const { agent, admin } = await companyWithTeam();
    const phone = await newDevice();
    const laptop = await newDevice();
    const adminsPhone = await newDevice();
    const service = useFakePushService([phone, laptop, adminsPhone]);
    const jobs = holdPushJobs();
    for (const d of [phone, laptop]) await call("POST", "/api/push/subscriptions", { token: agent.token, body: subscriptionBody(d) });
    await call("POST", "/api/push/subscriptions", { token: admin.token, body: subscriptionBody(adminsPhone) });
    const res = await call("POST", "/api/push/test", { token: agent.token });
    expect(res.json).toEqual({ devices: 2 });
    await jobs.settled(1);
    await jobs.run();
    expect(service.refused).toEqual([]);
    expect(service.received.map((r) => r.endpoint).sort()).toEqual([phone.endpoint, laptop.endpoint].sort());
    expect(service.received[0]).toMatchObject({ notification: { kind: "test", url: "/tickets", tag: "test" }, ttl: "3600", urgency: "high" });
    const devices = (await call("GET", "/api/push", { token: agent.token })).json.devices;
    expect(devices.every((d: { lastSuccessAt: string | null }) => d.lastSuccessAt !== null)).toBe(true);
  });

  it("says so when the user has no device", async () => {
    const { agent } = await companyWithTeam();
    expect((await call("POST", "/api/push/test", { token: agent.token })).json.error).toBe("ERR_PUSH_NO_DEVICE");
  });
});
