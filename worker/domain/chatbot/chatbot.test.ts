import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { companies } from "../../db/control";
import type { WeekdaySchedule } from "../../contracts/companies";
import { messages, queueOptions, tickets, userRatings, whatsappQueues } from "../../db/tenant";
import { deliver, inbound } from "../../testing/bridge";
import { call, companyWithTeam, control, createQueue, hubOf, inTenant, setSetting, testEnv } from "../../testing/fixtures";
import { createConnection, createMessageRow } from "../../testing/inbox";

/** What the bot said on the company's tickets, oldest first. */
async function botSaid(companyId: number) {
  const rows = await inTenant(companyId, (db) =>
    db
      .select({ body: messages.body, dataJson: messages.dataJson })
      .from(messages)
      .where(and(eq(messages.companyId, companyId), eq(messages.fromMe, true)))
      .orderBy(asc(messages.id))
      .all(),
  );
  return rows.map((r) => ({ kind: r.dataJson ? (JSON.parse(r.dataJson) as { bot: string }).bot : null, body: r.body }));
}

const ticketOf = async (companyId: number) => (await inTenant(companyId, (db) => db.select().from(tickets).where(eq(tickets.companyId, companyId)).all()))[0]!;

async function botCompany(conn: Parameters<typeof createConnection>[1] = {}) {
  const team = await companyWithTeam();
  const connection = await createConnection(team.company.id, { greetingMessage: "Olá! Escolha um setor:", ...conn });
  return { ...team, connection };
}

async function offer(companyId: number, connectionId: number, ...queueIds: number[]) {
  await inTenant(companyId, (db) => db.insert(whatsappQueues).values(queueIds.map((queueId) => ({ whatsappId: connectionId, queueId }))).run());
}

async function option(companyId: number, queueId: number, parentId: number | null, o: string, title: string, message = "") {
  return inTenant(companyId, (db) => db.insert(queueOptions).values({ companyId, queueId, parentId, option: o, title, message }).returning().get());
}

const NUMBER = "5511912340000";

