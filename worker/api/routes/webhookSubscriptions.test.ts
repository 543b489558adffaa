import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { WEBHOOK_DELIVERIES_PAGE, publicWebhookSubscription } from "../../contracts/publicApi/webhooks";
import { webhookDeliveries } from "../../db/tenant";
import { call, companyWithTeam, inTenant, testEnv } from "../../testing/fixtures";
import { apiTokenOf, callApi } from "../../testing/publicApi";

const HOOK = "http://hooks.test/ok";

/** The queue is held: these tests look at what the endpoints write, not at deliveries (webhookDelivery.test.ts). */
beforeEach(() => {
  vi.spyOn(testEnv.OUTBOUND, "sendBatch").mockResolvedValue(undefined as never);
  vi.spyOn(testEnv.OUTBOUND, "send").mockResolvedValue(undefined as never);
});
afterEach(() => vi.restoreAllMocks());

async function subscribe(token: string, body: Record<string, unknown> = {}) {
  return call("POST", "/api/webhook-subscriptions", { token, body: { url: HOOK, events: ["ticket.created"], ...body } });
}

describe("POST /api/webhook-subscriptions", () => {
  it("subscribes a URL and shows its secret once, never again", async () => {
    const team = await companyWithTeam();
    const res = await subscribe(team.admin.token, { description: "CRM", events: ["ticket.created", "message.created", "ticket.created"] });
    expect(res.status).toBe(201);
    expect(res.json.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(res.json.subscription).toMatchObject({ url: HOOK, description: "CRM", events: ["ticket.created", "message.created"], status: "active", consecutiveFailures: 0 });
    const list = await call("GET", "/api/webhook-subscriptions", { token: team.admin.token });
    expect(list.status).toBe(200);
    expect(list.json).toHaveLength(1);
    expect(JSON.stringify(list.json)).not.toContain(res.json.secret);
    expect(list.json[0]).not.toHaveProperty("secretSealed");
  });

  it("refuses a private, loopback or plain-http address the egress guard would refuse, writing nothing", async () => {
    const team = await companyWithTeam();
    for (const url of ["https://127.0.0.1/hook", "https://10.0.0.5/hook", "https://169.254.169.254/latest", "http://example.com/hook", "https://intranet.local/x"]) {
      const res = await subscribe(team.admin.token, { url });
      expect(res.status, url).toBe(400);
      expect(res.json.fields?.url, url).toBeTruthy();
    }
    expect((await call("GET", "/api/webhook-subscriptions", { token: team.admin.token })).json).toEqual([]);
  });

  it("names the fields of a bad body", async () => {
    const team = await companyWithTeam();
    const res = await call("POST", "/api/webhook-subscriptions", { token: team.admin.token, body: { url: "not a url", events: ["ticket.eaten"] } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.json.fields)).toEqual(expect.arrayContaining(["url"]));
  });

  it("is an admin's: a supervisor or an agent gets 403 whatever the body", async () => {
    const team = await companyWithTeam();
    const { json } = await subscribe(team.admin.token);
    const id = json.subscription.id;
    for (const token of [team.supervisor.token, team.agent.token]) {
      for (const [method, path, body] of [
        ["GET", "/api/webhook-subscriptions"],
        ["POST", "/api/webhook-subscriptions", { bad: true }],
        ["PUT", `/api/webhook-subscriptions/${id}`, { url: 1 }],
        ["DELETE", `/api/webhook-subscriptions/${id}`],
        ["POST", `/api/webhook-subscriptions/${id}/secret`],
        ["GET", `/api/webhook-subscriptions/${id}/deliveries`],
        ["POST", `/api/webhook-subscriptions/${id}/test`],
      ] as const) {
        const res = await call(method, path, { token, body });
        expect(res.status, `${method} ${path}`).toBe(403);
      }
    }
  });
});

describe("/api/webhook-subscriptions/:id", () => {
  it("edits, pauses and resumes a subscription, resuming with its failures forgotten", async () => {
    const team = await companyWithTeam();
    const { json } = await subscribe(team.admin.token);
    const id = json.subscription.id;
    const edited = await call("PUT", `/api/webhook-subscriptions/${id}`, { token: team.admin.token, body: { description: "ERP", events: ["contact.created"], active: false } });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ description: "ERP", events: ["contact.created"], status: "paused", url: HOOK });
    const resumed = await call("PUT", `/api/webhook-subscriptions/${id}`, { token: team.admin.token, body: { active: true } });
    // Only what the body names changes: resuming keeps the description and events.
    expect(resumed.json).toMatchObject({ status: "active", pausedReason: null, consecutiveFailures: 0, description: "ERP", events: ["contact.created"] });
    const empty = await call("PUT", `/api/webhook-subscriptions/${id}`, { token: team.admin.token, body: {} });
    expect(empty.status).toBe(400);
    const refused = await call("PUT", `/api/webhook-subscriptions/${id}`, { token: team.admin.token, body: { url: "https://192.168.0.1/x" } });
    expect(refused.status).toBe(400);
  });

  it("rotates the secret (a new one, shown once) and deletes the subscription with its log", async () => {
    const team = await companyWithTeam();
    const { json } = await subscribe(team.admin.token);
    const id = json.subscription.id;
    const rotated = await call("POST", `/api/webhook-subscriptions/${id}/secret`, { token: team.admin.token });
    expect(rotated.status).toBe(200);
    expect(rotated.json.secret).toMatch(/^whsec_/);
    expect(rotated.json.secret).not.toBe(json.secret);
    const test = await call("POST", `/api/webhook-subscriptions/${id}/test`, { token: team.admin.token });
    expect(test.status).toBe(202);
    expect((await call("DELETE", `/api/webhook-subscriptions/${id}`, { token: team.admin.token })).status).toBe(204);
    expect((await call("GET", `/api/webhook-subscriptions/${id}/deliveries`, { token: team.admin.token })).status).toBe(404);
    expect(await inTenant(team.company.id, (db) => db.select().from(webhookDeliveries).all())).toEqual([]);
  });

  it("answers 404 for another company's subscription or delivery, and changes nothing of it", async () => {
    const [a, b] = await Promise.all([companyWithTeam(), companyWithTeam()]);
    const theirs = (await subscribe(b.admin.token)).json.subscription.id;
    const test = await call("POST", `/api/webhook-subscriptions/${theirs}/test`, { token: b.admin.token });
    for (const [method, path, body] of [
      ["PUT", `/api/webhook-subscriptions/${theirs}`, { active: false }],
      ["DELETE", `/api/webhook-subscriptions/${theirs}`],
      ["POST", `/api/webhook-subscriptions/${theirs}/secret`],
      ["GET", `/api/webhook-subscriptions/${theirs}/deliveries`],
      ["POST", `/api/webhook-subscriptions/${theirs}/test`],
      ["GET", `/api/webhook-deliveries/${test.json.deliveryId}`],
      ["POST", `/api/webhook-deliveries/${test.json.deliveryId}/resend`],
    ] as const) {
      const res = await call(method, path, { token: a.admin.token, body });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const still = await call("GET", "/api/webhook-subscriptions", { token: b.admin.token });
    expect(still.json).toMatchObject([{ id: theirs, status: "active" }]);
    expect((await call("GET", `/api/webhook-subscriptions/${theirs}/deliveries`, { token: b.admin.token })).json.items).toHaveLength(1);
  });
});

