import { and, asc, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { BridgeInboundMessage } from "../../contracts/bridge";
import {
  contacts,
  messages,
  tickets,
  ticketTracking,
  userRatings,
  whatsappQueues,
  whatsapps,
} from "../../db/tenant";
import { deliver, inbound } from "../../testing/bridge";
import { createRecipientList, deliverJobs, openAllDay, runCampaigns, setTimeZone, shippingsOf } from "../../testing/campaigns";
import { useFakeHost } from "../../testing/fakeHost";
import { call, inTenant, setSetting } from "../../testing/fixtures";
import { createContact, createMessageRow, createTicketRow, inboxCompany } from "../../testing/inbox";
import { FAKE_OPENAI_URL, useFakeOpenAi } from "../../testing/useFakeOpenAi";
import { contactTexts } from "../contactTexts";

afterEach(() => vi.restoreAllMocks());

/**
 * Each rule a contact's message sets off (contactMessageRules) is proved on both inbound paths: a plain message on a
 * live ticket is written by the batched path (ingestMessageRun's writePlain); one that quotes a message goes
 * through ingestMessage, as a new ticket, media or a changed name do. And each one both alone and in a burst with
 * others for the same ticket. Messages on a closed ticket always take ingestMessage (the run hands them over).
 */
const PATHS = [
  { path: "the batched path (writePlain)", extra: {} },
  { path: "the full path (ingestMessage)", extra: { quotedId: "NOT-A-STORED-MESSAGE" } },
] satisfies { path: string; extra: Partial<BridgeInboundMessage> }[];
const SHAPES = ["alone", "in a burst with others for the same ticket"] as const;
const CASES = PATHS.flatMap((p) => SHAPES.map((shape) => ({ ...p, shape })));

/** The messages the contact sends: `last` alone, or after `others` in the same batch. */
const sendAs = (shape: (typeof SHAPES)[number], connectionId: number, number: string, extra: Partial<BridgeInboundMessage>, others: string[], last: string) =>
  deliver(...(shape === "alone" ? [] : others).map((b) => inbound(connectionId, number, b, extra)), inbound(connectionId, number, last, extra));

const T0 = Date.UTC(2030, 0, 7, 12, 0, 0);
type Inbox = Awaited<ReturnType<typeof inboxCompany>>;

/** A company whose campaign went to `n` numbers (delivered): each recipient has the campaign's ticket on the connection. */
async function campaignSent(n: number, extra: Record<string, unknown> = {}) {
  const inbox = await inboxCompany();
  await setTimeZone(inbox.company.id, "UTC");
  await openAllDay(inbox.admin.token, { messageInterval: 5 });
  const { list, numbers } = await createRecipientList(inbox.company.id, n);
  const res = await call("POST", "/api/campaigns", {
    token: inbox.admin.token,
    body: { name: "Oferta", whatsappId: inbox.connection.id, contactListId: list.id, message1: "Olá {nome}, temos uma oferta", scheduledAt: new Date(T0).toISOString(), ...extra },
  });
  if (res.status !== 201) throw new Error(JSON.stringify(res.json));
  useFakeHost((c) => ({ body: { id: (c.body as { id: string }).id } }));
  let now = T0;
  for (let step = 0; step < 20; step++) {
    const { sent, jobs } = await runCampaigns(inbox.company.id, now);
    await deliverJobs(jobs);
    if (sent === 0 && step > 0) break;
    now += 60_000;
  }
  return { ...inbox, campaignId: res.json.id as number, numbers };
}

/** The connection's chatbot: a greeting and two queues, so it answers with a menu, or "invalid option". */
async function withChatbot(inbox: Inbox) {
  await inTenant(inbox.company.id, (db) => {
    db.update(whatsapps).set({ greetingMessage: "Escolha um setor:" }).where(eq(whatsapps.id, inbox.connection.id)).run();
    db.insert(whatsappQueues).values([inbox.sales, inbox.support].map((q) => ({ whatsappId: inbox.connection.id, queueId: q.id }))).run();
  });
}

const contactOf = (companyId: number, number: string) =>
  inTenant(companyId, (db) => db.select().from(contacts).where(and(eq(contacts.companyId, companyId), eq(contacts.number, number))).get()!);
const ticketsOfContact = (companyId: number, contactId: number) =>
  inTenant(companyId, (db) => db.select().from(tickets).where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, contactId))).orderBy(asc(tickets.id)).all());
