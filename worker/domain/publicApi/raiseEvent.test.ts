import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { WEBHOOK_EVENT_TYPES, webhookEnvelope, webhookEventData, type WebhookEventType } from "../../contracts/publicApi/events";
import { campaigns, messages, tickets, webhookDeliveries } from "../../db/tenant";
import { addRule, settled } from "../../testing/automationRules";
import { deliver, inbound } from "../../testing/bridge";
import { call, inHub, inTenant, setSetting } from "../../testing/fixtures";
import { inboxCompany } from "../../testing/inbox";
import { holdWebhookJobs, subscribeHook } from "../../testing/webhooks";
import { finishIfDone } from "../campaigns/dispatchCampaigns";

afterEach(() => vi.restoreAllMocks());

const NUMBER = "5511987650001";

/** The events raised so far, each parsed with its type's documented shape (strict: a field too many fails). */
async function eventsOf(companyId: number) {
  const rows = await inTenant(companyId, (db) => db.select().from(webhookDeliveries).where(eq(webhookDeliveries.companyId, companyId)).orderBy(webhookDeliveries.id).all());
  return rows.map((r) => {
    const type = r.eventType as WebhookEventType;
    return webhookEnvelope(type, webhookEventData[type]).parse(JSON.parse(r.payload));
  });
}

