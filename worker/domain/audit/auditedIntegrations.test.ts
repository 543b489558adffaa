import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { auditLog } from "../../db/tenant";
import { createRecipientList, openAllDay } from "../../testing/campaigns";
import { call, companyWithTeam, createQueue, inTenant, testEnv } from "../../testing/fixtures";
import { createTicketRow, inboxCompany } from "../../testing/inbox";

/**
 * Issue 28, the audited actions beside auditedActions.test.ts: connections, queue integrations, API tokens, webhooks,
 * prompts, a ticket deleted and the exports. Each writes one entry with who, what and the facts; a refused attempt
 * (403, 400, 404, 409) writes none.
 */

/** The company's entries in order, leaving out the sign-ins of its team (companyWithTeam logs each user in). */
const entries = async (companyId: number) =>
  (await inTenant(companyId, (db) => db.select().from(auditLog).where(eq(auditLog.companyId, companyId)).orderBy(auditLog.id).all())).filter((r) => r.action !== "auth.signIn");
const summary = (rows: Awaited<ReturnType<typeof entries>>) => rows.map((r) => [r.action, r.targetType, r.targetId, r.detail]);

/** Webhook deliveries and campaign sends stay queued: these tests look at what the endpoints write. */
beforeEach(() => {
  vi.spyOn(testEnv.OUTBOUND, "sendBatch").mockResolvedValue(undefined as never);
  vi.spyOn(testEnv.OUTBOUND, "send").mockResolvedValue(undefined as never);
});
afterEach(() => vi.restoreAllMocks());

describe("audited connections", () => {
  it("records a connection created, edited and deleted by its admin, and nothing for refused attempts", async () => {
    const { company, admin, agent } = await companyWithTeam();
    const other = await companyWithTeam();
    const made = await call("POST", "/api/whatsapp", { token: admin.token, body: { name: "Loja" }, ip: "10.1.2.3" });
    expect(made.status).toBe(201);
    const id = made.json.id as number;
    // Refused: an agent (403), a bad body (400), a duplicate name (409), another company's admin (404).
    expect((await call("POST", "/api/whatsapp", { token: agent.token, body: { name: "Outra" } })).status).toBe(403);
    expect((await call("POST", "/api/whatsapp", { token: admin.token, body: { name: "" } })).status).toBe(400);
    expect((await call("POST", "/api/whatsapp", { token: admin.token, body: { name: "Loja" } })).status).toBe(409);
    expect((await call("PUT", `/api/whatsapp/${id}`, { token: other.admin.token, body: { name: "Deles" } })).status).toBe(404);
    expect((await call("DELETE", `/api/whatsapp/${id}`, { token: agent.token })).status).toBe(403);
    expect((await call("PUT", `/api/whatsapp/${id}`, { token: admin.token, body: { name: "Loja Centro" } })).status).toBe(200);
    expect((await call("DELETE", `/api/whatsapp/${id}`, { token: other.admin.token })).status).toBe(404);
    expect((await call("DELETE", `/api/whatsapp/${id}`, { token: admin.token })).status).toBe(200);
    const rows = await entries(company.id);
    expect(summary(rows)).toEqual([
      ["connection.created", "connection", String(id), { channel: "baileys", isDefault: true, queues: 0 }],
      ["connection.updated", "connection", String(id), { name: "Loja → Loja Centro" }],
      ["connection.deleted", "connection", String(id), { channel: "baileys" }],
    ]);
    expect(rows.every((r) => r.actorKind === "user" && r.actorId === admin.id)).toBe(true);
    expect(rows[0]!.ip).toBe("10.1.2.3");
    expect(rows.map((r) => r.targetLabel)).toEqual(["Loja", "Loja Centro", "Loja Centro"]);
    expect(await entries(other.company.id)).toEqual([]);
  });
});

describe("audited queue integrations", () => {
  it("records an integration created, edited and deleted, never its signing secret, and nothing for refused attempts", async () => {
    const { company, admin, supervisor } = await companyWithTeam();
    const other = await companyWithTeam();
    const body = { type: "typebot", name: "Fluxo de vendas", urlN8N: "https://typebot.example/api", typebotSlug: "vendas" };
    const made = await call("POST", "/api/queueIntegration", { token: admin.token, body });
    expect(made.status).toBe(201);
    const id = made.json.id as number;
    expect((await call("POST", "/api/queueIntegration", { token: supervisor.token, body: { ...body, name: "Outro" } })).status).toBe(403);
    expect((await call("POST", "/api/queueIntegration", { token: admin.token, body: { ...body, name: "x" } })).status).toBe(400);
    expect((await call("PUT", `/api/queueIntegration/${id}`, { token: other.admin.token, body: { ...body, typebotSlug: "deles" } })).status).toBe(404);
    expect((await call("PUT", `/api/queueIntegration/${id}`, { token: admin.token, body: { ...body, typebotSlug: "vendas-2" } })).status).toBe(200);
    expect((await call("DELETE", `/api/queueIntegration/${id}`, { token: supervisor.token })).status).toBe(403);
    expect((await call("DELETE", `/api/queueIntegration/${id}`, { token: admin.token })).status).toBe(200);
    expect(summary(await entries(company.id))).toEqual([
      ["integration.created", "queueIntegration", String(id), { type: "typebot" }],
      ["integration.updated", "queueIntegration", String(id), { typebotSlug: "vendas → vendas-2" }],
      ["integration.deleted", "queueIntegration", String(id), { type: "typebot" }],
    ]);
    expect(await entries(other.company.id)).toEqual([]);
  });
});

