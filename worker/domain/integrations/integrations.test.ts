import { and, asc, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { IntegrationJob } from "../../contracts/outbound";
import {
  messages,
  queueIntegrations,
  tags,
  ticketNotes,
  tickets,
  ticketTags,
  ticketTracking,
  whatsappQueues,
} from "../../db/tenant";
import { sealSigningSecret } from "../queueIntegrations/secrets";
import { hubDirectory } from "../../hub/ports";
import { runIntegrationJob } from "../../jobs/integration";
import { deliver, inbound } from "../../testing/bridge";
import { call, inTenant, testEnv } from "../../testing/fixtures";
import { FAKE_HOOKS_URL, useFakeWebhook } from "../../testing/fakeWebhook";
import { createContact, createMessageRow, createTicketRow, inboxCompany } from "../../testing/inbox";
import { useFakeService } from "../../testing/useFakeService";

afterEach(() => vi.restoreAllMocks());

type Inbox = Awaited<ReturnType<typeof inboxCompany>>;

async function hookFor(team: Inbox, path: string, type: "n8n" | "webhook" = "webhook") {
  const res = await call("POST", "/api/queueIntegration", { token: team.admin.token, body: { type, name: `Hook ${crypto.randomUUID().slice(0, 6)}`, urlN8N: `${FAKE_HOOKS_URL}${path}` } });
  expect(res.status).toBe(201);
  return res.json as { id: number; secret: string };
}

async function integrationTicket(team: Inbox, integrationId: number, body = "Quero o boleto") {
  const contact = await createContact(team.company.id, { name: "Marta Lima" });
  const ticket = await createTicketRow(team.company.id, { contactId: contact.id, whatsappId: team.connection.id, queueId: team.sales.id, useIntegration: true, integrationId });
  const message = await createMessageRow(team.company.id, { ticketId: ticket.id, contactId: contact.id, body });
  return { ticket, contact, message, job: { kind: "integration", companyId: team.company.id, ticketId: ticket.id, messageId: message.id } satisfies IntegrationJob };
}

const run = (job: IntegrationJob) => runIntegrationJob(hubDirectory(testEnv), testEnv, job, { retries: 1, baseDelayMs: 1, timeoutMs: 200 });
const ticketRow = (companyId: number, id: number) => inTenant(companyId, (db) => db.select().from(tickets).where(eq(tickets.id, id)).get()!);
const saidOn = (companyId: number, ticketId: number) =>
  inTenant(companyId, (db) =>
    db.select({ body: messages.body, dataJson: messages.dataJson }).from(messages).where(and(eq(messages.ticketId, ticketId), eq(messages.fromMe, true))).orderBy(asc(messages.id)).all(),
  );
const notesOf = (companyId: number, ticketId: number) => inTenant(companyId, (db) => db.select({ note: ticketNotes.note }).from(ticketNotes).where(eq(ticketNotes.ticketId, ticketId)).all());

describe("an n8n or webhook integration", () => {
  it("receives each contact message as the documented, signed JSON and its answer's messages and commands are carried out", async () => {
    const team = await inboxCompany();
    const tag = await inTenant(team.company.id, (db) => db.insert(tags).values({ companyId: team.company.id, name: "Boleto", color: "#112233" }).returning().get());
    const hook = await hookFor(team, "/ok", "n8n");
    const { ticket, contact, message, job } = await integrationTicket(team, hook.id);
    const receiver = useFakeWebhook(() => hook.secret, {
      messages: [{ body: "Segue o boleto." }, { body: "Algo mais?" }],
      actions: [{ type: "tag", tag: "boleto" }, { type: "note", note: "Boleto enviado pelo n8n" }, { type: "transfer", queue: "Suporte" }],
    });
    await run(job);

    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]!.body).toEqual({
      event: "message",
      version: 1,
      companyId: team.company.id,
      integration: { id: hook.id, name: expect.any(String), type: "n8n" },
      ticket: { id: ticket.id, uuid: ticket.uuid, status: "pending", queueId: team.sales.id },
      contact: { id: contact.id, name: "Marta Lima", number: contact.number },
      message: { id: message.id, wid: message.wid, body: "Quero o boleto", mediaType: "chat", createdAt: expect.any(String) },
    });
    expect(await saidOn(team.company.id, ticket.id)).toEqual([
      { body: "Segue o boleto.", dataJson: JSON.stringify({ bot: "integration" }) },
      { body: "Algo mais?", dataJson: JSON.stringify({ bot: "integration" }) },
    ]);
    const tagged = await inTenant(team.company.id, (db) => db.select().from(ticketTags).where(eq(ticketTags.ticketId, ticket.id)).all());
    expect(tagged.map((t) => t.tagId)).toEqual([tag.id]);
    expect(await notesOf(team.company.id, ticket.id)).toEqual([{ note: "Boleto enviado pelo n8n" }]);
    expect(await ticketRow(team.company.id, ticket.id)).toMatchObject({ status: "pending", userId: null, useIntegration: false, integrationId: null, queueId: team.support.id });
  });

  it("closes the ticket on a close command, and keeps it on an empty answer", async () => {
    const team = await inboxCompany();
    const hook = await hookFor(team, "/ok");
    const keep = await integrationTicket(team, hook.id);
    const receiver = useFakeWebhook(() => hook.secret, "");
    await run(keep.job);
    expect(await ticketRow(team.company.id, keep.ticket.id)).toMatchObject({ status: "pending", useIntegration: true, integrationId: hook.id });
    receiver.restore();
    useFakeWebhook(() => hook.secret, { actions: [{ type: "close" }] });
    const closing = await integrationTicket(team, hook.id);
    await run(closing.job);
    expect(await ticketRow(team.company.id, closing.ticket.id)).toMatchObject({ status: "closed", useIntegration: false });
    const tracked = await inTenant(team.company.id, (db) => db.select().from(ticketTracking).where(eq(ticketTracking.ticketId, closing.ticket.id)).all());
    expect(tracked.map((t) => t.action)).toEqual(["close"]);
  });

  it("retries a failing receiver with the same delivery id, and carries out the answer once it comes", async () => {
    const team = await inboxCompany();
    const hook = await hookFor(team, "/flaky");
    const { ticket, job } = await integrationTicket(team, hook.id);
    const receiver = useFakeWebhook(() => hook.secret, { messages: [{ body: "Pronto." }] });
    await run(job);
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[0]!.delivery).toBe(receiver.received[1]!.delivery);
    expect((await saidOn(team.company.id, ticket.id)).map((m) => m.body)).toEqual(["Pronto."]);
  });

  it.each([
    ["/500", "Integração: a integração da fila falhou (HTTP 500). O ticket aguarda um atendente.", 2],
    ["/401", "Integração: a integração da fila recusou a chamada (HTTP 401). O ticket aguarda um atendente.", 1],
    ["/slow", "Integração: a integração da fila não respondeu a tempo. O ticket aguarda um atendente.", 2],
  ])("leaves the ticket with an agent and a note when the receiver fails (%s)", async (path, note, calls) => {
    const team = await inboxCompany();
    const hook = await hookFor(team, path);
    const { ticket, job } = await integrationTicket(team, hook.id);
    const receiver = useFakeWebhook(() => hook.secret);
    await run(job);
    expect(receiver.received).toHaveLength(calls);
    expect(await ticketRow(team.company.id, ticket.id)).toMatchObject({ status: "pending", userId: null, useIntegration: false, queueId: team.sales.id });
    expect(await notesOf(team.company.id, ticket.id)).toEqual([{ note }]);
  });

  it("a receiver that checks the signature refuses a call signed with another secret", async () => {
    const team = await inboxCompany();
    const hook = await hookFor(team, "/ok");
    const { ticket, job } = await integrationTicket(team, hook.id);
    const receiver = useFakeWebhook(() => "whsec_someone_else", { messages: [{ body: "nunca" }] });
    await run(job);
    expect(receiver.received).toHaveLength(0);
    expect((await ticketRow(team.company.id, ticket.id)).useIntegration).toBe(false);
    expect((await notesOf(team.company.id, ticket.id))[0]!.note).toContain("HTTP 401");
  });

  it("the chatbot hands over on entering a queue with an integration, which gets that very message through the queue", async () => {
    const team = await inboxCompany();
    const hook = await hookFor(team, "/ok");
    await inTenant(team.company.id, (db) => db.insert(whatsappQueues).values({ whatsappId: team.connection.id, queueId: team.support.id }).run());
    expect((await call("PUT", `/api/queue/${team.support.id}`, { token: team.admin.token, body: { integrationId: hook.id } })).status).toBe(200);
    const receiver = useFakeWebhook(() => hook.secret, { messages: [{ body: "Olá! Sou o robô do n8n." }] });
    await deliver(inbound(team.connection.id, "5511955550002", "Oi, tudo bem?"));
    await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(receiver.received[0]!.body).toMatchObject({ message: { body: "Oi, tudo bem?" } });
  });
});

