import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { webhookEnvelope, webhookEventData } from "../../contracts/publicApi/events";
import { WEBHOOK_RETRY_WINDOW_MS } from "../../contracts/publicApi/webhooks";
import { webhookDeliveries } from "../../db/tenant";
import { call, companyWithTeam, connectWs, inHub, inTenant } from "../../testing/fixtures";
import { useFakeWebhook } from "../../testing/fakeWebhook";
import { holdWebhookJobs, raiseIn, runWebhookJobs, subscribeHook } from "../../testing/webhooks";
import { raiseEvent } from "../publicApi/raiseEvent";
import { WEBHOOK_BACKOFF_SECONDS } from "./recordWebhookAttempt";
import { nextLostWebhookDue, requeueLostWebhooks, WEBHOOK_LOST_AFTER_MS } from "./requeueLostWebhooks";
import { tenantHousekeeping, WEBHOOK_LOG_DAYS } from "../../jobs/housekeeping";

afterEach(() => vi.restoreAllMocks());

const contact = { id: 9000000001, name: "Ana", number: "5511999990000", email: "", isGroup: false, disableBot: false, extraInfo: [], marketingConsent: { state: "unknown" as const, at: null, how: null }, createdAt: "2026-11-29T12:00:00.000Z", updatedAt: "2026-11-29T12:00:00.000Z" };
const rating = { ticketId: 9000000002, contactId: 9000000001, userId: null, rating: 5 };

const deliveriesOf = (companyId: number) => inTenant(companyId, (db) => db.select().from(webhookDeliveries).orderBy(webhookDeliveries.id).all());

async function setup(path: string, events: Parameters<typeof subscribeHook>[2] = ["rating.received"]) {
  const team = await companyWithTeam();
  const queue = holdWebhookJobs();
  const hook = await subscribeHook(team.admin, path, events);
  const receiver = useFakeWebhook(() => hook.secret);
  return { team, queue, hook, receiver };
}