describe("the delivery log", () => {
  it("lists a subscription's deliveries newest first, 50 a page, filtered by status, and one with its body", async () => {
    const team = await companyWithTeam();
    const { json } = await subscribe(team.admin.token);
    const id = json.subscription.id;
    const now = Date.now();
    await inTenant(team.company.id, (db) => {
      for (let i = 0; i < WEBHOOK_DELIVERIES_PAGE + 5; i++) {
        db.insert(webhookDeliveries)
          .values({
            companyId: team.company.id,
            subscriptionId: id,
            eventId: `evt_${i}`,
            eventType: "ticket.created",
            payload: JSON.stringify({ n: i }),
            status: i % 5 === 0 ? ("failed" as const) : ("delivered" as const),
            createdAt: new Date(now + i),
          })
          .run();
      }
    });
    const first = await call("GET", `/api/webhook-subscriptions/${id}/deliveries`, { token: team.admin.token });
    expect(first.json.items).toHaveLength(WEBHOOK_DELIVERIES_PAGE);
    expect(first.json.items[0].eventId).toBe(`evt_${WEBHOOK_DELIVERIES_PAGE + 4}`);
    const second = await call("GET", `/api/webhook-subscriptions/${id}/deliveries?cursor=${first.json.cursor}`, { token: team.admin.token });
    expect(second.json.items.map((d: { eventId: string }) => d.eventId)).toEqual(["evt_4", "evt_3", "evt_2", "evt_1", "evt_0"]);
    expect(second.json.cursor).toBeNull();
    const failed = await call("GET", `/api/webhook-subscriptions/${id}/deliveries?status=failed`, { token: team.admin.token });
    expect(failed.json.items).toHaveLength(11);
    expect(failed.json.items.every((d: { status: string }) => d.status === "failed")).toBe(true);
    const one = await call("GET", `/api/webhook-deliveries/${first.json.items[0].id}`, { token: team.admin.token });
    expect(one.json).toMatchObject({ eventId: `evt_${WEBHOOK_DELIVERIES_PAGE + 4}`, payload: { n: WEBHOOK_DELIVERIES_PAGE + 4 } });
    expect((await call("GET", `/api/webhook-subscriptions/${id}/deliveries?status=lost`, { token: team.admin.token })).status).toBe(400);
  });
});