describe("the connection's chatbot", () => {
  it("greets once when the connection has no queues", async () => {
    const { company, connection } = await botCompany();
    await deliver(inbound(connection.id, NUMBER, "oi"));
    await deliver(inbound(connection.id, NUMBER, "alguém aí?"));
    expect(await botSaid(company.id)).toEqual([{ kind: "greeting", body: "Olá! Escolha um setor:" }]);
  });

  it("with one queue, greets (sendGreetingMessageOneQueues) and shows that queue's menu", async () => {
    const { company, connection } = await botCompany();
    const sales = await createQueue(company.id, { name: "Vendas", greetingMessage: "Vendas aqui." });
    await offer(company.id, connection.id, sales.id);
    await option(company.id, sales.id, null, "1", "Planos");
    await option(company.id, sales.id, null, "2", "Preços");
    await deliver(inbound(connection.id, NUMBER, "oi"));
    const said = await botSaid(company.id);
    expect(said.map((s) => s.kind)).toEqual(["greeting", "optionsMenu"]);
    expect(said[1]!.body).toContain("*[ 1 ]* - Planos");
    expect(said[1]!.body).toContain("*[ # ]* - Menu inicial");
    expect(await ticketOf(company.id)).toMatchObject({ queueId: sales.id, chatbot: true });
  });

  it("with several queues, shows the numbered menu, takes a choice, and answers an invalid reply only once", async () => {
    const { company, connection } = await botCompany();
    const sales = await createQueue(company.id, { name: "Vendas", orderQueue: 1 });
    const support = await createQueue(company.id, { name: "Suporte", orderQueue: 2, greetingMessage: "Suporte: descreva o problema." });
    await offer(company.id, connection.id, sales.id, support.id);

    await deliver(inbound(connection.id, NUMBER, "oi"));
    await deliver(inbound(connection.id, NUMBER, "banana"));
    await deliver(inbound(connection.id, NUMBER, "banana de novo"));
    await deliver(inbound(connection.id, NUMBER, "2"));

    const said = await botSaid(company.id);
    expect(said.map((s) => s.kind)).toEqual(["queuesMenu", "invalidOption", "queueGreeting"]);
    expect(said[0]!.body).toBe("Olá! Escolha um setor:\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte");
    expect(said[2]!.body).toBe("Suporte: descreva o problema.");
    expect(await ticketOf(company.id)).toMatchObject({ queueId: support.id, chatbot: false, status: "pending" });
  });

  it("walks the option tree: a choice, 0 back one level, # back to the queues, one child followed automatically", async () => {
    const { company, connection } = await botCompany();
    const sales = await createQueue(company.id, { name: "Vendas", orderQueue: 1, greetingMessage: "Vendas:" });
    const other = await createQueue(company.id, { name: "Outros", orderQueue: 2 });
    await offer(company.id, connection.id, sales.id, other.id);
    const plans = await option(company.id, sales.id, null, "1", "Planos", "Nossos planos:");
    await option(company.id, sales.id, plans.id, "1", "Básico", "O básico custa R$ 10.");
    await option(company.id, sales.id, plans.id, "2", "Pro", "O Pro custa R$ 50.");
    const hours = await option(company.id, sales.id, null, "2", "Horário", "Veja:");
    await option(company.id, sales.id, hours.id, "1", "Único", "Das 8h às 18h.");

    for (const text of ["oi", "1", "1", "0", "#", "1", "2"]) await deliver(inbound(connection.id, NUMBER, text));

    const said = await botSaid(company.id);
    expect(said.map((s) => s.kind)).toEqual(["queuesMenu", "optionsMenu", "optionsMenu", "optionsMenu", "queuesMenu", "optionsMenu", "option", "option"]);
    expect(said[2]!.body).toContain("*[ 0 ]* - Voltar");
    expect(said[2]!.body).toContain("*[ 2 ]* - Pro");
    expect(said[3]!.body).toContain("*[ 1 ]* - Planos"); // 0: back to the queue's top level
    expect(said[6]!.body).toBe("Veja:");
    expect(said[7]!.body).toBe("Das 8h às 18h."); // the only child, followed without asking
    expect(await ticketOf(company.id)).toMatchObject({ queueId: sales.id, chatbot: false });
  });

  it("after an option with one sub-option, tells the contact once that they wait for an agent, and # brings the main menu back", async () => {
    const { company, connection } = await botCompany();
    const sales = await createQueue(company.id, { name: "Vendas", orderQueue: 1, greetingMessage: "Vendas:" });
    const other = await createQueue(company.id, { name: "Outros", orderQueue: 2 });
    await offer(company.id, connection.id, sales.id, other.id);
    await option(company.id, sales.id, null, "1", "Planos", "Nossos planos:");
    const hours = await option(company.id, sales.id, null, "2", "Horário", "Veja:");
    await option(company.id, sales.id, hours.id, "1", "Único", "Das 8h às 18h.");

    for (const text of ["oi", "1", "2", "1", "2"]) await deliver(inbound(connection.id, NUMBER, text));
    const said = await botSaid(company.id);
    expect(said.map((s) => s.kind)).toEqual(["queuesMenu", "optionsMenu", "option", "option", "waiting"]);
    expect(said[4]!.body).toBe("Você está na fila de atendimento e logo um atendente vai falar com você. Para voltar ao menu inicial, envie *#*.");
    expect(await ticketOf(company.id)).toMatchObject({ queueId: sales.id, chatbot: false, status: "pending", userId: null });

    await deliver(inbound(connection.id, NUMBER, "#"));
    const after = await botSaid(company.id);
    expect(after.at(-1)).toEqual({ kind: "queuesMenu", body: "Olá! Escolha um setor:\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Outros" });
    expect(await ticketOf(company.id)).toMatchObject({ queueId: null, chatbot: false });
  });

  it("tells the contact they wait for an agent when they write again in a queue that said nothing", async () => {
    const { company, connection } = await botCompany();
    const sales = await createQueue(company.id, { name: "Vendas", orderQueue: 1, greetingMessage: "" });
    const other = await createQueue(company.id, { name: "Outros", orderQueue: 2 });
    await offer(company.id, connection.id, sales.id, other.id);
    for (const text of ["oi", "1", "alô?", "tem alguém?"]) await deliver(inbound(connection.id, NUMBER, text));
    expect((await botSaid(company.id)).map((s) => s.kind)).toEqual(["queuesMenu", "waiting"]);
  });

  it("stays out of a ticket an agent spoke on, even after the menus ended", async () => {
    const { company, connection } = await botCompany();
    const sales = await createQueue(company.id, { name: "Vendas", orderQueue: 1, greetingMessage: "Vendas: descreva o pedido." });
    const other = await createQueue(company.id, { name: "Outros", orderQueue: 2 });
    await offer(company.id, connection.id, sales.id, other.id);
    await deliver(inbound(connection.id, NUMBER, "oi"));
    await deliver(inbound(connection.id, NUMBER, "1"));
    const ticket = await ticketOf(company.id);
    // An agent wrote on it and gave it back to the queue (a transfer notice would do the same).
    await createMessageRow(company.id, { ticketId: ticket.id, contactId: ticket.contactId, body: "Já vejo isso.", fromMe: true });
    await deliver(inbound(connection.id, NUMBER, "#"));
    expect((await botSaid(company.id)).map((s) => s.kind)).toEqual(["queuesMenu", "queueGreeting", null]);
  });

  it("keeps the contact's words as the ticket's last message in the list and the bell while the bot answers; an agent's reply replaces them", async () => {
    const { company, connection, admin } = await botCompany();
    const sales = await createQueue(company.id, { name: "Vendas", orderQueue: 1 });
    const other = await createQueue(company.id, { name: "Outros", orderQueue: 2 });
    await offer(company.id, connection.id, sales.id, other.id);
    await deliver(inbound(connection.id, NUMBER, "Quero encomendar um bolo"));
    expect((await botSaid(company.id)).map((s) => s.kind)).toEqual(["queuesMenu"]);

    const ticket = await ticketOf(company.id);
    expect(ticket).toMatchObject({ lastMessage: "Quero encomendar um bolo", fromMe: false });
    const listed = (await call("GET", "/api/tickets?status=pending&showAll=true", { token: admin.token })).json.tickets[0];
    expect(listed).toMatchObject({ id: ticket.id, lastMessage: "Quero encomendar um bolo", lastMessageAck: null });
    const bell = (await call("GET", "/api/notifications", { token: admin.token })).json.records;
    expect(bell).toMatchObject([{ kind: "ticket", ticket: { id: ticket.id, lastMessage: "Quero encomendar um bolo" } }]);

    await call("PUT", `/api/tickets/${ticket.id}`, { token: admin.token, body: { status: "open", userId: admin.id } });
    const sent = await call("POST", `/api/messages/${ticket.id}`, { token: admin.token, body: { body: "Claro! De qual sabor?" } });
    expect(sent.status).toBe(201);
    expect(await ticketOf(company.id)).toMatchObject({ lastMessage: expect.stringContaining("Claro! De qual sabor?"), fromMe: true });
  });

  it("gives up after maxUseBotQueues menus and sends the ticket to sendIdQueue", async () => {
    const team = await companyWithTeam();
    const a = await createQueue(team.company.id, { name: "A" });
    const b = await createQueue(team.company.id, { name: "B" });
    const fallback = await createQueue(team.company.id, { name: "Geral" });
    const connection = await createConnection(team.company.id, { greetingMessage: "Menu", maxUseBotQueues: 2, timeUseBotQueues: 0, sendIdQueue: fallback.id });
    await offer(team.company.id, connection.id, a.id, b.id);
    for (const text of ["oi", "x", "y", "z"]) await deliver(inbound(connection.id, NUMBER, text));
    const said = await botSaid(team.company.id);
    expect(said.map((s) => s.kind)).toEqual(["queuesMenu", "invalidOption"]);
    expect(await ticketOf(team.company.id)).toMatchObject({ queueId: fallback.id, chatbot: false });
  });

  it("leaves contacts with disableBot alone", async () => {
    const { company, connection } = await botCompany();
    const { createContact } = await import("../../testing/inbox");
    await createContact(company.id, { number: NUMBER, disableBot: true });
    await deliver(inbound(connection.id, NUMBER, "oi"));
    expect(await botSaid(company.id)).toEqual([]);
  });

  it("answers out of service hours once per turn (scheduleType company)", async () => {
    const { company, connection } = await botCompany({ outOfHoursMessage: "Estamos fechados." });
    const closedAllWeek: WeekdaySchedule[] = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"].map((d) => ({
      weekday: d,
      weekdayEn: d,
      startTime: "",
      endTime: "",
    }));
    // As the companies API does: the control row changes, then the hub reads its copy again.
    await control.update(companies).set({ schedules: closedAllWeek }).where(eq(companies.id, company.id));
    await hubOf(company.id).companyChanged(company.id);
    await setSetting(company.id, "scheduleType", "company");
    await deliver(inbound(connection.id, NUMBER, "oi"));
    await deliver(inbound(connection.id, NUMBER, "oi de novo"));
    expect(await botSaid(company.id)).toEqual([{ kind: "outOfHours", body: "Estamos fechados." }]);
  });
});