/** The ticket's history as lines: the contact's words, and ours as "we: …" (first line only). */
const historyOf = (companyId: number, ticketId: number) =>
  inTenant(companyId, (db) =>
    db
      .select()
      .from(messages)
      .where(and(eq(messages.companyId, companyId), eq(messages.ticketId, ticketId)))
      .orderBy(asc(messages.id))
      .all()
      .map((m) => (m.fromMe ? `we: ${m.body.split("\n")[0]}` : m.body)),
  );

describe("a campaign reply, on both inbound paths", () => {
  it.each(CASES)("counts a recipient's answer as a reply, via $path, $shape", async ({ extra, shape }) => {
    const { company, connection, campaignId, numbers } = await campaignSent(1);
    const contact = await contactOf(company.id, numbers[0]!);
    await createTicketRow(company.id, { contactId: contact.id, whatsappId: connection.id, status: "open" });

    await sendAs(shape, connection.id, contact.number, extra, ["Oi"], "Tenho interesse");

    const [shipping] = await shippingsOf(company.id, campaignId);
    expect(shipping).toMatchObject({ status: "delivered", optedOutAt: null });
    expect(shipping!.repliedAt).not.toBeNull();
  });
});

describe("an opt-out, on both inbound paths", () => {
  it.each(CASES)(
    "on a ticket waiting for the chatbot: recorded, confirmed in the company's language, and no menu or 'invalid option' after it, via $path, $shape",
    async ({ extra, shape }) => {
      const inbox = await campaignSent(1);
      const { company, connection, campaignId, numbers } = inbox;
      await withChatbot(inbox);
      await setSetting(company.id, "language", "en");
      const contact = await contactOf(company.id, numbers[0]!);
      const waiting = await createTicketRow(company.id, { contactId: contact.id, whatsappId: connection.id, status: "pending", userId: null });
      await createMessageRow(company.id, { ticketId: waiting.id, contactId: contact.id, body: "Escolha um setor:", fromMe: true, sentByBot: true, dataJson: JSON.stringify({ bot: "queuesMenu" }) });

      await sendAs(shape, connection.id, contact.number, extra, ["Quem é?"], "SAIR");

      expect((await shippingsOf(company.id, campaignId))[0]!.optedOutAt).not.toBeNull();
      expect(await inTenant(company.id, (db) => db.select().from(contacts).where(eq(contacts.marketingConsent, "revoked")).all().map((o) => o.number))).toEqual([contact.number]);
      const history = await historyOf(company.id, waiting.id);
      // What follows "SAIR" is the confirmation, in English, and nothing else.
      expect(history.slice(history.indexOf("SAIR"))).toEqual(["SAIR", `we: ${contactTexts("en").campaignOptOut.split("\n")[0]}`]);
      const stored = await inTenant(company.id, (db) => db.select().from(messages).where(eq(messages.ticketId, waiting.id)).orderBy(asc(messages.id)).all());
      expect(stored.at(-1)).toMatchObject({ body: contactTexts("en").campaignOptOut, sentByBot: true });
      expect(await ticketsOfContact(company.id, contact.id)).toContainEqual(expect.objectContaining({ id: waiting.id, status: "pending", queueId: null }));
    },
  );

  it.each(SHAPES)(
    "from a recipient with no live ticket: kept on the campaign's ticket, confirmed, and no pending ticket opens for agents (%s)",
    async (shape) => {
      const inbox = await campaignSent(1);
      const { company, connection, admin, numbers } = inbox;
      await withChatbot(inbox);
      const contact = await contactOf(company.id, numbers[0]!);

      await sendAs(shape, connection.id, contact.number, {}, ["pare"], "SAIR");

      const all = await ticketsOfContact(company.id, contact.id);
      expect(all).toHaveLength(1);
      expect(all[0]).toMatchObject({ status: "closed", outreach: true, unreadMessages: 0 });
      const confirmation = `we: ${contactTexts("pt-BR").campaignOptOut.split("\n")[0]}`;
      expect(await historyOf(company.id, all[0]!.id)).toEqual(
        shape === "alone" ? ["we: Olá Cliente 1, temos uma oferta", "SAIR", confirmation] : ["we: Olá Cliente 1, temos uma oferta", "pare", confirmation, "SAIR", confirmation],
      );
      for (const status of ["pending", "closed"]) {
        const list = await call("GET", `/api/tickets?status=${status}&showAll=true`, { token: admin.token });
        expect(list.json.tickets.map((t: { contactId: number }) => t.contactId), status).not.toContain(contact.id);
      }
    },
  );
});

