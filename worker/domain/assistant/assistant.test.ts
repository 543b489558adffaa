import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { and, asc, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AssistantJob, OutboundJob } from "../../contracts/outbound";
import { messages, prompts, promptUsage, ticketNotes, tickets, ticketTracking, whatsappQueues } from "../../db/tenant";
import { apiKeyDestination, sealPromptSecret } from "../prompts/secrets";
import { hubDirectory } from "../../hub/ports";
import { runAssistantJob } from "../../jobs/assistant";
import { handleOutboundBatch } from "../../jobs/outbound";
import { deliver, inbound } from "../../testing/bridge";
import { call, inTenant, testEnv } from "../../testing/fixtures";
import { createContact, createMessageRow, createTicketRow, inboxCompany } from "../../testing/inbox";
import { FAKE_OPENAI_URL, useFakeOpenAi } from "../../testing/useFakeOpenAi";
import { useFakeService } from "../../testing/useFakeService";

afterEach(() => vi.restoreAllMocks());

const SYSTEM = "Você é a assistente da Loja Azul. Responda em português, com frases curtas e cordiais, sempre.";

type Inbox = Awaited<ReturnType<typeof inboxCompany>>;

async function promptFor(team: Inbox, overrides: Record<string, unknown> = {}) {
  const res = await call("POST", "/api/prompt", {
    token: team.admin.token,
    body: { name: `Assistente ${crypto.randomUUID().slice(0, 6)}`, prompt: SYSTEM, apiKey: "sk-fake-good", queueId: team.support.id, baseUrl: FAKE_OPENAI_URL, ...overrides },
  });
  expect(res.status).toBe(201);
  return res.json as { id: number; queueId: number };
}

/** A ticket the assistant answers, with `said` as its history (contact's lines, and ours prefixed "> "). */
async function assistantTicket(team: Inbox, promptId: number, said: string[]) {
  const contact = await createContact(team.company.id);
  const ticket = await createTicketRow(team.company.id, { contactId: contact.id, whatsappId: team.connection.id, queueId: team.sales.id, useIntegration: true, promptId });
  let last = 0;
  const start = Date.now() - said.length * 1000;
  for (const [i, line] of said.entries()) {
    const fromMe = line.startsWith("> ");
    const row = await createMessageRow(team.company.id, { ticketId: ticket.id, contactId: contact.id, body: fromMe ? line.slice(2) : line, fromMe, createdAt: new Date(start + i * 1000) });
    last = row.id;
  }
  return { ticket, contact, job: { kind: "assistant", companyId: team.company.id, ticketId: ticket.id, messageId: last } satisfies AssistantJob };
}

const run = (job: AssistantJob, options = { retries: 1, baseDelayMs: 1, timeoutMs: 2_000 }) => runAssistantJob(hubDirectory(testEnv), testEnv, job, options);
const ticketRow = (companyId: number, id: number) => inTenant(companyId, (db) => db.select().from(tickets).where(eq(tickets.id, id)).get()!);
const botLines = (companyId: number, ticketId: number) =>
  inTenant(companyId, (db) =>
    db
      .select({ body: messages.body, sentByBot: messages.sentByBot, dataJson: messages.dataJson })
      .from(messages)
      .where(and(eq(messages.ticketId, ticketId), eq(messages.fromMe, true)))
      .orderBy(asc(messages.id))
      .all(),
  );
const usageOf = (companyId: number, promptId: number) =>
  inTenant(companyId, (db) => db.select().from(promptUsage).where(and(eq(promptUsage.companyId, companyId), eq(promptUsage.promptId, promptId))).get());
const notesOf = (companyId: number, ticketId: number) => inTenant(companyId, (db) => db.select({ note: ticketNotes.note, userId: ticketNotes.userId }).from(ticketNotes).where(eq(ticketNotes.ticketId, ticketId)).all());

