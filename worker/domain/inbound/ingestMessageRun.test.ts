import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { messages, tickets, whatsappQueues } from "../../db/tenant";
import { deliver, inbound } from "../../testing/bridge";
import { companyWithTeam, createQueue, inTenant } from "../../testing/fixtures";
import { createConnection, createContact, createTicketRow } from "../../testing/inbox";
import { connect } from "../../testing/sockets";

const messagesInOrder = (companyId: number) =>
  inTenant(companyId, (db) => db.select().from(messages).where(eq(messages.companyId, companyId)).orderBy(asc(messages.id)).all());
const ticketsOf = (companyId: number) => inTenant(companyId, (db) => db.select().from(tickets).where(eq(tickets.companyId, companyId)).all());

describe("messages arriving together in one batch", () => {
  it("keeps the order of arrival when messages on an agent's ticket and a new number's first messages interleave", async () => {
    const { company, agent } = await companyWithTeam();
    const conn = await createConnection(company.id);
    const known = await createContact(company.id, { number: "5511987651001" });
    const attended = await createTicketRow(company.id, { contactId: known.id, whatsappId: conn.id, status: "open", userId: agent.id });
    const stranger = "5511987651002";

    await deliver(
      inbound(conn.id, known.number, "a1"),
      inbound(conn.id, stranger, "b1", { name: "Novo Cliente" }),
      inbound(conn.id, known.number, "a2"),
      inbound(conn.id, stranger, "b2"),
      inbound(conn.id, known.number, "a3"),
    );

    expect((await messagesInOrder(company.id)).map((m) => m.body)).toEqual(["a1", "b1", "a2", "b2", "a3"]);
    const all = await ticketsOf(company.id);
    expect(all).toHaveLength(2);
    expect(all.find((t) => t.id === attended.id)).toMatchObject({ status: "open", userId: agent.id, unreadMessages: 3, lastMessage: "a3" });
    expect(all.find((t) => t.id !== attended.id)).toMatchObject({ status: "pending", userId: null, unreadMessages: 2, lastMessage: "b2" });
  });

  it("stores a message sent twice in one batch, or in a batch delivered again, once, and counts it once", async () => {
    const { company, agent } = await companyWithTeam();
    const conn = await createConnection(company.id);
    const contact = await createContact(company.id, { number: "5511987651003" });
    await createTicketRow(company.id, { contactId: contact.id, whatsappId: conn.id, status: "open", userId: agent.id });
    const first = inbound(conn.id, contact.number, "primeira");
    const second = inbound(conn.id, contact.number, "segunda");

    await deliver(first, first, second);
    await deliver(first, second);

    expect((await messagesInOrder(company.id)).map((m) => m.body)).toEqual(["primeira", "segunda"]);
    expect((await ticketsOf(company.id))[0]).toMatchObject({ unreadMessages: 2, lastMessage: "segunda" });
  });

  it("counts the contact's own messages as unread but not those sent from the phone", async () => {
    const { company, agent } = await companyWithTeam();
    const conn = await createConnection(company.id);
    const contact = await createContact(company.id, { number: "5511987651004" });
    await createTicketRow(company.id, { contactId: contact.id, whatsappId: conn.id, status: "open", userId: agent.id });

    await deliver(inbound(conn.id, contact.number, "pergunta"), inbound(conn.id, contact.number, "resposta pelo celular", { fromMe: true }));

    expect((await ticketsOf(company.id))[0]).toMatchObject({ unreadMessages: 1, lastMessage: "resposta pelo celular", fromMe: true });
    expect((await messagesInOrder(company.id)).map((m) => [m.body, m.fromMe, m.read])).toEqual([
      ["pergunta", false, false],
      ["resposta pelo celular", true, true],
    ]);
  });

  it("tells the agent watching the chat every message, in order, and updates the ticket in the list", async () => {
    const { company, agent } = await companyWithTeam();
    const conn = await createConnection(company.id);
    const contact = await createContact(company.id, { number: "5511987651005" });
    const ticket = await createTicketRow(company.id, { contactId: contact.id, whatsappId: conn.id, status: "open", userId: agent.id });
    const socket = await connect(agent.token);
    socket.send({ type: "joinChatBox", ticketId: ticket.id });
    await socket.quiet(100);

    await deliver(inbound(conn.id, contact.number, "um"), inbound(conn.id, contact.number, "dois"), inbound(conn.id, contact.number, "três"));

    const created = [];
    for (let i = 0; i < 3; i++) created.push(await socket.next((e) => e.type === "appMessage" && e.action === "create"));
    expect(created.map((e) => (e as { message: { body: string; ticketId: number } }).message)).toMatchObject([
      { body: "um", ticketId: ticket.id },
      { body: "dois", ticketId: ticket.id },
      { body: "três", ticketId: ticket.id },
    ]);
    const update = await socket.next((e) => e.type === "ticket" && e.action === "update");
    expect(update).toMatchObject({ ticket: { id: ticket.id, lastMessage: "três", unreadMessages: 3 } });
    socket.ws.close();
  });

  it("hands a message to the chatbot when the contact's ticket waits without an agent, and the next ones after it", async () => {
    const { company } = await companyWithTeam();
    const conn = await createConnection(company.id, { greetingMessage: "Escolha:" });
    const sales = await createQueue(company.id, { name: "Vendas", orderQueue: 1 });
    const support = await createQueue(company.id, { name: "Suporte", orderQueue: 2 });
    await inTenant(company.id, (db) => db.insert(whatsappQueues).values([sales, support].map((q) => ({ whatsappId: conn.id, queueId: q.id }))).run());
    const contact = await createContact(company.id, { number: "5511987651006" });
    const waiting = await createTicketRow(company.id, { contactId: contact.id, whatsappId: conn.id, status: "pending", userId: null });

    // "2" picks Suporte; the message after it lands on the ticket the bot changed, in order.
    await deliver(inbound(conn.id, contact.number, "2"), inbound(conn.id, contact.number, "minha internet caiu"));

    const [ticket] = await ticketsOf(company.id);
    expect(ticket).toMatchObject({ id: waiting.id, status: "pending", queueId: support.id, unreadMessages: 2, lastMessage: "minha internet caiu" });
    const stored = (await messagesInOrder(company.id)).filter((m) => !m.fromMe);
    expect(stored.map((m) => [m.body, m.queueId])).toEqual([
      ["2", null],
      ["minha internet caiu", support.id],
    ]);
  });

  it("gives the chatbot its turn on every waiting ticket of a batch, a sender's next message after that turn", async () => {
    const { company } = await companyWithTeam();
    const conn = await createConnection(company.id, { greetingMessage: "Escolha:" });
    const sales = await createQueue(company.id, { name: "Vendas", orderQueue: 1 });
    const support = await createQueue(company.id, { name: "Suporte", orderQueue: 2 });
    await inTenant(company.id, (db) => db.insert(whatsappQueues).values([sales, support].map((q) => ({ whatsappId: conn.id, queueId: q.id }))).run());
    const [x, y] = await Promise.all([createContact(company.id, { number: "5511987651007" }), createContact(company.id, { number: "5511987651008" })]);
    const [tx, ty] = await Promise.all(
      [x, y].map((c) => createTicketRow(company.id, { contactId: c!.id, whatsappId: conn.id, status: "pending", userId: null })),
    );

    await deliver(inbound(conn.id, x.number, "oi"), inbound(conn.id, y.number, "1"), inbound(conn.id, x.number, "2"));

    const stored = await messagesInOrder(company.id);
    const conversation = (ticketId: number) => stored.filter((m) => m.ticketId === ticketId).map((m) => (m.fromMe ? `bot: ${m.body.split("\n")[0]}` : m.body));
    // X wrote before seeing a menu: the bot offers it, then X's choice is read against it.
    expect(conversation(tx!.id)).toEqual(["oi", "bot: Escolha:", "2"]);
    expect(conversation(ty!.id)).toEqual(["1"]);
    const byId = new Map((await ticketsOf(company.id)).map((t) => [t.id, t]));
    expect(byId.get(tx!.id)).toMatchObject({ queueId: support.id, unreadMessages: 2 });
    expect(byId.get(ty!.id)).toMatchObject({ queueId: sales.id, unreadMessages: 1 });
  });
});
