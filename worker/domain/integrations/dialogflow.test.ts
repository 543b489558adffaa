import { and, asc, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { IntegrationJob } from "../../contracts/outbound";
import { messages, ticketNotes, tickets } from "../../db/tenant";
import { hubDirectory } from "../../hub/ports";
import { runIntegrationJob } from "../../jobs/integration";
import { DIALOGFLOW_API_URL } from "../../lib/dialogflow";
import { GOOGLE_TOKEN_URL } from "../../lib/google";
import { call, companyWithTeam, createPlan, inTenant, testEnv } from "../../testing/fixtures";
import { fakeGoogle, fakeServiceAccount, type FakeGoogle } from "../../testing/fakeGoogle";
import { createContact, createMessageRow, createTicketRow, inboxCompany } from "../../testing/inbox";
import { useFakeService } from "../../testing/useFakeService";

afterEach(() => vi.restoreAllMocks());

type Inbox = Awaited<ReturnType<typeof inboxCompany>>;

/** Google's own endpoints (the defaults), answered by the fake. */
function withGoogle(): FakeGoogle {
  const fake = fakeGoogle(GOOGLE_TOKEN_URL);
  useFakeService(new URL(GOOGLE_TOKEN_URL).origin, fake.handle);
  useFakeService(DIALOGFLOW_API_URL, fake.handle);
  return fake;
}

async function dialogflowFor(team: Inbox | Awaited<ReturnType<typeof companyWithTeam>>, projectName: string, jsonContent: string, language = "pt-BR") {
  const res = await call("POST", "/api/queueIntegration", { token: team.admin.token, body: { type: "dialogflow", name: `DF ${crypto.randomUUID().slice(0, 6)}`, projectName, jsonContent, language } });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as { id: number };
}

async function dialogflowTicket(team: Inbox, integrationId: number) {
  const contact = await createContact(team.company.id, { name: "Rui Costa" });
  const ticket = await createTicketRow(team.company.id, { contactId: contact.id, whatsappId: team.connection.id, queueId: team.sales.id, useIntegration: true, integrationId });
  return { ticket, contact };
}

async function say(team: Inbox, t: { ticket: { id: number }; contact: { id: number } }, body: string) {
  const message = await createMessageRow(team.company.id, { ticketId: t.ticket.id, contactId: t.contact.id, body });
  const job: IntegrationJob = { kind: "integration", companyId: team.company.id, ticketId: t.ticket.id, messageId: message.id };
  await runIntegrationJob(hubDirectory(testEnv), testEnv, job, { retries: 1, baseDelayMs: 1, timeoutMs: 300, sleep: async () => {} });
}

const ticketRow = (companyId: number, id: number) => inTenant(companyId, (db) => db.select().from(tickets).where(eq(tickets.id, id)).get()!);
const botSaid = (companyId: number, ticketId: number) =>
  inTenant(companyId, (db) =>
    db.select({ body: messages.body }).from(messages).where(and(eq(messages.ticketId, ticketId), eq(messages.fromMe, true))).orderBy(asc(messages.id)).all().map((m) => m.body),
  );
const notesOf = (companyId: number, ticketId: number) => inTenant(companyId, (db) => db.select({ note: ticketNotes.note }).from(ticketNotes).where(eq(ticketNotes.ticketId, ticketId)).all().map((n) => n.note));

describe("a Dialogflow ES integration", () => {
  it("answers with the agent's fulfillment texts in the integration's language, one session per ticket and one token for many calls, and hands over on an intent that ends the conversation", async () => {
    const team = await inboxCompany();
    const google = withGoogle();
    const df = await dialogflowFor(team, "agente-loja", await fakeServiceAccount(google), "es");
    const t = await dialogflowTicket(team, df.id);

    await say(team, t, "Oi");
    await say(team, t, "Qual o horário?");
    expect(await botSaid(team.company.id, t.ticket.id)).toEqual(["Olá! Sou o robô do Dialogflow. Como posso ajudar?", "Atendemos de segunda a sexta.", "Das 8h às 18h."]);
    expect(await ticketRow(team.company.id, t.ticket.id)).toMatchObject({ useIntegration: true, integrationId: df.id });

    await say(team, t, "Quero falar com um atendente");
    expect((await botSaid(team.company.id, t.ticket.id)).at(-1)).toBe("Certo, vou te passar para um atendente.");
    expect(await ticketRow(team.company.id, t.ticket.id)).toMatchObject({ status: "pending", userId: null, useIntegration: false, integrationId: null, queueId: team.sales.id });

    expect(google.detectCalls.map((c) => [c.project, c.session, c.languageCode])).toEqual(Array(3).fill(["agente-loja", t.ticket.uuid, "es"]));
    expect(google.tokensIssued).toBe(1);
  });

  it.each([
    ["fail-403", "Integração: a integração da fila recusou a chamada (HTTP 403). O ticket aguarda um atendente.", 1],
    ["fail-429", "Integração: a integração da fila limitou as chamadas (HTTP 429). O ticket aguarda um atendente.", 2],
    ["fail-500", "Integração: a integração da fila falhou (HTTP 500). O ticket aguarda um atendente.", 2],
    ["slow-5000", "Integração: a integração da fila não respondeu a tempo. O ticket aguarda um atendente.", 2],
  ])("leaves the ticket with an agent and a note when Dialogflow fails (%s)", async (project, note, calls) => {
    const team = await inboxCompany();
    const google = withGoogle();
    const logged = [vi.spyOn(console, "warn"), vi.spyOn(console, "error"), vi.spyOn(console, "log")];
    const df = await dialogflowFor(team, project, await fakeServiceAccount(google));
    const t = await dialogflowTicket(team, df.id);
    await say(team, t, "Oi");
    expect(JSON.stringify(logged.flatMap((spy) => spy.mock.calls))).not.toContain("PRIVATE KEY");
    expect(google.detectCalls).toHaveLength(calls);
    expect(await ticketRow(team.company.id, t.ticket.id)).toMatchObject({ status: "pending", useIntegration: false, queueId: team.sales.id });
    expect(await notesOf(team.company.id, t.ticket.id)).toEqual([note]);
  });

  it("hands over with a note when Google refuses the service account's token", async () => {
    const team = await inboxCompany();
    const google = withGoogle();
    const stranger = await fakeServiceAccount(google);
    google.accounts.clear();
    const df = await dialogflowFor(team, "agente", stranger);
    const t = await dialogflowTicket(team, df.id);
    await say(team, t, "Oi");
    expect(google.detectCalls).toHaveLength(0);
    expect(await notesOf(team.company.id, t.ticket.id)).toEqual(["Integração: a integração da fila recusou a chamada (HTTP 400). O ticket aguarda um atendente."]);
  });
});

describe("POST /api/queueIntegration/testSession", () => {
  let a: Awaited<ReturnType<typeof companyWithTeam>>;
  let b: Awaited<ReturnType<typeof companyWithTeam>>;
  beforeAll(async () => {
    a = await companyWithTeam();
    b = await companyWithTeam();
  });

  it("runs one exchange with the agent and answers its texts and intent, never the service account", async () => {
    const google = withGoogle();
    const account = await fakeServiceAccount(google);
    const res = await call("POST", "/api/queueIntegration/testSession", { token: a.admin.token, body: { projectName: "agente", jsonContent: account, language: "pt-BR" } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true, texts: ["Olá! Sou o robô do Dialogflow. Como posso ajudar?"], intent: "Default Welcome Intent", endInteraction: false });
    expect(JSON.stringify(res.json)).not.toContain("PRIVATE KEY");
    expect(google.detectCalls[0]).toMatchObject({ project: "agente", text: "Olá", languageCode: "pt-BR" });
  });

  it("tests a saved integration's service account when the dialog sends none, and answers the agent's failure as a result", async () => {
    const google = withGoogle();
    const saved = await dialogflowFor(a, "agente", await fakeServiceAccount(google));
    const ok = await call("POST", "/api/queueIntegration/testSession", { token: a.admin.token, body: { id: saved.id, projectName: "agente", text: "tchau" } });
    expect(ok.json).toMatchObject({ ok: true, intent: "Encerrar", endInteraction: true });
    const failed = await call("POST", "/api/queueIntegration/testSession", { token: a.admin.token, body: { id: saved.id, projectName: "fail-403" } });
    expect(failed.status).toBe(200);
    expect(failed.json).toMatchObject({ ok: false, reason: "refused", status: 403 });
    expect(JSON.stringify(failed.json)).not.toContain("PRIVATE KEY");
  });

  it("names the invalid fields (400), is 404 for another company's integration, 403 for a lesser profile and without the plan's integrations", async () => {
    const google = withGoogle();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{}, { projectName: "Required", jsonContent: "Required" }],
      [{ projectName: "p", jsonContent: "{}" }, { jsonContent: "Must be a service account's JSON key" }],
      [{ projectName: "p", jsonContent: "x", language: "fr" }, { language: "Unknown language" }],
    ];
    for (const [body, fields] of cases) {
      const res = await call("POST", "/api/queueIntegration/testSession", { token: a.admin.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.fields).toEqual(fields);
    }
    const theirs = await dialogflowFor(b, "agente", await fakeServiceAccount(google));
    const other = await call("POST", "/api/queueIntegration/testSession", { token: a.admin.token, body: { id: theirs.id, projectName: "agente" } });
    expect(other.status).toBe(404);
    const body = { projectName: "agente", jsonContent: await fakeServiceAccount(google) };
    for (const user of [a.supervisor, a.agent]) expect((await call("POST", "/api/queueIntegration/testSession", { token: user.token, body })).status).toBe(403);
    const plan = await createPlan({ useIntegrations: false });
    const off = await companyWithTeam({ planId: plan.id });
    const res = await call("POST", "/api/queueIntegration/testSession", { token: off.admin.token, body });
    expect(res.status).toBe(403);
    expect(res.json.error).toBe("ERR_PLAN_FEATURE_DISABLED");
    expect(google.detectCalls).toHaveLength(0);
  });
});