describe("the events a company's changes raise", () => {
  it("raises each type once, with its documented shape, at the change that causes it", async () => {
    const team = await inboxCompany();
    const company = team.company.id;
    holdWebhookJobs();
    await subscribeHook(team.admin, "/ok", [...WEBHOOK_EVENT_TYPES]);
    await setSetting(company, "userRating", "enabled");
    let seen = 0;
    const next = async () => {
      const all = await eventsOf(company);
      const fresh = all.slice(seen);
      seen = all.length;
      return fresh;
    };

    await deliver(inbound(team.connection.id, NUMBER, "oi"));
    const first = await next();
    expect(first.map((e) => e.type).sort()).toEqual(["contact.created", "message.created", "ticket.created"]);
    const ticket = await inTenant(company, (db) => db.select().from(tickets).where(eq(tickets.companyId, company)).get())!;
    expect(first.find((e) => e.type === "message.created")!.data).toMatchObject({ message: { body: "oi", fromMe: false }, ticket: { id: ticket!.id }, contact: { number: NUMBER } });
    expect(first.find((e) => e.type === "ticket.created")!.data).toMatchObject({ ticket: { id: ticket!.id, status: "pending" }, previous: null });

    await call("PUT", `/api/tickets/${ticket!.id}`, { token: team.admin.token, body: { status: "open", userId: team.admin.id } });
    expect(await next()).toMatchObject([{ type: "ticket.accepted", data: { ticket: { status: "open", userId: team.admin.id }, previous: { status: "pending", userId: null } } }]);

    const sent = await call("POST", `/api/messages/${ticket!.id}`, { token: team.admin.token, body: { body: "Bom dia!" } });
    expect(sent.status).toBe(201);
    expect(await next()).toMatchObject([{ type: "message.created", data: { message: { body: expect.stringContaining("Bom dia!"), fromMe: true } } }]);
    const out = await inTenant(company, (db) => db.select().from(messages).where(and(eq(messages.ticketId, ticket!.id), eq(messages.fromMe, true))).get());
    await deliver({ type: "ack", connectionId: team.connection.id, messageId: out!.wid, ack: 3, at: Date.now() });
    expect(await next()).toMatchObject([{ type: "message.status", data: { message: { id: out!.id, wid: out!.wid, status: "read" } } }]);

    await call("PUT", `/api/tickets/${ticket!.id}`, { token: team.admin.token, body: { queueId: team.support.id } });
    expect(await next()).toMatchObject([{ type: "ticket.transferred", data: { ticket: { queueId: team.support.id } } }]);

    await call("PUT", `/api/tickets/${ticket!.id}`, { token: team.admin.token, body: { status: "closed" } });
    const closing = await next();
    expect(closing.map((e) => e.type)).toContain("ticket.closed");
    expect(closing.filter((e) => e.type !== "message.created").map((e) => e.type)).toEqual(["ticket.closed"]);

    await deliver(inbound(team.connection.id, NUMBER, "3"));
    const rated = await next();
    expect(rated.filter((e) => e.type === "rating.received")).toMatchObject([{ data: { ticketId: ticket!.id, contactId: ticket!.contactId, rating: 3 } }]);

    await deliver(inbound(team.connection.id, NUMBER, "voltei"));
    expect((await next()).map((e) => e.type)).toContain("ticket.reopened");

    const contactId = (first.find((e) => e.type === "contact.created")!.data as { contact: { id: number } }).contact.id;
    await call("PUT", `/api/contacts/${contactId}`, { token: team.admin.token, body: { name: "Ana Souza", number: NUMBER } });
    expect(await next()).toMatchObject([{ type: "contact.updated", data: { contact: { id: contactId, name: "Ana Souza" } } }]);

    await deliver({ type: "status", connectionId: team.connection.id, status: "DISCONNECTED", at: Date.now() });
    expect(await next()).toMatchObject([{ type: "connection.status", data: { connection: { id: team.connection.id, status: "DISCONNECTED" }, previousStatus: "CONNECTED" } }]);

    const campaign = await inTenant(company, (db) =>
      db.insert(campaigns).values({ companyId: company, name: "Black Friday", status: "EM_ANDAMENTO", whatsappId: team.connection.id }).returning().get(),
    );
    await inHub(company, (hub) => finishIfDone(hub.systemCtx(company), campaign.id));
    expect(await next()).toMatchObject([{ type: "campaign.finished", data: { campaign: { id: campaign.id, name: "Black Friday", status: "FINALIZADA", sent: 0, failed: 0, skipped: 0 } } }]);

    const rule = await addRule(company, { name: "Avisar", trigger: "messageReceived", actions: [{ type: "sendWebhookEvent", label: "novo contato" }] });
    await deliver(inbound(team.connection.id, NUMBER, "mais uma"));
    await settled(company);
    expect((await next()).filter((e) => e.type === "automation.triggered")).toMatchObject([{ data: { rule: { id: rule.id, name: "Avisar" }, label: "novo contato" } }]);

    const raised = new Set((await eventsOf(company)).map((e) => e.type));
    expect([...WEBHOOK_EVENT_TYPES].filter((t) => !raised.has(t))).toEqual([]);
  });

  it("raises ticket.closed for each ticket an admin's \"close all\" closes, whole", async () => {
    const team = await inboxCompany();
    const company = team.company.id;
    holdWebhookJobs();
    await subscribeHook(team.admin, "/ok", ["ticket.closed"]);
    await deliver(inbound(team.connection.id, NUMBER, "oi"), inbound(team.connection.id, "5511987650002", "olá"));
    const pending = await inTenant(company, (db) => db.select({ id: tickets.id }).from(tickets).where(eq(tickets.companyId, company)).all());
    expect(pending).toHaveLength(2);

    const closed = await call("POST", "/api/tickets/closeAll", { token: team.admin.token, body: { status: "pending" } });
    expect(closed.json).toEqual({ count: 2 });
    const events = await eventsOf(company);
    expect(events.map((e) => e.type)).toEqual(["ticket.closed", "ticket.closed"]);
    expect(events.map((e) => (e.data as { ticket: { id: number } }).ticket.id).sort()).toEqual(pending.map((t) => t.id).sort());
    expect(events[0]!.data).toMatchObject({ ticket: { status: "closed" }, previous: { status: "pending" } });
  });

  it("raises nothing for a company with no subscription, and nothing of one company for another's", async () => {
    const [a, b] = await Promise.all([inboxCompany(), inboxCompany()]);
    holdWebhookJobs();
    await subscribeHook(b.admin, "/ok", [...WEBHOOK_EVENT_TYPES]);
    await deliver(inbound(a.connection.id, NUMBER, "oi"));
    expect(await eventsOf(a.company.id)).toEqual([]);
    expect(await eventsOf(b.company.id)).toEqual([]);
  });
});