describe("the AI assistant's turn", () => {
  it("sends the system prompt and the ticket's latest maxMessages messages in order, and answers as the bot", async () => {
    const team = await inboxCompany();
    const prompt = await promptFor(team, { maxMessages: 4, temperature: 0.3, maxTokens: 150, model: "gpt-test" });
    const { ticket, job } = await assistantTicket(team, prompt.id, ["m1", "> r1", "m2", "> r2", "m3", "> r3", "m4"]);
    const fake = useFakeOpenAi();
    await run(job);

    expect(fake.calls).toHaveLength(1);
    const sent = fake.calls[0]!;
    expect(sent.authorization).toBe("Bearer sk-fake-good");
    expect(sent.body).toMatchObject({ model: "gpt-test", temperature: 0.3, max_tokens: 150 });
    expect(sent.body.messages).toEqual([
      { role: "system", content: SYSTEM },
      { role: "assistant", content: "r2" },
      { role: "user", content: "m3" },
      { role: "assistant", content: "r3" },
      { role: "user", content: "m4" },
    ]);
    expect(sent.body.tools?.map((t) => t.function.name)).toEqual(["transfer_to_human"]);
    const said = await botLines(team.company.id, ticket.id);
    expect(said.at(-1)).toEqual({ body: "Resposta do assistente: m4", sentByBot: true, dataJson: JSON.stringify({ bot: "assistant" }) });
    expect(await ticketRow(team.company.id, ticket.id)).toMatchObject({ status: "pending", userId: null, useIntegration: true, promptId: prompt.id });
    const usage = await usageOf(team.company.id, prompt.id);
    expect(usage).toMatchObject({ calls: 1, failures: 0 });
    expect(usage!.promptTokens).toBeGreaterThan(0);
    expect(usage!.completionTokens).toBeGreaterThan(0);
    // The prompts page shows it.
    const page = await call("GET", "/api/prompt", { token: team.admin.token });
    expect(page.json.usage.calls).toBe(1);
  });

  it("hands the ticket to the prompt's queue when the model calls transfer_to_human, as a transfer", async () => {
    const team = await inboxCompany();
    const prompt = await promptFor(team);
    const { ticket, job } = await assistantTicket(team, prompt.id, ["oi", "> Olá!", "quero falar com um atendente"]);
    useFakeOpenAi();
    await run(job);
    expect(await ticketRow(team.company.id, ticket.id)).toMatchObject({ status: "pending", userId: null, useIntegration: false, promptId: null, queueId: team.support.id });
    const tracked = await inTenant(team.company.id, (db) => db.select().from(ticketTracking).where(eq(ticketTracking.ticketId, ticket.id)).all());
    expect(tracked).toEqual([expect.objectContaining({ action: "transfer", fromQueueId: team.sales.id, toQueueId: team.support.id, toStatus: "pending" })]);
    // Nothing more goes to the model: the ticket waits for an agent.
    await createMessageRow(team.company.id, { ticketId: ticket.id, body: "alô?" });
    const fake = useFakeOpenAi();
    const last = (await botLines(team.company.id, ticket.id)).length;
    await run({ ...job, messageId: (await createMessageRow(team.company.id, { ticketId: ticket.id, body: "alô??" })).id });
    expect(fake.calls).toHaveLength(0);
    expect(await botLines(team.company.id, ticket.id)).toHaveLength(last);
  });

  it("transfers to the queue the model names", async () => {
    const team = await inboxCompany();
    const prompt = await promptFor(team);
    const { ticket, job } = await assistantTicket(team, prompt.id, ["preciso de um atendente da fila Vendas"]);
    useFakeOpenAi();
    await run(job);
    expect((await ticketRow(team.company.id, ticket.id)).queueId).toBe(team.sales.id);
  });

  it.each([
    ["sk-fake-401", "auth", "a chave da API foi recusada"],
    ["sk-fake-quota", "quota", "a cota da conta de IA acabou"],
    ["sk-fake-500", "server", "o provedor de IA falhou"],
    ["sk-fake-429", "rate_limited", "o provedor de IA limitou as chamadas"],
    ["sk-fake-slow-1000", "timeout", "o provedor de IA não respondeu a tempo"],
  ])("leaves the ticket pending for an agent with a note when the provider fails (%s)", async (apiKey, _reason, why) => {
    const team = await inboxCompany();
    const prompt = await promptFor(team, { apiKey });
    const { ticket, job } = await assistantTicket(team, prompt.id, ["olá, bom dia"]);
    const logs = [vi.spyOn(console, "warn"), vi.spyOn(console, "error"), vi.spyOn(console, "log")];
    const fake = useFakeOpenAi();
    await run(job, { retries: 1, baseDelayMs: 1, timeoutMs: 100 });
    // Retried where a retry can help; a refused key or an exhausted quota is not.
    expect(fake.calls).toHaveLength(apiKey === "sk-fake-401" || apiKey === "sk-fake-quota" ? 1 : 2);
    expect(await ticketRow(team.company.id, ticket.id)).toMatchObject({ status: "pending", userId: null, useIntegration: false, queueId: team.sales.id });
    expect(await notesOf(team.company.id, ticket.id)).toEqual([{ note: `Assistente de IA: não foi possível responder (${why}). O ticket aguarda um atendente.`, userId: null }]);
    expect(await usageOf(team.company.id, prompt.id)).toMatchObject({ calls: 1, failures: 1 });
    expect(await botLines(team.company.id, ticket.id)).toEqual([]);
    for (const spy of logs) expect(JSON.stringify(spy.mock.calls)).not.toContain(apiKey);
  });

  it("answers after a failed attempt when the retry succeeds", async () => {
    const team = await inboxCompany();
    const prompt = await promptFor(team, { apiKey: `sk-fake-flaky-${crypto.randomUUID()}` });
    const { ticket, job } = await assistantTicket(team, prompt.id, ["tudo bem?"]);
    const fake = useFakeOpenAi();
    await run(job);
    expect(fake.calls).toHaveLength(2);
    expect((await botLines(team.company.id, ticket.id)).map((l) => l.body)).toEqual(["Resposta do assistente: tudo bem?"]);
  });

  it("uses a replaced key from the next message on", async () => {
    const team = await inboxCompany();
    const prompt = await promptFor(team, { apiKey: "sk-fake-first" });
    const first = await assistantTicket(team, prompt.id, ["um"]);
    const fake = useFakeOpenAi();
    await run(first.job);
    await call("PUT", `/api/prompt/${prompt.id}`, { token: team.admin.token, body: { apiKey: "sk-fake-second" } });
    const second = await assistantTicket(team, prompt.id, ["dois"]);
    await run(second.job);
    expect(fake.calls.map((c) => c.authorization)).toEqual(["Bearer sk-fake-first", "Bearer sk-fake-second"]);
  });

  it("does not answer when an agent took the ticket meanwhile, or the contact wrote again (that message has its own turn)", async () => {
    const team = await inboxCompany();
    const prompt = await promptFor(team);
    const taken = await assistantTicket(team, prompt.id, ["oi"]);
    await inTenant(team.company.id, (db) => db.update(tickets).set({ status: "open", userId: team.admin.id }).where(eq(tickets.id, taken.ticket.id)).run());
    const newer = await assistantTicket(team, prompt.id, ["primeira", "segunda"]);
    const fake = useFakeOpenAi();
    await run(taken.job);
    await run({ ...newer.job, messageId: newer.job.messageId - 1 });
    expect(fake.calls).toHaveLength(0);
    // A redelivered job once answered: the answer is the last message now, so nothing is said twice.
    await run(newer.job);
    await run(newer.job);
    expect((await botLines(team.company.id, newer.ticket.id)).map((l) => l.body)).toEqual(["Resposta do assistente: segunda"]);
  });

  it("runs from the OUTBOUND queue, side by side, acking each turn", async () => {
    const team = await inboxCompany();
    const prompt = await promptFor(team);
    const a = await assistantTicket(team, prompt.id, ["a"]);
    const b = await assistantTicket(team, prompt.id, ["b"]);
    useFakeOpenAi();
    const batch = createMessageBatch<OutboundJob>("zapdesk-outbound", [a.job, b.job].map((body, i) => ({ id: `m${i}`, timestamp: new Date(), attempts: 1, body })));
    const ctx = createExecutionContext();
    await handleOutboundBatch(batch as MessageBatch<unknown>, testEnv);
    expect((await getQueueResult(batch, ctx)).explicitAcks.sort()).toEqual(["m0", "m1"]);
    expect((await botLines(team.company.id, a.ticket.id)).map((l) => l.body)).toEqual(["Resposta do assistente: a"]);
    expect((await botLines(team.company.id, b.ticket.id)).map((l) => l.body)).toEqual(["Resposta do assistente: b"]);
  });
});

