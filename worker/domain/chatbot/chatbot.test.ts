import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { companies } from "../../db/controlSchema";
import type { WeekdaySchedule } from "../../db/schema";
import { messages, queueOptions, tickets, userRatings, whatsappQueues } from "../../db/tenantSchema";
import { deliver, inbound } from "../../testing/bridge";
import { call, companyWithTeam, control, createQueue, hubOf, inTenant, setSetting, testEnv } from "../../testing/fixtures";
import { createConnection } from "../../testing/inbox";

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
  async function closedWithRating() {
    const team = await companyWithTeam();
    const connection = await createConnection(team.company.id, { ratingMessage: "Avalie o atendimento:", complationMessage: "Obrigado, até logo!" });
    await setSetting(team.company.id, "userRating", "enabled");
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
    expect(said[0]!.body).toContain("*[ 3 ]* - Muito satisfeito");
    expect(await inTenant(company.id, (db) => db.select().from(userRatings).where(eq(userRatings.ticketId, ticket.id)).all())).toMatchObject([{ rate: 3, userId: admin.id }]);
    expect(await ticketOf(company.id)).toMatchObject({ status: "closed" });
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