describe("audited API tokens", () => {
  it("records a token made and revoked, with its prefix and scopes but never the token", async () => {
    const { company, admin, agent } = await companyWithTeam();
    const other = await companyWithTeam();
    const made = await call("POST", "/api/api-tokens", { token: admin.token, body: { name: "ERP", scopes: ["company:read", "tickets:read"] } });
    expect(made.status).toBe(201);
    const id = made.json.apiToken.id as number;
    expect((await call("POST", "/api/api-tokens", { token: agent.token, body: { name: "ERP 2", scopes: ["company:read"] } })).status).toBe(403);
    expect((await call("POST", "/api/api-tokens", { token: admin.token, body: { name: "ERP 2", scopes: ["nope"] } })).status).toBe(400);
    expect((await call("DELETE", `/api/api-tokens/${id}`, { token: other.admin.token })).status).toBe(404);
    expect((await call("DELETE", `/api/api-tokens/${id}`, { token: admin.token })).status).toBe(200);
    const rows = await entries(company.id);
    const prefix = made.json.apiToken.prefix as string;
    expect(summary(rows)).toEqual([
      ["integration.created", "apiToken", String(id), { prefix, scopes: "company:read,tickets:read", expiresAt: null }],
      ["integration.deleted", "apiToken", String(id), { prefix, revoked: true }],
    ]);
    expect(JSON.stringify(rows)).not.toContain(made.json.token);
  });
});

describe("audited webhooks", () => {
  it("records a subscription made, edited, its secret rotated and deleted, by host only, and nothing for refused attempts", async () => {
    const { company, admin, agent } = await companyWithTeam();
    const other = await companyWithTeam();
    const made = await call("POST", "/api/webhook-subscriptions", { token: admin.token, body: { url: "http://hooks.test/ok?key=segredo", events: ["ticket.created"] } });
    expect(made.status).toBe(201);
    const id = made.json.subscription.id as number;
    expect((await call("POST", "/api/webhook-subscriptions", { token: agent.token, body: { url: "http://hooks.test/ok", events: ["ticket.created"] } })).status).toBe(403);
    expect((await call("POST", "/api/webhook-subscriptions", { token: admin.token, body: { url: "not a url", events: ["ticket.eaten"] } })).status).toBe(400);
    expect((await call("PUT", `/api/webhook-subscriptions/${id}`, { token: other.admin.token, body: { events: ["contact.created"] } })).status).toBe(404);
    expect((await call("PUT", `/api/webhook-subscriptions/${id}`, { token: admin.token, body: { events: ["ticket.created", "contact.created"] } })).status).toBe(200);
    expect((await call("POST", `/api/webhook-subscriptions/${id}/secret`, { token: admin.token })).status).toBe(200);
    expect((await call("DELETE", `/api/webhook-subscriptions/${id}`, { token: agent.token })).status).toBe(403);
    expect((await call("DELETE", `/api/webhook-subscriptions/${id}`, { token: admin.token })).status).toBe(204);
    const rows = await entries(company.id);
    expect(rows.map((r) => [r.action, r.targetType, r.targetId, r.targetLabel])).toEqual([
      ["integration.created", "webhook", String(id), "hooks.test"],
      ["integration.updated", "webhook", String(id), "hooks.test"],
      ["integration.updated", "webhook", String(id), "hooks.test"],
      ["integration.deleted", "webhook", String(id), "hooks.test"],
    ]);
    expect(rows[0]!.detail).toEqual({ host: "hooks.test", events: "ticket.created" });
    expect(rows[1]!.detail).toMatchObject({ events: "ticket.created → contact.created,ticket.created" });
    expect(rows[2]!.detail).toEqual({ signingSecret: "rotated" });
    expect(JSON.stringify(rows)).not.toContain("segredo");
  });
});