describe("an event webhook's delivery", () => {
  it("posts the event signed with the documented recipe, naming its type and carrying its id", async () => {
    const { team, queue, hook, receiver } = await setup("/ok");
    await raiseIn(team.company.id, "rating.received", rating);
    const jobs = (await queue.settled(1)).splice(0).map((h) => h.job);
    await runWebhookJobs(jobs);
    expect(receiver.received).toHaveLength(1);
    const [got] = receiver.received;
    const event = webhookEnvelope("rating.received", webhookEventData["rating.received"]).parse(got!.body);
    expect(event).toMatchObject({ type: "rating.received", companyId: team.company.id, data: rating });
    expect(got!.event).toBe("rating.received");
    expect(got!.delivery).toBe(event.id);
    const [row] = await deliveriesOf(team.company.id);
    expect(row).toMatchObject({ subscriptionId: hook.id, eventId: event.id, status: "delivered", attempts: 1, responseStatus: 200, error: null, nextAttemptAt: null });
    const [sub] = (await call("GET", "/api/webhook-subscriptions", { token: team.admin.token })).json;
    expect(sub.lastDeliveryAt).not.toBeNull();
  });

  it("retries with backoff until 24 hours after the event, then fails and pauses the subscription, telling the admins", async () => {
    const { team, queue } = await setup("/500");
    const ws = await connectWs(team.admin.token);
    await raiseIn(team.company.id, "rating.received", rating);
    let job = (await queue.settled(1)).splice(0)[0]!.job;
    const [created] = await deliveriesOf(team.company.id);
    const start = created!.createdAt.getTime();
    let now = start;
    const delays: number[] = [];
    for (let i = 0; i < 20; i++) {
      await runWebhookJobs([job], now);
      const next = queue.take();
      if (next.length === 0) break;
      delays.push(next[0]!.delaySeconds!);
      job = next[0]!.job;
      now += next[0]!.delaySeconds! * 1000;
    }
    expect(delays.slice(0, WEBHOOK_BACKOFF_SECONDS.length)).toEqual([...WEBHOOK_BACKOFF_SECONDS]);
    const [row] = await deliveriesOf(team.company.id);
    expect(row).toMatchObject({ status: "failed", responseStatus: 500, error: "HTTP 500", nextAttemptAt: null });
    expect(row!.lastAttemptAt!.getTime()).toBe(start + WEBHOOK_RETRY_WINDOW_MS);
    expect(row!.attempts).toBe(delays.length + 1);
    const [sub] = (await call("GET", "/api/webhook-subscriptions", { token: team.admin.token })).json;
    expect(sub).toMatchObject({ status: "paused", consecutiveFailures: row!.attempts });
    expect(sub.pausedReason).toMatch(/24 hours/);
    await ws.waitFor((e) => e.type === "webhookSubscription" && e.action === "update" && e.subscription.status === "paused");
    const bell = await call("GET", "/api/notifications", { token: team.admin.token });
    expect(bell.json.records).toContainEqual(expect.objectContaining({ kind: "webhook", reason: "paused", subscription: expect.objectContaining({ id: sub.id }) }));
    const agentBell = await call("GET", "/api/notifications", { token: team.agent.token });
    expect(agentBell.json.records.some((r: { kind: string }) => r.kind === "webhook")).toBe(false);
    // Paused: a new event of the company raises nothing for it.
    await raiseIn(team.company.id, "rating.received", rating);
    expect(await deliveriesOf(team.company.id)).toHaveLength(1);
    // Resumed: failures forgotten, the bell item gone, events flow again.
    const resumed = await call("PUT", `/api/webhook-subscriptions/${sub.id}`, { token: team.admin.token, body: { active: true } });
    expect(resumed.json).toMatchObject({ status: "active", consecutiveFailures: 0, pausedReason: null });
    expect((await call("GET", "/api/notifications", { token: team.admin.token })).json.records.some((r: { kind: string }) => r.kind === "webhook")).toBe(false);
    await raiseIn(team.company.id, "rating.received", rating);
    expect(await deliveriesOf(team.company.id)).toHaveLength(2);
    ws.close();
  });

  it("delivers on a later attempt after a failure, forgetting the failures", async () => {
    const { team, queue, receiver } = await setup("/flaky");
    await raiseIn(team.company.id, "rating.received", rating);
    await runWebhookJobs((await queue.settled(1)).splice(0).map((h) => h.job));
    const [retry] = queue.take();
    expect(retry!.delaySeconds).toBe(WEBHOOK_BACKOFF_SECONDS[0]);
    expect((await deliveriesOf(team.company.id))[0]).toMatchObject({ status: "retrying", responseStatus: 503, attempts: 1 });
    await runWebhookJobs([retry!.job], Date.now() + 10_000);
    expect((await deliveriesOf(team.company.id))[0]).toMatchObject({ status: "delivered", attempts: 2 });
    expect(receiver.received.map((r) => r.delivery)).toEqual([receiver.received[0]!.delivery, receiver.received[0]!.delivery]);
    expect((await call("GET", "/api/webhook-subscriptions", { token: team.admin.token })).json[0]).toMatchObject({ status: "active", consecutiveFailures: 0 });
  });

  it("takes 410 Gone as final: the delivery fails at once and the subscription pauses", async () => {
    const { team, queue } = await setup("/gone");
    await raiseIn(team.company.id, "rating.received", rating);
    await runWebhookJobs((await queue.settled(1)).splice(0).map((h) => h.job));
    expect(queue.take()).toEqual([]);
    expect((await deliveriesOf(team.company.id))[0]).toMatchObject({ status: "failed", responseStatus: 410, attempts: 1 });
    const [sub] = (await call("GET", "/api/webhook-subscriptions", { token: team.admin.token })).json;
    expect(sub.status).toBe("paused");
    expect(sub.pausedReason).toMatch(/410/);
  });

  it("refuses at delivery an address the guard refuses (a redirect to a private address), without retrying", async () => {
    const { team, queue } = await setup("/redirect-private");
    await raiseIn(team.company.id, "rating.received", rating);
    await runWebhookJobs((await queue.settled(1)).splice(0).map((h) => h.job));
    expect(queue.take()).toEqual([]);
    expect((await deliveriesOf(team.company.id))[0]).toMatchObject({ status: "failed", responseStatus: null, error: "Refused address (egress guard)" });
  });

  it("sends again the same event (same id) as a new delivery of the log", async () => {
    const { team, queue, receiver } = await setup("/ok");
    await raiseIn(team.company.id, "rating.received", rating);
    await runWebhookJobs((await queue.settled(1)).splice(0).map((h) => h.job));
    const [first] = await deliveriesOf(team.company.id);
    const res = await call("POST", `/api/webhook-deliveries/${first!.id}/resend`, { token: team.admin.token });
    expect(res.status).toBe(202);
    await runWebhookJobs((await queue.settled(1)).splice(0).map((h) => h.job));
    const rows = await deliveriesOf(team.company.id);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ id: res.json.deliveryId, eventId: first!.eventId, payload: first!.payload, status: "delivered" });
    expect(receiver.received.map((r) => r.delivery)).toEqual([first!.eventId, first!.eventId]);
  });

  it("sends a test event to that subscription only, once, even while paused", async () => {
    const team = await companyWithTeam();
    const queue = holdWebhookJobs();
    const one = await subscribeHook(team.admin, "/ok", ["rating.received"]);
    const other = await subscribeHook(team.admin, "/other", ["rating.received"]);
    const receiver = useFakeWebhook((path) => (path === "/ok" ? one.secret : other.secret));
    await call("PUT", `/api/webhook-subscriptions/${one.id}`, { token: team.admin.token, body: { active: false } });
    const res = await call("POST", `/api/webhook-subscriptions/${one.id}/test`, { token: team.admin.token });
    expect(res.status).toBe(202);
    await runWebhookJobs((await queue.settled(1)).splice(0).map((h) => h.job));
    expect(receiver.received).toEqual([expect.objectContaining({ path: "/ok", event: "webhook.test", body: expect.objectContaining({ type: "webhook.test", data: { subscriptionId: one.id } }) })]);
    const got = await call("GET", `/api/webhook-deliveries/${res.json.deliveryId}`, { token: team.admin.token });
    expect(got.json).toMatchObject({ status: "delivered", eventType: "webhook.test", payload: { type: "webhook.test" } });
  });

  it("raises nothing for a change that rolled back, nor for another company's subscriptions", async () => {
    const [a, b] = await Promise.all([companyWithTeam(), companyWithTeam()]);
    const queue = holdWebhookJobs();
    await subscribeHook(a.admin, "/ok", ["rating.received"]);
    await subscribeHook(b.admin, "/ok", ["rating.received", "contact.created"]);
    await inHub(a.company.id, (hub) => {
      const ctx = hub.systemCtx(a.company.id);
      expect(() =>
        hub.db.transaction(() => {
          raiseEvent(ctx, "rating.received", rating);
          throw new Error("the change failed");
        }),
      ).toThrow("the change failed");
    });
    await raiseIn(a.company.id, "contact.created", { contact });
    await new Promise((r) => setTimeout(r, 50));
    expect(queue.held).toEqual([]);
    expect(await deliveriesOf(a.company.id)).toEqual([]);
    expect(await deliveriesOf(b.company.id)).toEqual([]);
    await raiseIn(a.company.id, "rating.received", rating);
    expect(await deliveriesOf(a.company.id)).toHaveLength(1);
    expect(await deliveriesOf(b.company.id)).toEqual([]);
  });

  it("stops raising for a subscription once it is deleted or no longer takes the type", async () => {
    const { team } = await setup("/ok", ["rating.received", "contact.created"]);
    const [sub] = (await call("GET", "/api/webhook-subscriptions", { token: team.admin.token })).json;
    await raiseIn(team.company.id, "contact.created", { contact });
    await call("PUT", `/api/webhook-subscriptions/${sub.id}`, { token: team.admin.token, body: { events: ["rating.received"] } });
    await raiseIn(team.company.id, "contact.created", { contact });
    expect(await deliveriesOf(team.company.id)).toHaveLength(1);
    await call("DELETE", `/api/webhook-subscriptions/${sub.id}`, { token: team.admin.token });
    await raiseIn(team.company.id, "rating.received", rating);
    expect(await deliveriesOf(team.company.id)).toEqual([]);
  });

  it("does not send a delivery twice when a duplicate job arrives while it is being attempted", async () => {
    const { team, queue, receiver } = await setup("/ok");
    await raiseIn(team.company.id, "rating.received", rating);
    const [held] = (await queue.settled(1)).splice(0);
    await runWebhookJobs([held!.job, held!.job]);
    expect(receiver.received).toHaveLength(1);
    expect((await inTenant(team.company.id, (db) => db.select().from(webhookDeliveries).where(eq(webhookDeliveries.companyId, team.company.id)).get()))?.attempts).toBe(1);
  });

  it("queues again, from the hub's sweep, a delivery whose attempt was lost, and waits while its subscription is paused", async () => {
    const { team, queue, hook, receiver } = await setup("/ok");
    await raiseIn(team.company.id, "rating.received", rating);
    await queue.settled(1);
    queue.take(); // the job is lost
    const [row] = await deliveriesOf(team.company.id);
    const due = row!.nextAttemptAt!.getTime() + WEBHOOK_LOST_AFTER_MS;
    expect(await inTenant(team.company.id, (db) => nextLostWebhookDue(db, team.company.id))).toBe(due);
    const sweep = (now: number) => inHub(team.company.id, (hub) => requeueLostWebhooks({ ctx: hub.systemCtx(team.company.id), input: { now } }));
    expect(await sweep(due - 1000)).toEqual({ requeued: 0 });
    await call("PUT", `/api/webhook-subscriptions/${hook.id}`, { token: team.admin.token, body: { active: false } });
    expect(await inTenant(team.company.id, (db) => nextLostWebhookDue(db, team.company.id))).toBeNull();
    expect(await sweep(due + 1000)).toEqual({ requeued: 0 });
    await call("PUT", `/api/webhook-subscriptions/${hook.id}`, { token: team.admin.token, body: { active: true } });
    expect(await sweep(due + 1000)).toEqual({ requeued: 1 });
    await runWebhookJobs((await queue.settled(1)).splice(0).map((h) => h.job), due + 1000);
    expect(receiver.received).toHaveLength(1);
    expect((await deliveriesOf(team.company.id))[0]).toMatchObject({ status: "delivered" });
    expect(await inTenant(team.company.id, (db) => nextLostWebhookDue(db, team.company.id))).toBeNull();
  });

  it("drops deliveries older than 30 days from the log in the tenant's housekeeping", async () => {
    const { team } = await setup("/ok");
    await raiseIn(team.company.id, "rating.received", rating);
    await raiseIn(team.company.id, "rating.received", rating);
    const [old] = await deliveriesOf(team.company.id);
    const now = Date.now();
    await inTenant(team.company.id, (db) => {
      db.update(webhookDeliveries).set({ createdAt: new Date(now - (WEBHOOK_LOG_DAYS * 24 + 1) * 60 * 60 * 1000) }).where(eq(webhookDeliveries.id, old!.id)).run();
      tenantHousekeeping(db, new Date(now));
    });
    expect((await deliveriesOf(team.company.id)).map((d) => d.id)).not.toContain(old!.id);
    expect(await deliveriesOf(team.company.id)).toHaveLength(1);
  });
});