describe("handing a ticket to the assistant", () => {
  it("the chatbot hands over on entering a queue with a prompt, and the assistant answers through the queue", async () => {
    const team = await inboxCompany();
    const prompt = await promptFor(team);
    await inTenant(team.company.id, (db) => db.insert(whatsappQueues).values({ whatsappId: team.connection.id, queueId: team.support.id }).run());
    await call("PUT", `/api/queue/${team.support.id}`, { token: team.admin.token, body: { promptId: prompt.id, greetingMessage: "" } });
    useFakeOpenAi();
    await deliver(inbound(team.connection.id, "5511955550001", "Olá, quero saber o preço"));
    const ticket = (await inTenant(team.company.id, (db) => db.select().from(tickets).where(eq(tickets.companyId, team.company.id)).all())).find((t) => t.useIntegration)!;
    expect(ticket).toMatchObject({ queueId: team.support.id, promptId: prompt.id, status: "pending" });
    await expect.poll(() => ticketRowsQueued(team.company.id, ticket.id), { timeout: 10_000 }).toBeGreaterThan(0);
  });
});

describe("a queue with a prompt", () => {
  it("hands the contact to the assistant without the queue's greeting: no 'Escolha uma opção:' with no options", async () => {
    const team = await inboxCompany();
    const prompt = await promptFor(team);
    await inTenant(team.company.id, (db) => db.insert(whatsappQueues).values({ whatsappId: team.connection.id, queueId: team.support.id }).run());
    await call("PUT", `/api/queue/${team.support.id}`, { token: team.admin.token, body: { promptId: prompt.id, greetingMessage: "Você está no Suporte. Escolha uma opção:" } });
    useFakeOpenAi();
    await deliver(inbound(team.connection.id, "5511955550002", "Olá, quero saber o preço"));
    const ticket = (await inTenant(team.company.id, (db) => db.select().from(tickets).where(eq(tickets.companyId, team.company.id)).all())).find((t) => t.useIntegration)!;
    expect(ticket).toMatchObject({ queueId: team.support.id, promptId: prompt.id, chatbot: false });
    await expect.poll(() => ticketRowsQueued(team.company.id, ticket.id), { timeout: 10_000 }).toBeGreaterThan(0);
    const lines = await botLines(team.company.id, ticket.id);
    expect(lines.map((l) => l.body)).not.toContain("Você está no Suporte. Escolha uma opção:");
    expect(lines.every((l) => l.dataJson === JSON.stringify({ bot: "assistant" }))).toBe(true);
  });
});