describe("audited prompts", () => {
  it("records a prompt created, edited (its text only as changed, its key hidden) and deleted", async () => {
    const { company, admin, agent } = await companyWithTeam();
    const queue = await createQueue(company.id, { name: "IA" });
    const key = "sk-test-0123456789abcdefWXYZ";
    const text = "Você é o assistente virtual da loja. Responda com cordialidade e objetividade, em português.";
    const made = await call("POST", "/api/prompt", { token: admin.token, body: { name: "Assistente", prompt: text, apiKey: key, queueId: queue.id } });
    expect(made.status).toBe(201);
    const id = made.json.id as number;
    expect((await call("POST", "/api/prompt", { token: agent.token, body: { name: "Outro", prompt: text, apiKey: key, queueId: queue.id } })).status).toBe(403);
    expect((await call("POST", "/api/prompt", { token: admin.token, body: {} })).status).toBe(400);
    expect((await call("PUT", `/api/prompt/${id}`, { token: admin.token, body: { prompt: `${text} Seja breve.`, apiKey: "sk-test-another-key-0123456789" } })).status).toBe(200);
    expect((await call("DELETE", `/api/prompt/${id}`, { token: admin.token })).status).toBe(200);
    const rows = await entries(company.id);
    expect(summary(rows)).toEqual([
      ["prompt.created", "prompt", String(id), { queueId: queue.id }],
      ["prompt.updated", "prompt", String(id), expect.objectContaining({ prompt: "(changed)", apiKey: "(hidden)" })],
      ["prompt.deleted", "prompt", String(id), {}],
    ]);
    expect(JSON.stringify(rows)).not.toContain("sk-test");
  });
});

describe("audited ticket deletion", () => {
  it("records the ticket deleted with where it was, never its messages, and nothing for refused attempts", async () => {
    const { company, admin, agent, contact, sales, connection } = await inboxCompany();
    const other = await companyWithTeam();
    const ticket = await createTicketRow(company.id, { contactId: contact.id, queueId: sales.id, whatsappId: connection.id });
    expect((await call("DELETE", `/api/tickets/${ticket.id}`, { token: agent.token })).status).toBe(403);
    expect((await call("DELETE", `/api/tickets/${ticket.id}`, { token: other.admin.token })).status).toBe(404);
    expect((await call("DELETE", `/api/tickets/${ticket.id}`, { token: admin.token })).status).toBe(200);
    expect((await call("DELETE", `/api/tickets/${ticket.id}`, { token: admin.token })).status).toBe(404);
    const rows = (await entries(company.id)).filter((r) => r.action.startsWith("ticket."));
    expect(summary(rows)).toEqual([
      ["ticket.deleted", "ticket", String(ticket.id), { status: "pending", contactId: contact.id, queueId: sales.id, userId: null, whatsappId: connection.id }],
    ]);
    expect(rows[0]!.actorId).toBe(admin.id);
  });
});

describe("audited exports", () => {
  it("records the contacts CSV, the ticket report's CSV and a campaign's report CSV, and nothing for refused ones", async () => {
    const { company, admin, agent, connection, contact } = await inboxCompany();
    // Contacts: anyone who sees the contacts may export them; a bad language is refused.
    expect((await call("GET", "/api/contacts/export.csv?lang=fr", { token: agent.token })).status).toBe(400);
    expect((await call("GET", `/api/contacts/export.csv?searchParam=${encodeURIComponent(contact.name)}`, { token: agent.token })).status).toBe(200);
    // The ticket report: the dashboard's readers; an agent is refused, and so is a bad range.
    const range = "date_from=2025-03-10&date_to=2025-03-12";
    expect((await call("GET", `/api/ticket/reports?${range}&format=csv`, { token: agent.token })).status).toBe(403);
    expect((await call("GET", "/api/ticket/reports?date_from=nope&format=csv", { token: admin.token })).status).toBe(400);
    expect((await call("GET", `/api/ticket/reports?${range}`, { token: admin.token })).status).toBe(200);
    expect((await call("GET", `/api/ticket/reports?${range}&format=csv`, { token: admin.token })).status).toBe(200);
    // A campaign's recipients.
    const { list } = await createRecipientList(company.id, 2);
    await openAllDay(admin.token);
    const campaign = await call("POST", "/api/campaigns", { token: admin.token, body: { name: "Natal", whatsappId: connection.id, contactListId: list.id, message1: "Olá {nome}!" } });
    expect(campaign.status).toBe(201);
    expect((await call("GET", `/api/campaigns/${campaign.json.id}/report.csv`, { token: agent.token })).status).toBe(403);
    expect((await call("GET", `/api/campaigns/${campaign.json.id + 1000}/report.csv`, { token: admin.token })).status).toBe(404);
    const csv = await call("GET", `/api/campaigns/${campaign.json.id}/report.csv`, { token: admin.token });
    expect(csv.status).toBe(200);
    const rows = (await entries(company.id)).filter((r) => r.action === "data.exported");
    expect(rows.map((r) => [r.actorId, r.targetType, r.targetId, r.targetLabel])).toEqual([
      [agent.id, "contacts", null, "contacts.csv"],
      [admin.id, "report", "ticketReports", "tickets-report.csv"],
      [admin.id, "campaign", String(campaign.json.id), "Natal"],
    ]);
    expect(rows[0]!.detail).toEqual({ what: "contacts", filtered: true });
    expect(rows[1]!.detail).toMatchObject({ what: "ticketReports", rows: 0, filtered: false });
    expect(rows[2]!.detail).toEqual({ what: "campaignReport" });
  });
});