describe("ratings, on the full path (a closed ticket's messages always take it)", () => {
  async function awaitingRating(inbox: Inbox) {
    await inTenant(inbox.company.id, (db) => db.update(whatsapps).set({ complationMessage: "Obrigado!" }).where(eq(whatsapps.id, inbox.connection.id)).run());
    const contact = await createContact(inbox.company.id);
    const closed = await createTicketRow(inbox.company.id, { contactId: contact.id, whatsappId: inbox.connection.id, status: "closed", userId: inbox.agent.id });
    await createMessageRow(inbox.company.id, { ticketId: closed.id, contactId: contact.id, body: "Como você avalia?", fromMe: true, sentByBot: true, dataJson: JSON.stringify({ bot: "rating" }) });
    return { contact, closed };
  }

  it.each(SHAPES)("a rating reply rates the closed ticket and is thanked, no pending ticket (%s)", async (shape) => {
    const inbox = await inboxCompany();
    const { contact, closed } = await awaitingRating(inbox);

    // In a burst: an answer that is no rating first (the prompt is repeated), then the rating.
    await sendAs(shape, inbox.connection.id, contact.number, {}, ["não sei"], "2");

    const ratings = await inTenant(inbox.company.id, (db) => db.select().from(userRatings).where(eq(userRatings.ticketId, closed.id)).all());
    expect(ratings).toMatchObject([{ rate: 2, userId: inbox.agent.id }]);
    expect(await ticketsOfContact(inbox.company.id, contact.id)).toMatchObject([{ id: closed.id, status: "closed" }]);
    const history = await historyOf(inbox.company.id, closed.id);
    expect(history.at(-1)).toBe("we: Obrigado!");
    if (shape !== "alone") expect(history.slice(1, 3)).toEqual(["não sei", expect.stringMatching(/^we: /)]);
  });
});

describe("reopening, on the full path", () => {
  it.each(SHAPES)("a closed ticket the contact writes to goes back to pending once, with every message on it (%s)", async (shape) => {
    const inbox = await inboxCompany();
    const contact = await createContact(inbox.company.id);
    const closed = await createTicketRow(inbox.company.id, { contactId: contact.id, whatsappId: inbox.connection.id, status: "closed", userId: inbox.agent.id });

    await sendAs(shape, inbox.connection.id, contact.number, {}, ["voltei"], "preciso de ajuda");

    const n = shape === "alone" ? 1 : 2;
    expect(await ticketsOfContact(inbox.company.id, contact.id)).toMatchObject([{ id: closed.id, status: "pending", userId: null, unreadMessages: n, lastMessage: "preciso de ajuda" }]);
    const history = await inTenant(inbox.company.id, (db) => db.select().from(ticketTracking).where(eq(ticketTracking.ticketId, closed.id)).all());
    expect(history.map((h) => h.action)).toEqual(["reopen"]);
  });
});

describe("the chatbot, on both inbound paths", () => {
  it.each(CASES)("answers a ticket waiting without an agent, via $path, $shape", async ({ extra, shape }) => {
    const inbox = await inboxCompany();
    await withChatbot(inbox);
    const contact = await createContact(inbox.company.id);
    const waiting = await createTicketRow(inbox.company.id, { contactId: contact.id, whatsappId: inbox.connection.id, status: "pending", userId: null });

    // Alone: the contact's first words get the menu. In a burst: the menu, then "2" picks the second queue (the menu
    // goes by name: 1 Suporte, 2 Vendas).
    await sendAs(shape, inbox.connection.id, contact.number, extra, ["oi"], shape === "alone" ? "oi" : "2");

    const history = await historyOf(inbox.company.id, waiting.id);
    const ticket = (await ticketsOfContact(inbox.company.id, contact.id))[0]!;
    if (shape === "alone") {
      expect(history).toEqual(["oi", "we: Escolha um setor:"]);
      expect(ticket.queueId).toBeNull();
    } else {
      expect(history.slice(0, 3)).toEqual(["oi", "we: Escolha um setor:", "2"]);
      expect(ticket.queueId).toBe(inbox.sales.id);
    }
  });
});