describe("the public API's /webhooks", () => {
  it("manages webhooks with webhooks:manage, answering the documented shapes", async () => {
    const team = await companyWithTeam();
    const { token } = await apiTokenOf(team.admin, { scopes: ["webhooks:manage"] });
    const created = await callApi("POST", "/webhooks", token, { body: { url: HOOK, events: ["contact.created"] } });
    expect(created.status).toBe(201);
    expect(created.json.secret).toMatch(/^whsec_/);
    const id = created.json.subscription.id;
    expect(publicWebhookSubscription.parse((await callApi("GET", `/webhooks/${id}`, token)).json).id).toBe(id);
    expect((await callApi("GET", "/webhooks", token)).json.items).toHaveLength(1);
    expect((await callApi("PUT", `/webhooks/${id}`, token, { body: { active: false } })).json.status).toBe("paused");
    expect((await callApi("GET", `/webhooks/${id}/deliveries`, token)).json).toEqual({ items: [], cursor: null });
    expect((await callApi("DELETE", `/webhooks/${id}`, token)).status).toBe(204);
    expect((await callApi("GET", `/webhooks/${id}`, token)).status).toBe(404);
  });

  it("refuses a token without webhooks:manage (403) and another company's webhook (404)", async () => {
    const [a, b] = await Promise.all([companyWithTeam(), companyWithTeam()]);
    const theirs = (await subscribe(b.admin.token)).json.subscription.id;
    const weak = await apiTokenOf(a.admin, { scopes: ["tickets:read", "contacts:write"] });
    for (const [method, path] of [
      ["GET", "/webhooks"],
      ["POST", "/webhooks"],
      ["GET", `/webhooks/${theirs}`],
      ["PUT", `/webhooks/${theirs}`],
      ["DELETE", `/webhooks/${theirs}`],
      ["GET", `/webhooks/${theirs}/deliveries`],
    ] as const) {
      const res = await callApi(method, path, weak.token, { body: method === "POST" || method === "PUT" ? {} : undefined });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.json.error).toBe("ERR_API_SCOPE");
    }
    const strong = await apiTokenOf(a.admin, { scopes: ["webhooks:manage"] });
    for (const [method, path] of [
      ["GET", `/webhooks/${theirs}`],
      ["PUT", `/webhooks/${theirs}`],
      ["DELETE", `/webhooks/${theirs}`],
      ["GET", `/webhooks/${theirs}/deliveries`],
    ] as const) {
      const res = await callApi(method, path, strong.token, { body: method === "PUT" ? { active: false } : undefined });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
  });
});