/** Whether the assistant has answered the ticket (the queue's consumer runs in the test worker too). */
async function ticketRowsQueued(companyId: number, ticketId: number) {
  return (await botLines(companyId, ticketId)).filter((l) => l.dataJson === JSON.stringify({ bot: "assistant" })).length;
}

describe("the assistant's provider address through the egress guard", () => {
  const INTERNAL = "http://127.0.0.1:7/v1";

  it("refuses baseUrl=http://127.0.0.1:…/v1 on save, and never sends the key to one stored before the check", async () => {
    const team = await inboxCompany();
    const refused = await call("POST", "/api/prompt", {
      token: team.admin.token,
      body: { name: "Assistente interno", prompt: SYSTEM, apiKey: "sk-fake-good", queueId: team.support.id, baseUrl: INTERNAL },
    });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ error: "ERR_VALIDATION", fields: { baseUrl: expect.any(String) } });

    const heard: (string | null)[] = [];
    useFakeService("http://127.0.0.1:7", async (request) => {
      heard.push(request.headers.get("authorization"));
      return Response.json({ choices: [{ message: { content: "ok" } }] });
    });
    const prompt = await promptFor(team);
    // As a row saved before the guard existed would be: the internal URL, with the key sealed for it.
    await inTenant(team.company.id, async (db) =>
      db
        .update(prompts)
        .set({ baseUrl: INTERNAL, apiKey: await sealPromptSecret(testEnv, team.company.id, "sk-fake-good", apiKeyDestination(INTERNAL)) })
        .where(eq(prompts.id, prompt.id)),
    );
    const { ticket, job } = await assistantTicket(team, prompt.id, ["Oi"]);
    await run(job);
    expect(heard).toEqual([]);
    expect(await botLines(team.company.id, ticket.id)).toEqual([]);
    expect(await ticketRow(team.company.id, ticket.id)).toMatchObject({ useIntegration: false, promptId: null });
    expect(await notesOf(team.company.id, ticket.id)).toEqual([{ note: expect.stringContaining("não é permitido"), userId: null }]);
  });
});
