import { afterEach, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { pushSubscriptions, users } from "../../db/tenant";
import { call, inHub, inTenant } from "../../testing/fixtures";
import { createTicketRow, inboxCompany } from "../../testing/inbox";
import { deliver, inbound } from "../../testing/bridge";
import { connect } from "../../testing/sockets";
import { holdPushJobs, newDevice, subscriptionBody, useFakePushService, type FakeDevice } from "../../testing/fakePushService";
import { slaBreached } from "../automation/changes";
import { minuteOfDay, timeOf } from "./quietHours";

afterEach(() => vi.restoreAllMocks());

async function subscribed(token: string, device?: FakeDevice) {
  const d = device ?? (await newDevice());
  const res = await call("POST", "/api/push/subscriptions", { token, body: subscriptionBody(d) });
  if (res.status !== 201) throw new Error(`subscribe: ${res.status} ${JSON.stringify(res.json)}`);
  return d;
}

/** A company whose agent holds an open ticket of the contact, with one device each for agent, supervisor and admin. */
async function setUp() {
  const team = await inboxCompany();
  const ticket = await createTicketRow(team.company.id, { contactId: team.contact.id, whatsappId: team.connection.id, status: "open", userId: team.agent.id, queueId: team.sales.id });
  const devices = { agent: await subscribed(team.agent.token), supervisor: await subscribed(team.supervisor.token), admin: await subscribed(team.admin.token) };
  const service = useFakePushService(Object.values(devices));
  const jobs = holdPushJobs();
  return { ...team, ticket, devices, service, jobs };
}

/** Lets the hub finish what the change set off, then runs the queued pushes as the consumer would. */
async function deliverPushes(companyId: number, jobs: ReturnType<typeof holdPushJobs>) {
  await inHub(companyId, (hub) => hub.settled());
  await new Promise((r) => setTimeout(r, 50));
  await jobs.run();
}

describe("Web Push triggers", () => {
  it("the contact's message on an agent's ticket pushes to that agent's device only, decrypted as the browser would", async () => {
    const t = await setUp();
    await deliver(inbound(t.connection.id, t.contact.number, "Preciso de ajuda com o pedido 123"));
    await deliverPushes(t.company.id, t.jobs);
    expect(t.service.refused).toEqual([]);
    expect(t.service.received).toHaveLength(1);
    expect(t.service.received[0]).toMatchObject({
      endpoint: t.devices.agent.endpoint,
      urgency: "high",
      notification: { kind: "message", title: t.contact.name, body: "Preciso de ajuda com o pedido 123", url: `/tickets/${t.ticket.uuid}`, tag: `ticket-${t.ticket.id}` },
    });
    expect(Object.keys(t.service.received[0]!.notification).sort()).toEqual(["body", "kind", "tag", "title", "url"]);
  });

  it("no push while the user has a tab open and visible; one once the tab says it is hidden", async () => {
    const t = await setUp();
    const tab = await connect(t.agent.token);
    await deliver(inbound(t.connection.id, t.contact.number, "primeira"));
    await deliverPushes(t.company.id, t.jobs);
    expect(t.service.received).toHaveLength(0);
    tab.send({ type: "visibility", visible: false });
    await new Promise((r) => setTimeout(r, 50));
    await deliver(inbound(t.connection.id, t.contact.number, "segunda"));
    await deliverPushes(t.company.id, t.jobs);
    expect(t.service.received.map((r) => r.notification.body)).toEqual(["segunda"]);
    tab.ws.close();
  });

  it("no push inside the user's quiet hours (company time zone); pushes again once they are off", async () => {
    const t = await setUp();
    const now = minuteOfDay(new Date(), "America/Sao_Paulo");
    const quietHours = { from: timeOf((now + 1440 - 60) % 1440), to: timeOf((now + 60) % 1440) };
    expect((await call("PUT", "/api/push/preferences", { token: t.agent.token, body: { quietHours } })).status).toBe(200);
    await deliver(inbound(t.connection.id, t.contact.number, "de madrugada"));
    await deliverPushes(t.company.id, t.jobs);
    expect(t.service.received).toHaveLength(0);
    await call("PUT", "/api/push/preferences", { token: t.agent.token, body: { quietHours: null } });
    await deliver(inbound(t.connection.id, t.contact.number, "de dia"));
    await deliverPushes(t.company.id, t.jobs);
    expect(t.service.received.map((r) => r.notification.body)).toEqual(["de dia"]);
  });

  it("a transfer pushes to the agent it is given to, not to whoever gave it", async () => {
    const t = await setUp();
    const res = await call("PUT", `/api/tickets/${t.ticket.id}`, { token: t.admin.token, body: { userId: t.supervisor.id } });
    expect(res.status).toBe(200);
    await deliverPushes(t.company.id, t.jobs);
    expect(t.service.received.map((r) => [r.endpoint, r.notification.kind])).toEqual([[t.devices.supervisor.endpoint, "transfer"]]);
  });

  it("a ticket that starts waiting in a queue pushes to the queue's members, and an agent taking it to nobody", async () => {
    const t = await setUp();
    const waiting = await createTicketRow(t.company.id, { contactId: t.contact.id, whatsappId: t.connection.id, status: "closed", userId: null, queueId: null });
    await call("PUT", `/api/tickets/${waiting.id}`, { token: t.admin.token, body: { status: "pending", queueId: t.sales.id } });
    await deliverPushes(t.company.id, t.jobs);
    expect(t.service.received.map((r) => r.endpoint).sort()).toEqual([t.devices.agent.endpoint, t.devices.supervisor.endpoint].sort());
    expect(t.service.received[0]!.notification).toMatchObject({ kind: "ticket", url: `/tickets/${waiting.uuid}`, body: "Novo atendimento aguardando em Vendas" });
    t.service.received.length = 0;
    await call("PUT", `/api/tickets/${waiting.id}`, { token: t.agent.token, body: { status: "open", userId: t.agent.id } });
    await deliverPushes(t.company.id, t.jobs);
    expect(t.service.received).toHaveLength(0);
  });

  it("a mention in the internal chat pushes to the member named, with the chat to open", async () => {
    const t = await setUp();
    const chat = await call("POST", "/api/chats", { token: t.agent.token, body: { title: "Plantão", users: [t.supervisor.id, t.admin.id] } });
    expect(chat.status).toBe(201);
    const supervisorName = (await inTenant(t.company.id, (db) => db.select({ name: users.name }).from(users).where(eq(users.id, t.supervisor.id)).get()))!.name;
    await call("POST", `/api/chats/${chat.json.id}/messages`, { token: t.agent.token, body: { message: `@${supervisorName} pode olhar?`, mentions: [t.supervisor.id] } });
    await deliverPushes(t.company.id, t.jobs);
    expect(t.service.received).toHaveLength(1);
    expect(t.service.received[0]).toMatchObject({ endpoint: t.devices.supervisor.endpoint, notification: { kind: "mention", url: `/chats/${chat.json.uuid}` } });
  });

  it("a service-level breach on an agent's ticket pushes to that agent", async () => {
    const t = await setUp();
    await inHub(t.company.id, (hub) => slaBreached(hub.systemCtx(t.company.id), t.ticket.id, "firstResponse"));
    await deliverPushes(t.company.id, t.jobs);
    expect(t.service.received).toHaveLength(1);
    expect(t.service.received[0]).toMatchObject({ endpoint: t.devices.agent.endpoint, notification: { kind: "sla", title: "Prazo de primeira resposta vencido", url: `/tickets/${t.ticket.uuid}` } });
  });

  it("nothing reaches another company's users", async () => {
    const t = await setUp();
    const other = await inboxCompany();
    const theirs = await subscribed(other.agent.token);
    const service = useFakePushService([...Object.values(t.devices), theirs]);
    await createTicketRow(other.company.id, { contactId: other.contact.id, whatsappId: other.connection.id, status: "open", userId: other.agent.id });
    await deliver(inbound(t.connection.id, t.contact.number, "só da empresa A"));
    await deliverPushes(t.company.id, t.jobs);
    expect(service.received.map((r) => r.endpoint)).toEqual([t.devices.agent.endpoint]);
  });

  it("a device the push service says is gone (410, 404) is removed; one that is busy (503) is kept and tried again", async () => {
    const t = await setUp();
    const gone = await subscribed(t.agent.token, await newDevice("gone"));
    const missing = await subscribed(t.agent.token, await newDevice("missing"));
    const busy = await subscribed(t.agent.token, await newDevice("busy"));
    await deliver(inbound(t.connection.id, t.contact.number, "olá"));
    await inHub(t.company.id, (hub) => hub.settled());
    await t.jobs.settled(1);
    const retries = await t.jobs.run();
    const left = await inTenant(t.company.id, (db) => db.select({ endpoint: pushSubscriptions.endpoint, id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, t.agent.id)).all());
    expect(left.map((r) => r.endpoint).sort()).toEqual([t.devices.agent.endpoint, busy.endpoint].sort());
    expect(retries).toEqual([[left.find((r) => r.endpoint === busy.endpoint)!.id]]);
    expect(t.service.received.map((r) => r.endpoint)).toEqual([t.devices.agent.endpoint]);
    expect([gone.endpoint, missing.endpoint].some((e) => left.some((r) => r.endpoint === e))).toBe(false);
  });
});