describe("closing with a rating", () => {
  async function closedWithRating(conn: Parameters<typeof createConnection>[1] = { ratingMessage: "Avalie o atendimento:", complationMessage: "Obrigado, até logo!" }, settings: Record<string, string> = {}) {
    const team = await companyWithTeam();
    const connection = await createConnection(team.company.id, conn);
    await setSetting(team.company.id, "userRating", "enabled");
    for (const [key, value] of Object.entries(settings)) await setSetting(team.company.id, key, value);
    await deliver(inbound(connection.id, NUMBER, "oi"));
    const ticket = await ticketOf(team.company.id);
    await call("PUT", `/api/tickets/${ticket.id}`, { token: team.admin.token, body: { status: "open", userId: team.admin.id } });
    const closed = await call("PUT", `/api/tickets/${ticket.id}`, { token: team.admin.token, body: { status: "closed" } });
    expect(closed.status).toBe(200);
    return { ...team, connection, ticket };
  }

  it("sends the rating prompt on close, takes a reply of 1 to 3 as the rating, then says goodbye; the ticket stays closed", async () => {
    const { company, connection, admin, ticket } = await closedWithRating();
    await deliver(inbound(connection.id, NUMBER, "3"));
    const said = await botSaid(company.id);
    expect(said.map((s) => s.kind)).toEqual(["rating", "completion"]);
    expect(said[1]!.body).toBe("Obrigado, até logo!");
    expect(said[0]!.body).toContain("*[ 3 ]* - Muito satisfeito");
    expect(await inTenant(company.id, (db) => db.select().from(userRatings).where(eq(userRatings.ticketId, ticket.id)).all())).toMatchObject([{ rate: 3, userId: admin.id }]);
    expect(await ticketOf(company.id)).toMatchObject({ status: "closed" });
  });

  it("works as soon as userRating is on: with no rating message anywhere, the language's own prompt is sent", async () => {
    const { company, connection, admin, ticket } = await closedWithRating({ complationMessage: "Até logo!" });
    const said = await botSaid(company.id);
    expect(said).toEqual([
      {
        kind: "rating",
        body: "Como você avalia o nosso atendimento? Responda com o número de uma opção:\n\n*[ 1 ]* - Insatisfeito\n*[ 2 ]* - Satisfeito\n*[ 3 ]* - Muito satisfeito",
      },
    ]);
    await deliver(inbound(connection.id, NUMBER, "2"));
    expect((await botSaid(company.id)).map((s) => s.kind)).toEqual(["rating", "completion"]);
    expect(await inTenant(company.id, (db) => db.select().from(userRatings).where(eq(userRatings.ticketId, ticket.id)).all())).toMatchObject([{ rate: 2, userId: admin.id }]);
  });

  it("thanks the contact for a rating in the company's language when the connection has no completion message", async () => {
    const pt = await closedWithRating({ complationMessage: "" });
    await deliver(inbound(pt.connection.id, NUMBER, "3"));
    expect((await botSaid(pt.company.id)).at(-1)).toEqual({ kind: "completion", body: "Obrigado pela sua avaliação!" });
    const es = await closedWithRating({ complationMessage: "  " }, { language: "es" });
    await deliver(inbound(es.connection.id, NUMBER, "1"));
    expect((await botSaid(es.company.id)).at(-1)).toEqual({ kind: "completion", body: "¡Gracias por su calificación!" });
  });

  it("uses the company's rating message when the connection has none, and the connection's own when it has one", async () => {
    const company = await closedWithRating({}, { ratingMessage: "Dê uma nota para a Demo:" });
    expect((await botSaid(company.company.id))[0]!.body).toMatch(/^Dê uma nota para a Demo:\n\n\*\[ 1 \]\* - Insatisfeito/);
    const own = await closedWithRating({ ratingMessage: "Nota desta loja:" }, { ratingMessage: "Dê uma nota para a Demo:" });
    expect((await botSaid(own.company.id))[0]!.body).toMatch(/^Nota desta loja:\n\n/);
  });

  it("marks the contact's rating on its message, lists it in the ticket's history and on the contact", async () => {
    const { company, connection, admin, ticket } = await closedWithRating();
    await deliver(inbound(connection.id, NUMBER, "3"));
    const page = await call("GET", `/api/messages/${ticket.id}`, { token: admin.token });
    const reply = page.json.messages.find((m: { body: string; fromMe: boolean }) => !m.fromMe && m.body === "3");
    expect(reply).toMatchObject({ rating: 3 });
    expect(page.json.messages.filter((m: { rating: number | null }) => m.rating)).toHaveLength(1);

    const history = await call("GET", `/api/tickets/${ticket.id}/tracking`, { token: admin.token });
    expect(history.json.ratings).toMatchObject([{ rate: 3, user: { id: admin.id, name: admin.name } }]);

    const contact = await call("GET", `/api/contacts/${ticket.contactId}`, { token: admin.token });
    expect(contact.json).toMatchObject({ ticketCount: 1, ratings: { count: 1, average: 3, last: { rate: 3 } } });
    void company;
  });

  it("keeps anything else as an ordinary message, repeats the prompt once, then starts a new turn", async () => {
    const { company, connection, ticket } = await closedWithRating();
    await deliver(inbound(connection.id, NUMBER, "como assim?"));
    expect((await botSaid(company.id)).map((s) => s.kind)).toEqual(["rating", "ratingRepeat"]);
    expect(await ticketOf(company.id)).toMatchObject({ status: "closed" });
    await deliver(inbound(connection.id, NUMBER, "preciso de ajuda de novo"));
    expect(await ticketOf(company.id)).toMatchObject({ id: ticket.id, status: "pending", userId: null });
    expect(await inTenant(company.id, (db) => db.select().from(userRatings).where(eq(userRatings.ticketId, ticket.id)).all())).toHaveLength(0);
  });

  it("sends only the completion message when ratings are off", async () => {
    const team = await companyWithTeam();
    const connection = await createConnection(team.company.id, { ratingMessage: "Avalie:", complationMessage: "Até logo!" });
    await deliver(inbound(connection.id, NUMBER, "oi"));
    const ticket = await ticketOf(team.company.id);
    await call("PUT", `/api/tickets/${ticket.id}`, { token: team.admin.token, body: { status: "closed" } });
    expect((await botSaid(team.company.id)).map((s) => s.kind)).toEqual(["completion"]);
  });
});

