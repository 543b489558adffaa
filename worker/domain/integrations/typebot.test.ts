import { and, asc, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { IntegrationJob } from "../../contracts/outbound";
import { contacts, messages, queueIntegrations, ticketNotes, tickets, typebotSessions } from "../../db/tenant";
import { hubDirectory } from "../../hub/ports";
import { runIntegrationJob } from "../../jobs/integration";
import { deliver, inbound } from "../../testing/bridge";
import { call, inTenant, testEnv } from "../../testing/fixtures";
import { fakeTypebot, INTERNAL_MEDIA_URL } from "../../testing/fakeTypebot";
import { createContact, createMessageRow, createTicketRow, inboxCompany } from "../../testing/inbox";
import { useFakeService } from "../../testing/useFakeService";

afterEach(() => vi.restoreAllMocks());

const TYPEBOT_URL = "http://typebot.test";
type Inbox = Awaited<ReturnType<typeof inboxCompany>>;

async function typebotFor(team: Inbox, slug: string, extra: Record<string, unknown> = {}) {
  const res = await call("POST", "/api/queueIntegration", {
    token: team.admin.token,
    body: { type: "typebot", name: `Bot ${crypto.randomUUID().slice(0, 6)}`, urlN8N: TYPEBOT_URL, typebotSlug: slug, ...extra },
  });
  expect(res.status).toBe(201);
  return res.json as { id: number };
}

function withFake() {
  const fake = fakeTypebot();
  useFakeService(TYPEBOT_URL, fake.handle);
  return fake;
}

async function typebotTicket(team: Inbox, integrationId: number) {
  const contact = await createContact(team.company.id, { name: "Marta Lima" });
  const ticket = await createTicketRow(team.company.id, { contactId: contact.id, whatsappId: team.connection.id, queueId: team.sales.id, useIntegration: true, integrationId });
  return { ticket, contact };
}

const slept: number[] = [];
async function say(team: Inbox, t: { ticket: { id: number }; contact: { id: number } }, body: string, extra: Partial<typeof messages.$inferInsert> = {}) {
  const message = await createMessageRow(team.company.id, { ticketId: t.ticket.id, contactId: t.contact.id, body, ...extra });
  const job: IntegrationJob = { kind: "integration", companyId: team.company.id, ticketId: t.ticket.id, messageId: message.id };
  await runIntegrationJob(hubDirectory(testEnv), testEnv, job, { retries: 1, baseDelayMs: 1, timeoutMs: 300, sleep: async (ms) => void slept.push(ms) });
}

const ticketRow = (companyId: number, id: number) => inTenant(companyId, (db) => db.select().from(tickets).where(eq(tickets.id, id)).get()!);
const botSaid = (companyId: number, ticketId: number) =>
  inTenant(companyId, (db) =>
    db
      .select({ body: messages.body, mediaType: messages.mediaType, mediaUrl: messages.mediaUrl })
      .from(messages)
      .where(and(eq(messages.ticketId, ticketId), eq(messages.fromMe, true)))
      .orderBy(asc(messages.id))
      .all(),
  );
const sessionOf = (companyId: number, ticketId: number) => inTenant(companyId, (db) => db.select().from(typebotSessions).where(eq(typebotSessions.ticketId, ticketId)).get());
const notesOf = (companyId: number, ticketId: number) => inTenant(companyId, (db) => db.select({ note: ticketNotes.note }).from(ticketNotes).where(eq(ticketNotes.ticketId, ticketId)).all());

describe("a Typebot integration", () => {
  it("walks a contact through the flow: bubbles as messages (media stored), choices numbered, a number answering them, the end handing over", async () => {
    const team = await inboxCompany();
    const bot = await typebotFor(team, "atendimento");
    const fake = withFake();
    const t = await typebotTicket(team, bot.id);
    slept.length = 0;

    await say(team, t, "Oi");
    expect(fake.calls[0]).toMatchObject({ path: "/api/v1/typebots/atendimento/startChat", body: { prefilledVariables: { pushName: "Marta Lima" } } });
    const first = await botSaid(team.company.id, t.ticket.id);
    expect(first.map((m) => [m.body, m.mediaType])).toEqual([
      ["Olá, Marta Lima! Bem-vindo ao atendimento.", "chat"],
      ["", "image"],
      ["1 - Ver planos\n2 - Falar com atendente\n3 - Encerrar", "chat"],
    ]);
    const stored = await testEnv.MEDIA.get(first[1]!.mediaUrl!);
    expect(stored?.httpMetadata?.contentType).toBe("image/png");
    expect(first[1]!.mediaUrl).toMatch(new RegExp(`^companies/${team.company.id}/messages/`));
    // The integration's delay (default 1000 ms) between the three bubbles, waited outside the hub.
    expect(slept).toEqual([1000, 1000]);
    const session = await sessionOf(team.company.id, t.ticket.id);
    expect(session).toMatchObject({ integrationId: bot.id, choices: JSON.stringify(["Ver planos", "Falar com atendente", "Encerrar"]) });

    await say(team, t, "1");
    expect(fake.calls[1]).toMatchObject({ path: `/api/v1/sessions/${session!.sessionId}/continueChat`, body: { message: { type: "text", text: "Ver planos" } } });
    expect((await botSaid(team.company.id, t.ticket.id)).slice(3).map((m) => [m.body, m.mediaType])).toEqual([
      ["Nossos planos: *Básico* e *Pro*.", "chat"],
      ["", "audio"],
    ]);
    expect(await ticketRow(team.company.id, t.ticket.id)).toMatchObject({ useIntegration: true, integrationId: bot.id });

    await say(team, t, "marta@example.com");
    expect((await botSaid(team.company.id, t.ticket.id)).at(-1)!.body).toBe("Obrigado, marta@example.com!");
    expect(await ticketRow(team.company.id, t.ticket.id)).toMatchObject({ status: "pending", userId: null, useIntegration: false, integrationId: null, queueId: team.sales.id });
    expect(await sessionOf(team.company.id, t.ticket.id)).toBeUndefined();
  });

  it("carries out a '#' JSON bubble: the transfer to the named queue, said after the bubbles before it", async () => {
    const team = await inboxCompany();
    const bot = await typebotFor(team, "atendimento");
    withFake();
    const t = await typebotTicket(team, bot.id);
    await say(team, t, "Oi");
    await say(team, t, "2");
    const said = await botSaid(team.company.id, t.ticket.id);
    expect(said.at(-1)!.body).toBe("Vou te passar para a equipe.");
    expect(said.some((m) => m.body.startsWith("#"))).toBe(false);
    expect(await ticketRow(team.company.id, t.ticket.id)).toMatchObject({ status: "pending", useIntegration: false, queueId: team.support.id });
    expect(await sessionOf(team.company.id, t.ticket.id)).toBeUndefined();
  });

  it("gives the ticket straight to the agent a '#' bubble names, open, and ignores a user of another company", async () => {
    const team = await inboxCompany();
    const other = await inboxCompany();
    withFake();
    const direct = await typebotTicket(team, (await typebotFor(team, `agent-${team.agent.id}`)).id);
    await say(team, direct, "Oi");
    expect((await botSaid(team.company.id, direct.ticket.id)).map((m) => m.body)).toEqual(["Um momento."]);
    expect(await ticketRow(team.company.id, direct.ticket.id)).toMatchObject({ status: "open", userId: team.agent.id, useIntegration: false });
    const stranger = await typebotTicket(team, (await typebotFor(team, `agent-${other.agent.id}`)).id);
    await say(team, stranger, "Oi");
    expect(await ticketRow(team.company.id, stranger.ticket.id)).toMatchObject({ status: "pending", userId: null, useIntegration: false, queueId: team.sales.id });
  });

  it("hands over on the finish keyword without calling Typebot, and starts over after the restart keyword with its text", async () => {
    const team = await inboxCompany();
    const bot = await typebotFor(team, "atendimento", { typebotKeywordFinish: "sair", typebotKeywordRestart: "#reiniciar", typebotRestartMessage: "Vamos recomeçar." });
    const fake = withFake();
    const t = await typebotTicket(team, bot.id);
    await say(team, t, "Oi");
    await say(team, t, "#Reiniciar");
    expect((await botSaid(team.company.id, t.ticket.id)).at(-1)!.body).toBe("Vamos recomeçar.");
    expect(await sessionOf(team.company.id, t.ticket.id)).toBeUndefined();
    await say(team, t, "Oi de novo");
    expect(fake.calls.map((c) => c.path.split("/").at(-1))).toEqual(["startChat", "startChat"]);
    await say(team, t, "SAIR");
    expect(fake.calls).toHaveLength(2);
    expect(await ticketRow(team.company.id, t.ticket.id)).toMatchObject({ useIntegration: false, queueId: team.sales.id });
  });

  it("starts a new session once the last one expired, and answers a message without text with the unknown-message text", async () => {
    const team = await inboxCompany();
    const bot = await typebotFor(team, "atendimento", { typebotExpires: 5, typebotUnknownMessage: "Não entendi, responda com texto." });
    const fake = withFake();
    const t = await typebotTicket(team, bot.id);
    await say(team, t, "Oi");
    await say(team, t, "", { mediaType: "audio", mediaUrl: "companies/x/a.ogg" });
    expect((await botSaid(team.company.id, t.ticket.id)).at(-1)!.body).toBe("Não entendi, responda com texto.");
    expect(fake.calls).toHaveLength(1);
    await inTenant(team.company.id, (db) => db.update(typebotSessions).set({ lastAt: new Date(Date.now() - 6 * 60_000) }).where(eq(typebotSessions.ticketId, t.ticket.id)).run());
    await say(team, t, "1");
    expect(fake.calls.map((c) => c.path.split("/").at(-1))).toEqual(["startChat", "startChat"]);
  });

  it("starts the flow anew when the contact writes again after the ticket was closed, not from where it left off", async () => {
    const team = await inboxCompany();
    const bot = await typebotFor(team, "atendimento");
    withFake();
    const t = await typebotTicket(team, bot.id);
    await say(team, t, "Oi");
    expect(await sessionOf(team.company.id, t.ticket.id)).toBeDefined();
    await inTenant(team.company.id, (db) => db.update(tickets).set({ status: "closed", useIntegration: false, integrationId: null }).where(eq(tickets.id, t.ticket.id)).run());
    const contact = await inTenant(team.company.id, (db) => db.select().from(contacts).where(eq(contacts.id, t.contact.id)).get()!);
    await deliver(inbound(team.connection.id, contact.number, "Oi de novo"));
    expect(await ticketRow(team.company.id, t.ticket.id)).toMatchObject({ status: "pending" });
    expect(await sessionOf(team.company.id, t.ticket.id)).toBeUndefined();
  });

  it("starts the flow again when Typebot no longer knows the session", async () => {
    const team = await inboxCompany();
    const bot = await typebotFor(team, "atendimento");
    const fake = withFake();
    const t = await typebotTicket(team, bot.id);
    await say(team, t, "Oi");
    fake.sessions.clear();
    await say(team, t, "1");
    expect(fake.calls.map((c) => c.path.split("/").at(-1))).toEqual(["startChat", "continueChat", "startChat"]);
    expect(await ticketRow(team.company.id, t.ticket.id)).toMatchObject({ useIntegration: true });
  });

  it.each([
    ["fail-401", "Integração: a integração da fila recusou a chamada (HTTP 401). O ticket aguarda um atendente.", 1],
    ["fail-429", "Integração: a integração da fila limitou as chamadas (HTTP 429). O ticket aguarda um atendente.", 2],
    ["fail-500", "Integração: a integração da fila falhou (HTTP 500). O ticket aguarda um atendente.", 2],
    ["slow-5000", "Integração: a integração da fila não respondeu a tempo. O ticket aguarda um atendente.", 2],
  ])("leaves the ticket with an agent and a note when Typebot fails (%s)", async (slug, note, calls) => {
    const team = await inboxCompany();
    const bot = await typebotFor(team, slug);
    const fake = withFake();
    const t = await typebotTicket(team, bot.id);
    await say(team, t, "Oi");
    expect(fake.calls).toHaveLength(calls);
    expect(await ticketRow(team.company.id, t.ticket.id)).toMatchObject({ status: "pending", userId: null, useIntegration: false, queueId: team.sales.id });
    expect(await notesOf(team.company.id, t.ticket.id)).toEqual([{ note }]);
  });

  it("answers after a failure that passes on retry", async () => {
    const team = await inboxCompany();
    const bot = await typebotFor(team, "flaky-bot");
    const fake = withFake();
    const t = await typebotTicket(team, bot.id);
    await say(team, t, "Oi");
    expect(fake.calls).toHaveLength(2);
    expect((await botSaid(team.company.id, t.ticket.id))[0]!.body).toBe("Olá, Marta Lima! Bem-vindo ao atendimento.");
  });
});

describe("a Typebot flow's media through the egress guard", () => {
  /** A service on the worker's own machine, recording whoever reaches it (it must be no one). */
  function internalService() {
    const reached: string[] = [];
    useFakeService(new URL(INTERNAL_MEDIA_URL).origin, async (request) => {
      reached.push(request.url);
      return new Response(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]), { headers: { "content-type": "image/png" } });
    });
    return reached;
  }
  const mediaNotes = async (companyId: number, ticketId: number) => (await notesOf(companyId, ticketId)).map((n) => n.note);

  it("does not fetch a picture on a loopback address: no stored media, nothing said of it, the reason noted", async () => {
    const team = await inboxCompany();
    const reached = internalService();
    withFake();
    const t = await typebotTicket(team, (await typebotFor(team, "internal-picture")).id);
    await say(team, t, "Oi");
    expect(reached).toEqual([]);
    const said = await botSaid(team.company.id, t.ticket.id);
    expect(said.map((m) => [m.body, m.mediaType, m.mediaUrl])).toEqual([["Veja:", "chat", null]]);
    const notes = await mediaNotes(team.company.id, t.ticket.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toContain("não foi buscado");
    expect(notes[0]).toContain("http://127.0.0.1:7/internal-secret.png");
  });

  it("does not follow a redirect from the Typebot server into a private address", async () => {
    const team = await inboxCompany();
    const reached = internalService();
    withFake();
    const t = await typebotTicket(team, (await typebotFor(team, "redirected-picture")).id);
    await say(team, t, "Oi");
    expect(reached).toEqual([]);
    const said = await botSaid(team.company.id, t.ticket.id);
    expect(said.some((m) => m.mediaUrl)).toBe(false);
    expect(await mediaNotes(team.company.id, t.ticket.id)).toEqual([expect.stringContaining("A redirect to http://127.0.0.1:7/internal-secret.png")]);
  });

  it("believes the bytes, not the Content-Type: an HTML page served as image/png is not stored, its link goes as text", async () => {
    const team = await inboxCompany();
    withFake();
    const t = await typebotTicket(team, (await typebotFor(team, "page-as-picture")).id);
    await say(team, t, "Oi");
    const said = await botSaid(team.company.id, t.ticket.id);
    expect(said.map((m) => [m.body, m.mediaType, m.mediaUrl])).toEqual([
      ["Veja:", "chat", null],
      [`${TYPEBOT_URL}/media/page.png`, "chat", null],
    ]);
    expect(await mediaNotes(team.company.id, t.ticket.id)).toEqual([expect.stringContaining("não é o tipo de arquivo")]);
  });

  it("refuses on save a Typebot URL on a private address, and never calls one stored before the check", async () => {
    const team = await inboxCompany();
    const refused = await call("POST", "/api/queueIntegration", { token: team.admin.token, body: { type: "typebot", name: "Interno", urlN8N: "http://127.0.0.1:7", typebotSlug: "x" } });
    expect(refused.status).toBe(400);
    expect(refused.json.fields).toEqual({ urlN8N: expect.any(String) });
    const reached = internalService();
    const bot = await typebotFor(team, "atendimento");
    await inTenant(team.company.id, (db) => db.update(queueIntegrations).set({ urlN8N: "http://127.0.0.1:7" }).where(eq(queueIntegrations.id, bot.id)));
    const t = await typebotTicket(team, bot.id);
    await say(team, t, "Oi");
    expect(reached).toEqual([]);
    expect(await ticketRow(team.company.id, t.ticket.id)).toMatchObject({ useIntegration: false, queueId: team.sales.id });
    expect(await notesOf(team.company.id, t.ticket.id)).toEqual([{ note: expect.stringContaining("endereço não permitido") }]);
  });
});