describe("an integration's address through the egress guard", () => {
  const INTERNAL = "http://127.0.0.1:7";
  /** A service on the worker's own machine, recording whoever reaches it (it must be no one). */
  function internalService() {
    const reached: { url: string; signed: boolean }[] = [];
    useFakeService(INTERNAL, async (request) => {
      reached.push({ url: request.url, signed: request.headers.has("x-zapdesk-signature") });
      return Response.json({ messages: [{ body: "roubado" }] });
    });
    return reached;
  }

  it("refuses urlN8N=http://127.0.0.1:… on save (400), and never calls one stored before the check: the ticket goes to an agent with a note", async () => {
    const team = await inboxCompany();
    const refused = await call("POST", "/api/queueIntegration", { token: team.admin.token, body: { type: "n8n", name: "Interno", urlN8N: `${INTERNAL}/hook` } });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ error: "ERR_VALIDATION", fields: { urlN8N: expect.any(String) } });

    const reached = internalService();
    const hook = await hookFor(team, "/ok", "n8n");
    // As a row saved before the guard existed would be: the internal URL, with a secret sealed for it.
    await inTenant(team.company.id, async (db) =>
      db
        .update(queueIntegrations)
        .set({ urlN8N: `${INTERNAL}/hook`, secret: await sealSigningSecret(testEnv, team.company.id, hook.secret, `${INTERNAL}/hook`) })
        .where(eq(queueIntegrations.id, hook.id)),
    );
    const { ticket, job } = await integrationTicket(team, hook.id);
    await run(job);
    expect(reached).toEqual([]);
    expect(await saidOn(team.company.id, ticket.id)).toEqual([]);
    expect(await ticketRow(team.company.id, ticket.id)).toMatchObject({ status: "pending", useIntegration: false, integrationId: null, queueId: team.sales.id });
    expect(await notesOf(team.company.id, ticket.id)).toEqual([{ note: expect.stringContaining("endereço não permitido") }]);
  });

  it("does not follow a redirect from the receiver into a private address, so the signed event stays where it was sent", async () => {
    const team = await inboxCompany();
    const reached = internalService();
    const hook = await hookFor(team, "/moved");
    useFakeService(`${FAKE_HOOKS_URL}/moved`, async () => new Response(null, { status: 307, headers: { location: `${INTERNAL}/steal` } }));
    const { ticket, job } = await integrationTicket(team, hook.id);
    await run(job);
    expect(reached).toEqual([]);
    expect(await saidOn(team.company.id, ticket.id)).toEqual([]);
    expect(await notesOf(team.company.id, ticket.id)).toEqual([{ note: expect.stringContaining("endereço não permitido") }]);
  });
});