describe("the company's language", () => {
  it("speaks English to contacts: the menus, an invalid option and the rating", async () => {
    const { company, connection, admin } = await botCompany({ greetingMessage: "Hi! Choose a department:", complationMessage: "Bye!" });
    await setSetting(company.id, "language", "en");
    await setSetting(company.id, "userRating", "enabled");
    const sales = await createQueue(company.id, { name: "Sales", orderQueue: 1, greetingMessage: "Sales:" });
    const other = await createQueue(company.id, { name: "Other", orderQueue: 2 });
    await offer(company.id, connection.id, sales.id, other.id);
    const plans = await option(company.id, sales.id, null, "1", "Plans", "Our plans:");
    await option(company.id, sales.id, plans.id, "1", "Basic", "10 a month.");
    await option(company.id, sales.id, plans.id, "2", "Pro", "50 a month.");
    for (const text of ["hello", "1", "1", "9"]) await deliver(inbound(connection.id, NUMBER, text));

    const said = await botSaid(company.id);
    expect(said.map((s) => s.kind)).toEqual(["queuesMenu", "optionsMenu", "optionsMenu", "invalidOption"]);
    expect(said[2]!.body).toBe("Our plans:\n\n*[ 1 ]* - Basic\n*[ 2 ]* - Pro\n*[ 0 ]* - Back\n*[ # ]* - Main menu");
    expect(said[3]!.body).toMatch(/^Invalid option\. Please choose one of the menu options\.\n\nOur plans:/);

    const ticket = await ticketOf(company.id);
    await call("PUT", `/api/tickets/${ticket.id}`, { token: admin.token, body: { status: "open", userId: admin.id } });
    await call("PUT", `/api/tickets/${ticket.id}`, { token: admin.token, body: { status: "closed" } });
    expect((await botSaid(company.id)).at(-1)).toEqual({
      kind: "rating",
      body: "How would you rate our service? Reply with the number of an option:\n\n*[ 1 ]* - Unsatisfied\n*[ 2 ]* - Satisfied\n*[ 3 ]* - Very satisfied",
    });
  });

  it("says the agent's greeting and the transfer notice in Spanish", async () => {
    const { company, connection, admin, agent } = await botCompany();
    await setSetting(company.id, "language", "es");
    await setSetting(company.id, "sendGreetingAccepted", "enabled");
    await setSetting(company.id, "sendMsgTransfTicket", "enabled");
    const { createContact } = await import("../../testing/inbox");
    await createContact(company.id, { number: NUMBER, name: "Lucía", disableBot: true });
    await deliver(inbound(connection.id, NUMBER, "hola"));
    const ticket = await ticketOf(company.id);
    await call("PUT", `/api/tickets/${ticket.id}`, { token: admin.token, body: { status: "open", userId: admin.id } });
    await call("PUT", `/api/tickets/${ticket.id}`, { token: admin.token, body: { userId: agent.id } });
    const said = (await botSaid(company.id)).map((s) => s.body);
    expect(said).toEqual([
      `Hola *Lucía*, mi nombre es *${admin.name}* y a partir de ahora continuaré con su atención.`,
      `*Mensaje automático*:\nUsted fue transferido al agente *${agent.name}*\nEspere, ¡ya lo atenderemos!`,
    ]);
  });

  it("refuses a language it does not speak", async () => {
    const { admin } = await companyWithTeam();
    expect((await call("PUT", "/api/settings/language", { token: admin.token, body: { value: "fr" } })).status).toBe(400);
    expect((await call("PUT", "/api/settings/language", { token: admin.token, body: { value: "es" } })).status).toBe(200);
  });
});