describe("the AI assistant's takeover, on both inbound paths", () => {
  it.each(CASES)("queues the assistant's turn on a ticket it answers, via $path, $shape", async ({ extra, shape }) => {
    const inbox = await inboxCompany();
    const res = await call("POST", "/api/prompt", {
      token: inbox.admin.token,
      body: { name: "Assistente", prompt: "Você é a assistente da loja. Responda em português, com frases curtas.", apiKey: "sk-fake-good", queueId: inbox.support.id, baseUrl: FAKE_OPENAI_URL },
    });
    expect(res.status).toBe(201);
    useFakeOpenAi();
    const contact = await createContact(inbox.company.id);
    const ticket = await createTicketRow(inbox.company.id, { contactId: contact.id, whatsappId: inbox.connection.id, queueId: inbox.support.id, useIntegration: true, promptId: res.json.id });

    await sendAs(shape, inbox.connection.id, contact.number, extra, ["Olá"], "Qual o horário de vocês?");

    const answers = () =>
      inTenant(inbox.company.id, (db) =>
        db.select().from(messages).where(and(eq(messages.ticketId, ticket.id), eq(messages.fromMe, true))).all().filter((m) => m.dataJson === JSON.stringify({ bot: "assistant" })).length,
      );
    await expect.poll(answers, { timeout: 10_000 }).toBeGreaterThan(0);
  });
});

describe("a campaign send is not a conversation until the contact answers", () => {
  it("keeps the recipients out of the resolved tab (and every list) after a send; an answer brings the ticket up pending with the campaign's message in it", async () => {
    const { company, admin, connection, numbers } = await campaignSent(2);
    const closedTab = async () =>
      ((await call("GET", "/api/tickets?status=closed&showAll=true", { token: admin.token })).json.tickets as { contact: { number: string } }[]).map((t) => t.contact.number);
    const recipients = await Promise.all(numbers.map((n) => contactOf(company.id, n)));
    for (const r of recipients) expect(await ticketsOfContact(company.id, r.id)).toMatchObject([{ status: "closed", outreach: true }]);
    expect(await closedTab()).toEqual([]);
    const search = await call("GET", `/api/tickets?searchParam=${numbers[0]}&showAll=true`, { token: admin.token });
    expect(search.json.tickets).toEqual([]);

    await deliver(inbound(connection.id, numbers[0]!, "Quero saber mais"));

    const [answered] = await ticketsOfContact(company.id, recipients[0]!.id);
    expect(answered).toMatchObject({ status: "pending", outreach: false, unreadMessages: 1, lastMessage: "Quero saber mais" });
    expect(await historyOf(company.id, answered!.id)).toEqual(["we: Olá Cliente 1, temos uma oferta", "Quero saber mais"]);
    const pending = await call("GET", "/api/tickets?status=pending&showAll=true", { token: admin.token });
    expect(pending.json.tickets.map((t: { id: number }) => t.id)).toContain(answered!.id);
    // The one who did not answer is still in no list.
    expect(await closedTab()).toEqual([]);
  });

  it("puts a second campaign to the same contact on the same outreach ticket", async () => {
    const first = await campaignSent(1);
    const contact = await contactOf(first.company.id, first.numbers[0]!);
    const [outreach] = await ticketsOfContact(first.company.id, contact.id);
    const { contactListId } = (await call("GET", `/api/campaigns/${first.campaignId}`, { token: first.admin.token })).json as { contactListId: number };
    const again = await call("POST", "/api/campaigns", {
      token: first.admin.token,
      body: { name: "De novo", whatsappId: first.connection.id, contactListId, message1: "Mais uma oferta", scheduledAt: new Date(T0 + 3_600_000).toISOString() },
    });
    expect(again.status).toBe(201);
    for (let step = 0, now = T0 + 3_600_000; step < 5; step++, now += 60_000) await deliverJobs((await runCampaigns(first.company.id, now)).jobs);
    expect(await ticketsOfContact(first.company.id, contact.id)).toMatchObject([{ id: outreach!.id, status: "closed", outreach: true }]);
    expect(await historyOf(first.company.id, outreach!.id)).toEqual(["we: Olá Cliente 1, temos uma oferta", "we: Mais uma oferta"]);
  });
});
