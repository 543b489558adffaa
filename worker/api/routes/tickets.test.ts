import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { contacts, messages, tags, ticketTracking, tickets } from "../../db/tenant";
import { MAX_FILTER_IDS, openTicketConflict } from "../../contracts/tickets";
import { call, companyWithTeam, inTenant, setSetting, testEnv } from "../../testing/fixtures";
import { createContact, createMessageRow, createTicketRow, inboxCompany } from "../../testing/inbox";
import { createTag, tagTicket } from "../../testing/records";
import { connect } from "../../testing/sockets";

/** Ids far above any company's range (company N's start at (N - 1) x 10^9), so none of them matches a row. */
const unknownIds = (n: number) => Array.from({ length: n }, (_, i) => 9_000_000_000_000 + i);

describe("POST /api/tickets", () => {
  it("opens a ticket for the contact, assigned to the agent, and records its history", async () => {
    const { company, agent, contact, sales, connection } = await inboxCompany();
    const res = await call("POST", "/api/tickets", { token: agent.token, body: { contactId: contact.id, queueId: sales.id } });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      status: "open",
      userId: agent.id,
      queueId: sales.id,
      whatsappId: connection.id,
      contact: { id: contact.id, name: contact.name },
      queue: { id: sales.id, name: "Vendas" },
      tags: [],
    });
    const history = await inTenant(company.id, (db) => db.select().from(ticketTracking).where(eq(ticketTracking.ticketId, res.json.id)).all());
    expect(history).toMatchObject([{ action: "create", toStatus: "open", toUserId: agent.id, byUserId: agent.id }]);
  });

  it("requires a queue from a non-admin ('Selecione uma fila') and writes nothing", async () => {
    const { company, agent, contact } = await inboxCompany();
    const res = await call("POST", "/api/tickets", { token: agent.token, body: { contactId: contact.id } });
    expect(res.status).toBe(400);
    expect(res.json.fields.queueId).toBe("Selecione uma fila");
    expect(await inTenant(company.id, (db) => db.select().from(tickets).where(eq(tickets.companyId, company.id)).all())).toHaveLength(0);
  });

  it("lets an admin open a ticket without a queue", async () => {
    const { admin, contact } = await inboxCompany();
    const res = await call("POST", "/api/tickets", { token: admin.token, body: { contactId: contact.id } });
    expect(res.status).toBe(201);
    expect(res.json.queueId).toBeNull();
  });

  it("answers ERR_OTHER_OPEN_TICKET naming the owner and queue when the contact already has one", async () => {
    const { agent, supervisor, contact, sales } = await inboxCompany();
    const first = await call("POST", "/api/tickets", { token: agent.token, body: { contactId: contact.id, queueId: sales.id } });
    const second = await call("POST", "/api/tickets", { token: supervisor.token, body: { contactId: contact.id, queueId: sales.id } });
    expect(second.status).toBe(409);
    expect(second.json).toMatchObject({
      error: "ERR_OTHER_OPEN_TICKET",
      ticket: { id: first.json.id, uuid: first.json.uuid, user: { id: agent.id, name: agent.name }, queue: { id: sales.id, name: "Vendas" } },
    });
  });

  it("tells an agent who may not see the contact's live ticket which queue holds it, but not who has it nor the ticket", async () => {
    const { admin, agent, contact, sales, support } = await inboxCompany();
    const held = await call("POST", "/api/tickets", { token: admin.token, body: { contactId: contact.id, queueId: support.id } });
    expect(held.status).toBe(201);
    const res = await call("POST", "/api/tickets", { token: agent.token, body: { contactId: contact.id, queueId: sales.id } });
    expect(res.status).toBe(409);
    expect(res.json.error).toBe("ERR_OTHER_OPEN_TICKET");
    expect(res.json.ticket).toBeUndefined();
    // Issue 31 §4: the queue is said, so the agent can ask for a transfer instead of being stuck.
    expect(openTicketConflict.parse(res.json)).toEqual({ holder: { status: "open", queue: { id: support.id, name: "Suporte" }, user: null } });
    const said = JSON.stringify(res.json);
    for (const secret of [held.json.uuid, admin.name, `"id":${held.json.id}`]) expect(said).not.toContain(secret);
  });

  it("names the holder to someone who may see the ticket, in the same typed detail", async () => {
    const { agent, supervisor, contact, sales } = await inboxCompany();
    await call("POST", "/api/tickets", { token: agent.token, body: { contactId: contact.id, queueId: sales.id } });
    const res = await call("POST", "/api/tickets", { token: supervisor.token, body: { contactId: contact.id, queueId: sales.id } });
    expect(openTicketConflict.parse(res.json).holder).toEqual({ status: "open", queue: { id: sales.id, name: "Vendas" }, user: { id: agent.id, name: agent.name } });
  });

  it("creates exactly one ticket when twenty requests for the same contact arrive at once", async () => {
    const { company, admin, contact } = await inboxCompany();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => call("POST", "/api/tickets", { token: admin.token, body: { contactId: contact.id } })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const rows = await inTenant(company.id, (db) => db.select().from(tickets).where(and(eq(tickets.companyId, company.id), eq(tickets.contactId, contact.id))).all());
    expect(rows).toHaveLength(1);
  });

  it("does not reveal another company's contact", async () => {
    const { contact } = await inboxCompany();
    const other = await inboxCompany();
    const res = await call("POST", "/api/tickets", { token: other.admin.token, body: { contactId: contact.id } });
    expect(res.status).toBe(404);
    expect(res.json.error).toBe("ERR_NO_CONTACT_FOUND");
  });

  it("refuses malformed bodies with a 400 naming the field", async () => {
    const { admin } = await inboxCompany();
    const res = await call("POST", "/api/tickets", { token: admin.token, body: { contactId: "abc" } });
    expect(res.status).toBe(400);
    expect(res.json.fields).toHaveProperty("contactId");
  });
});

describe("the company's database", () => {
  it("stores nothing of a batch whose last statement fails", async () => {
    const { company, contact } = await inboxCompany();
    const outcome = await inTenant(company.id, (db) => {
      let written: Promise<unknown>;
      try {
        written = db.batch([
          db.insert(tickets).values({ companyId: company.id, contactId: contact.id, status: "open", lastMessage: "batch" }),
          db.insert(tags).values({ companyId: company.id, name: `Lote ${contact.id}`, color: "#123456" }),
          // The company already has a contact with this number (contacts_company_number_uq).
          db.insert(contacts).values({ companyId: company.id, name: "Duplicado", number: contact.number }),
        ]);
      } catch {
        return "threw instead of rejecting";
      }
      return written.then(
        () => "stored",
        (err: unknown) => (String(err).includes("UNIQUE") ? "rejected" : String(err)),
      );
    });
    expect(outcome).toBe("rejected");
    expect(await inTenant(company.id, (db) => db.select().from(tickets).where(eq(tickets.contactId, contact.id)).all())).toEqual([]);
    expect(await inTenant(company.id, (db) => db.select().from(tags).where(eq(tags.name, `Lote ${contact.id}`)).all())).toEqual([]);
    expect(await inTenant(company.id, (db) => db.select().from(contacts).where(eq(contacts.number, contact.number)).all())).toHaveLength(1);
  });
});

describe("PUT /api/tickets/:id", () => {
  async function pendingTicket() {
    const ctx = await inboxCompany();
    const ticket = await createTicketRow(ctx.company.id, { contactId: ctx.contact.id, queueId: ctx.sales.id, whatsappId: ctx.connection.id });
    return { ...ctx, ticket };
  }

  it("accepts a pending ticket: open, assigned to the agent, history recorded", async () => {
    const { agent, ticket } = await pendingTicket();
    const res = await call("PUT", `/api/tickets/${ticket.id}`, { token: agent.token, body: { status: "open", userId: agent.id } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "open", userId: agent.id, user: { name: agent.name } });
    const history = await inTenant(ticket.companyId, (db) => db.select().from(ticketTracking).where(eq(ticketTracking.ticketId, ticket.id)).all());
    expect(history).toMatchObject([{ action: "accept", fromStatus: "pending", toStatus: "open", toUserId: agent.id }]);
  });

  it("lets exactly one of two agents accepting at once win; the other learns who has it", async () => {
    const { agent, supervisor, ticket } = await pendingTicket();
    const [a, b] = await Promise.all([
      call("PUT", `/api/tickets/${ticket.id}`, { token: agent.token, body: { status: "open", userId: agent.id } }),
      call("PUT", `/api/tickets/${ticket.id}`, { token: supervisor.token, body: { status: "open", userId: supervisor.id } }),
    ]);
    const winner = a.status === 200 ? a : b;
    const loser = a.status === 200 ? b : a;
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(loser.json).toMatchObject({ error: "ERR_OTHER_OPEN_TICKET", ticket: { user: { id: winner.json.userId } } });
    const row = await inTenant(ticket.companyId, (db) => db.select().from(tickets).where(eq(tickets.id, ticket.id)).get());
    expect(row?.userId).toBe(winner.json.userId);
  });

  it("posts the greeting with the agent's name once when sendGreetingAccepted is enabled", async () => {
    const { company, agent, ticket, contact } = await pendingTicket();
    await setSetting(company.id, "sendGreetingAccepted", "enabled");
    await call("PUT", `/api/tickets/${ticket.id}`, { token: agent.token, body: { status: "open", userId: agent.id } });
    await call("PUT", `/api/tickets/${ticket.id}`, { token: agent.token, body: { status: "open", userId: agent.id } });
    const sent = await inTenant(ticket.companyId, (db) => db.select().from(messages).where(eq(messages.ticketId, ticket.id)).all());
    expect(sent).toHaveLength(1);
    // Automatic: no agent typed it, so the chat shows it as the bot's.
    expect(sent[0]).toMatchObject({ fromMe: true, ack: 0, sentByBot: true, userId: null });
    expect(sent[0]!.body).toContain(agent.name);
    expect(sent[0]!.body).toContain(contact.name);
  });

  it("returns an open ticket to pending with no user", async () => {
    const { agent, ticket } = await pendingTicket();
    await call("PUT", `/api/tickets/${ticket.id}`, { token: agent.token, body: { status: "open" } });
    const res = await call("PUT", `/api/tickets/${ticket.id}`, { token: agent.token, body: { status: "pending", userId: null } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "pending", userId: null });
  });

  it("resolves (closes) a ticket and reopens it for the current user", async () => {
    const { agent, supervisor, ticket } = await pendingTicket();
    await call("PUT", `/api/tickets/${ticket.id}`, { token: agent.token, body: { status: "open" } });
    const closed = await call("PUT", `/api/tickets/${ticket.id}`, { token: agent.token, body: { status: "closed" } });
    expect(closed.json).toMatchObject({ status: "closed", userId: agent.id });
    const reopened = await call("PUT", `/api/tickets/${ticket.id}`, { token: supervisor.token, body: { status: "open" } });
    expect(reopened.status).toBe(200);
    expect(reopened.json).toMatchObject({ status: "open", userId: supervisor.id });
  });

  it("leaves nothing unread on a resolved ticket", async () => {
    const { company, agent, ticket } = await pendingTicket();
    await call("PUT", `/api/tickets/${ticket.id}`, { token: agent.token, body: { status: "open" } });
    await createMessageRow(company.id, { ticketId: ticket.id, body: "ainda aí?", read: false });
    await inTenant(company.id, (db) => db.update(tickets).set({ unreadMessages: 3 }).where(eq(tickets.id, ticket.id)).run());
    const closed = await call("PUT", `/api/tickets/${ticket.id}`, { token: agent.token, body: { status: "closed" } });
    expect(closed.json).toMatchObject({ status: "closed", unreadMessages: 0 });
    const unread = await inTenant(company.id, (db) =>
      db.select().from(messages).where(and(eq(messages.ticketId, ticket.id), eq(messages.read, false))).all(),
    );
    expect(unread).toEqual([]);
  });

  it("refuses to reopen a closed ticket while the contact has another live one", async () => {
    const { company, admin, ticket, contact, connection } = await pendingTicket();
    await inTenant(ticket.companyId, (db) => db.update(tickets).set({ status: "closed" }).where(eq(tickets.id, ticket.id)).run());
    await createTicketRow(company.id, { contactId: contact.id, whatsappId: connection.id, status: "pending" });
    const res = await call("PUT", `/api/tickets/${ticket.id}`, { token: admin.token, body: { status: "open" } });
    expect(res.status).toBe(409);
    expect(res.json.error).toBe("ERR_OTHER_OPEN_TICKET");
  });

  it("transfers to another queue with no user: pending, and posts the notice when enabled", async () => {
    const { company, agent, ticket, support } = await pendingTicket();
    await setSetting(company.id, "sendMsgTransfTicket", "enabled");
    await call("PUT", `/api/tickets/${ticket.id}`, { token: agent.token, body: { status: "open" } });
    const res = await call("PUT", `/api/tickets/${ticket.id}`, {
      token: agent.token,
      body: { userId: null, queueId: support.id, status: "pending" },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "pending", userId: null, queueId: support.id });
    const notice = await inTenant(ticket.companyId, (db) => db.select().from(messages).where(eq(messages.ticketId, ticket.id)).all());
    expect(notice.at(-1)?.body).toContain("Suporte");
  });

  it("moves a transferred ticket out of the agent's sight and into the new owner's, live", async () => {
    const { admin, agent, supervisor, ticket, support } = await pendingTicket();
    const agentSocket = await connect(agent.token);
    const adminSocket = await connect(admin.token);
    await call("PUT", `/api/tickets/${ticket.id}`, { token: agent.token, body: { status: "open" } });
    await agentSocket.next((e) => e.type === "ticket" && e.action === "update" && e.ticket.status === "open");
    await call("PUT", `/api/tickets/${ticket.id}`, { token: agent.token, body: { userId: admin.id, queueId: support.id, status: "open" } });
    // The agent still hears of it (it leaves their list) and the admin sees it arrive.
    const left = await agentSocket.next((e) => e.type === "ticket" && e.action === "update" && e.ticket.queueId === support.id);
    expect(left).toMatchObject({ ticket: { userId: admin.id } });
    await adminSocket.next((e) => e.type === "ticket" && e.action === "update" && e.ticket.userId === admin.id);
    // A later change to it no longer reaches the agent, who cannot see the Suporte queue.
    const supervisorSocket = await connect(supervisor.token);
    await call("PUT", `/api/tickets/${ticket.id}`, { token: admin.token, body: { status: "closed" } });
    await adminSocket.next((e) => e.type === "ticket" && e.action === "update" && e.ticket.status === "closed");
    expect((await agentSocket.quiet()).some((e) => e.type === "ticket")).toBe(false);
    expect((await supervisorSocket.quiet()).some((e) => e.type === "ticket")).toBe(false);
  });

  it("does not let an agent touch a ticket of a queue they are not in", async () => {
    const { company, agent, contact, support } = await inboxCompany();
    const ticket = await createTicketRow(company.id, { contactId: contact.id, queueId: support.id });
    const res = await call("PUT", `/api/tickets/${ticket.id}`, { token: agent.token, body: { status: "open" } });
    expect(res.status).toBe(403);
  });

  it("does not let an agent close or transfer a colleague's open ticket", async () => {
    const { company, agent, supervisor, contact, sales, support } = await inboxCompany();
    const ticket = await createTicketRow(company.id, { contactId: contact.id, queueId: sales.id, status: "open", userId: supervisor.id });
    expect((await call("PUT", `/api/tickets/${ticket.id}`, { token: agent.token, body: { status: "closed" } })).status).toBe(403);
    expect((await call("PUT", `/api/tickets/${ticket.id}`, { token: agent.token, body: { queueId: support.id } })).status).toBe(403);
  });

  it("answers 404 for another company's ticket and changes nothing", async () => {
    const { ticket } = await pendingTicket();
    const other = await companyWithTeam();
    const res = await call("PUT", `/api/tickets/${ticket.id}`, { token: other.admin.token, body: { status: "closed" } });
    expect(res.status).toBe(404);
    expect((await inTenant(ticket.companyId, (db) => db.select().from(tickets).where(eq(tickets.id, ticket.id)).get()))?.status).toBe("pending");
  });

  it("refuses an empty or malformed update", async () => {
    const { admin, ticket } = await pendingTicket();
    expect((await call("PUT", `/api/tickets/${ticket.id}`, { token: admin.token, body: {} })).status).toBe(400);
    expect((await call("PUT", `/api/tickets/${ticket.id}`, { token: admin.token, body: { status: "solved" } })).status).toBe(400);
    expect((await call("PUT", `/api/tickets/abc`, { token: admin.token, body: { status: "open" } })).status).toBe(404);
  });
});

describe("DELETE /api/tickets/:id", () => {
  it("lets an admin delete a ticket with its messages, and tells the agents", async () => {
    const { company, admin, contact, sales } = await inboxCompany();
    const ticket = await createTicketRow(company.id, { contactId: contact.id, queueId: sales.id });
    await createMessageRow(company.id, { ticketId: ticket.id });
    const socket = await connect(admin.token);
    const res = await call("DELETE", `/api/tickets/${ticket.id}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(await socket.next((e) => e.type === "ticket" && e.action === "delete")).toMatchObject({ ticketId: ticket.id });
    expect(await inTenant(company.id, (db) => db.select().from(messages).where(eq(messages.ticketId, ticket.id)).all())).toHaveLength(0);
  });

  it("removes the ticket's message files from storage, but not a file a forwarded copy still uses", async () => {
    const { company, admin, contact, sales } = await inboxCompany();
    const ticket = await createTicketRow(company.id, { contactId: contact.id, queueId: sales.id });
    const other = await createTicketRow(company.id, { contactId: (await createContact(company.id)).id, queueId: sales.id });
    const own = `companies/${company.id}/messages/a/foto.png`;
    const shared = `companies/${company.id}/messages/b/doc.pdf`;
    await testEnv.MEDIA.put(own, "x");
    await testEnv.MEDIA.put(shared, "y");
    await createMessageRow(company.id, { ticketId: ticket.id, mediaType: "image", mediaUrl: own });
    await createMessageRow(company.id, { ticketId: ticket.id, mediaType: "application", mediaUrl: shared });
    await createMessageRow(company.id, { ticketId: other.id, mediaType: "application", mediaUrl: shared, isForwarded: true });

    expect((await call("DELETE", `/api/tickets/${ticket.id}`, { token: admin.token })).status).toBe(200);
    await vi.waitFor(async () => expect(await testEnv.MEDIA.head(own)).toBeNull(), { timeout: 3000 });
    expect(await testEnv.MEDIA.head(shared)).not.toBeNull();
  });

  it("is refused to agents and supervisors (403) and to other companies (404)", async () => {
    const { company, agent, supervisor, contact, sales } = await inboxCompany();
    const ticket = await createTicketRow(company.id, { contactId: contact.id, queueId: sales.id });
    expect((await call("DELETE", `/api/tickets/${ticket.id}`, { token: agent.token })).status).toBe(403);
    expect((await call("DELETE", `/api/tickets/${ticket.id}`, { token: supervisor.token })).status).toBe(403);
    const other = await companyWithTeam();
    expect((await call("DELETE", `/api/tickets/${ticket.id}`, { token: other.admin.token })).status).toBe(404);
    expect(await inTenant(company.id, (db) => db.select().from(tickets).where(eq(tickets.id, ticket.id)).all())).toHaveLength(1);
  });
});

describe("GET /api/tickets/:id and /api/tickets/u/:uuid", () => {
  it("opens a ticket of one's queue by id and by uuid", async () => {
    const { company, agent, contact, sales } = await inboxCompany();
    const ticket = await createTicketRow(company.id, { contactId: contact.id, queueId: sales.id });
    expect((await call("GET", `/api/tickets/${ticket.id}`, { token: agent.token })).json.uuid).toBe(ticket.uuid);
    expect((await call("GET", `/api/tickets/u/${ticket.uuid}`, { token: agent.token })).json.id).toBe(ticket.id);
  });

  it("answers 'Acesso não permitido' for another queue's ticket and 404 for another company's", async () => {
    const { company, agent, contact, support } = await inboxCompany();
    const ticket = await createTicketRow(company.id, { contactId: contact.id, queueId: support.id });
    const res = await call("GET", `/api/tickets/${ticket.id}`, { token: agent.token });
    expect(res.status).toBe(403);
    expect(res.json.message).toBe("Acesso não permitido");
    const other = await companyWithTeam();
    expect((await call("GET", `/api/tickets/u/${ticket.uuid}`, { token: other.admin.token })).status).toBe(404);
    expect((await call("GET", `/api/tickets/u/not-a-uuid`, { token: agent.token })).status).toBe(404);
  });
});

describe("GET /api/tickets", () => {
  it("lists the waiting tab with what the agent may see, newest first, with a count", async () => {
    const { company, agent, contact, sales, support } = await inboxCompany();
    const c2 = await createContact(company.id);
    const c3 = await createContact(company.id);
    const older = await createTicketRow(company.id, { contactId: contact.id, queueId: sales.id, updatedAt: new Date(Date.now() - 60_000) });
    const newer = await createTicketRow(company.id, { contactId: c2.id, queueId: sales.id });
    await createTicketRow(company.id, { contactId: c3.id, queueId: support.id }); // another queue: not the agent's
    const res = await call("GET", "/api/tickets?status=pending", { token: agent.token });
    expect(res.status).toBe(200);
    expect(res.json.tickets.map((t: { id: number }) => t.id)).toEqual([newer.id, older.id]);
    expect(res.json).toMatchObject({ count: 2, hasMore: false });
  });

  it("shows the open tab as the agent's own tickets unless show-all is allowed and on", async () => {
    const { company, admin, agent, supervisor, contact, sales } = await inboxCompany();
    const c2 = await createContact(company.id);
    await createTicketRow(company.id, { contactId: contact.id, queueId: sales.id, status: "open", userId: agent.id });
    await createTicketRow(company.id, { contactId: c2.id, queueId: sales.id, status: "open", userId: supervisor.id });
    expect((await call("GET", "/api/tickets?status=open", { token: agent.token })).json.count).toBe(1);
    // Agents cannot widen it; supervisors and admins can.
    expect((await call("GET", "/api/tickets?status=open&showAll=true", { token: agent.token })).json.count).toBe(1);
    expect((await call("GET", "/api/tickets?status=open&showAll=true", { token: supervisor.token })).json.count).toBe(2);
    expect((await call("GET", "/api/tickets?status=open&showAll=true", { token: admin.token })).json.count).toBe(2);
  });

  it("gives each ticket the delivery state of its last message when we sent it, for the preview's ticks", async () => {
    const { company, agent, contact, sales } = await inboxCompany();
    const c2 = await createContact(company.id);
    const ours = await createTicketRow(company.id, { contactId: contact.id, queueId: sales.id, status: "open", userId: agent.id });
    const theirs = await createTicketRow(company.id, { contactId: c2.id, queueId: sales.id, status: "open", userId: agent.id });
    const at = (s: number) => new Date(Date.now() - s * 1000);
    await createMessageRow(company.id, { ticketId: ours.id, body: "oi", createdAt: at(30) });
    await createMessageRow(company.id, { ticketId: ours.id, body: "olá!", fromMe: true, ack: 3, createdAt: at(20) });
    // A reaction afterwards is not the last message.
    await createMessageRow(company.id, { ticketId: ours.id, body: "👍", mediaType: "reactionMessage", createdAt: at(10) });
    await createMessageRow(company.id, { ticketId: theirs.id, body: "olá!", fromMe: true, ack: 2, createdAt: at(20) });
    await createMessageRow(company.id, { ticketId: theirs.id, body: "obrigado", createdAt: at(10) });
    const list = (await call("GET", "/api/tickets?status=open", { token: agent.token })).json.tickets;
    expect(list.find((t: { id: number }) => t.id === ours.id).lastMessageAck).toBe(3);
    expect(list.find((t: { id: number }) => t.id === theirs.id).lastMessageAck).toBeNull();
  });

  it("refuses the closed and group tabs to agents unless the company enables them", async () => {
    const { company, agent } = await inboxCompany();
    expect((await call("GET", "/api/tickets?status=closed", { token: agent.token })).status).toBe(403);
    expect((await call("GET", "/api/tickets?status=group", { token: agent.token })).status).toBe(403);
    await setSetting(company.id, "viewclosed", "enabled");
    expect((await call("GET", "/api/tickets?status=closed", { token: agent.token })).status).toBe(200);
  });

  it("finds tickets by a word in a message or the contact's name, with accents ignored", async () => {
    const { company, admin, contact, sales } = await inboxCompany();
    const named = await createContact(company.id, { name: "Joaquina Brandão" });
    const byMessage = await createTicketRow(company.id, { contactId: contact.id, queueId: sales.id });
    await createMessageRow(company.id, { ticketId: byMessage.id, body: "Meu pedido de paralelepípedo não chegou" });
    const byName = await createTicketRow(company.id, { contactId: named.id, queueId: sales.id });
    const search = (q: string) => call("GET", `/api/tickets?searchParam=${encodeURIComponent(q)}`, { token: admin.token });
    expect((await search("paralelepipedo")).json.tickets.map((t: { id: number }) => t.id)).toEqual([byMessage.id]);
    expect((await search("brandao")).json.tickets.map((t: { id: number }) => t.id)).toEqual([byName.id]);
    // FTS operators typed by a person are just text.
    expect((await search('" OR * NEAR(')).status).toBe(200);
  });

  it("finds a ticket by its contact's phone number, typed with punctuation or without the area code", async () => {
    const { company, admin, sales } = await inboxCompany();
    const c = await createContact(company.id, { name: "Fulano", number: "5511988887777" });
    const t = await createTicketRow(company.id, { contactId: c.id, queueId: sales.id });
    for (const typed of ["(11) 98888-7777", "98888-7777", "5511988887777"]) {
      const res = await call("GET", `/api/tickets?searchParam=${encodeURIComponent(typed)}`, { token: admin.token });
      expect(res.json.tickets.map((x: { id: number }) => x.id), typed).toEqual([t.id]);
    }
  });

  it("never returns another company's tickets, even for a matching search", async () => {
    const a = await inboxCompany();
    const t = await createTicketRow(a.company.id, { contactId: a.contact.id, queueId: a.sales.id });
    await createMessageRow(a.company.id, { ticketId: t.id, body: "segredoexclusivo" });
    const b = await inboxCompany();
    const res = await call("GET", "/api/tickets?searchParam=segredoexclusivo", { token: b.admin.token });
    expect(res.json.tickets).toEqual([]);
  });

  it("pages 40 at a time with hasMore", async () => {
    const { company, admin, sales } = await inboxCompany();
    for (let i = 0; i < 41; i++) {
      const c = await createContact(company.id);
      await createTicketRow(company.id, { contactId: c.id, queueId: sales.id });
    }
    const first = await call("GET", "/api/tickets?status=pending&pageNumber=1", { token: admin.token });
    expect(first.json.tickets).toHaveLength(40);
    expect(first.json.hasMore).toBe(true);
    const second = await call("GET", "/api/tickets?status=pending&pageNumber=2", { token: admin.token });
    expect(second.json.tickets).toHaveLength(1);
    expect(second.json.hasMore).toBe(false);
  });

  it("filters by as many tags, users and queues as the contract allows, each list bound as one parameter", async () => {
    const { company, admin, agent, contact, sales } = await inboxCompany();
    const tag = await createTag(company.id);
    const ticket = await createTicketRow(company.id, { contactId: contact.id, queueId: sales.id, status: "open", userId: agent.id });
    await tagTicket(company.id, ticket.id, tag.id);
    // Ids no company has, around the one that matches: the company's database binds at most 100 parameters per
    // statement, which a list bound value by value passed at about 95 ids (a 500).
    const list = (id: number) => encodeURIComponent(JSON.stringify([...unknownIds(MAX_FILTER_IDS - 1), id]));
    const filters = [`tags=${list(tag.id)}`, `users=${list(agent.id)}`, `queueIds=${list(sales.id)}`];
    for (const filter of [...filters, filters.join("&")]) {
      const res = await call("GET", `/api/tickets?status=open&showAll=true&${filter}`, { token: admin.token });
      const name = filter.split("=")[0];
      expect(res.status, name).toBe(200);
      expect(res.json.tickets.map((t: { id: number }) => t.id), name).toEqual([ticket.id]);
    }
  });

  it("names a filter list longer than the contract allows with 400", async () => {
    const { admin } = await inboxCompany();
    for (const name of ["tags", "users", "queueIds"]) {
      const res = await call("GET", `/api/tickets?${name}=${JSON.stringify(unknownIds(MAX_FILTER_IDS + 1))}`, { token: admin.token });
      expect(res.status, name).toBe(400);
      expect(res.json).toMatchObject({ error: "ERR_VALIDATION", fields: { [name]: `At most ${MAX_FILTER_IDS} ids` } });
    }
  });

  it("refuses malformed query parameters with 400", async () => {
    const { admin } = await inboxCompany();
    for (const q of ["pageNumber=-1", "status=everything", "queueIds=[1,%22x%22]", "date=yesterday", "showAll=maybe"]) {
      const res = await call("GET", `/api/tickets?${q}`, { token: admin.token });
      expect(res.status, q).toBe(400);
    }
  });
});

describe("GET /api/tickets/unread", () => {
  it("counts the agent's own open tickets and the waiting ones of their queues that have unread messages", async () => {
    const { company, agent, admin, sales, support, contact } = await inboxCompany();
    const [c2, c3, c4, c5] = await Promise.all([1, 2, 3, 4].map(() => createContact(company.id)));
    const unread = { unreadMessages: 2 };
    await createTicketRow(company.id, { contactId: contact.id, queueId: sales.id, status: "open", userId: agent.id, ...unread });
    await createTicketRow(company.id, { contactId: c2!.id, queueId: sales.id, status: "pending", ...unread });
    await createTicketRow(company.id, { contactId: c3!.id, queueId: sales.id, status: "open", userId: admin.id, ...unread }); // a colleague's
    await createTicketRow(company.id, { contactId: c4!.id, queueId: support.id, status: "pending", ...unread }); // not the agent's queue
    await createTicketRow(company.id, { contactId: c5!.id, queueId: sales.id, status: "pending" }); // all read
    expect((await call("GET", "/api/tickets/unread", { token: agent.token })).json).toEqual({ count: 2 });
    // The admin sees every queue's waiting tickets, and their own open one.
    expect((await call("GET", "/api/tickets/unread", { token: admin.token })).json).toEqual({ count: 3 });
    const other = await companyWithTeam();
    expect((await call("GET", "/api/tickets/unread", { token: other.admin.token })).json).toEqual({ count: 0 });
  });
});

describe("POST /api/tickets/closeAll", () => {
  it("closes every open ticket of the chosen queues, records each, and tells the agents", async () => {
    const { company, admin, agent, sales, support, contact } = await inboxCompany();
    const c2 = await createContact(company.id);
    const c3 = await createContact(company.id);
    const a = await createTicketRow(company.id, { contactId: contact.id, queueId: sales.id, status: "open", userId: agent.id });
    const b = await createTicketRow(company.id, { contactId: c2.id, queueId: sales.id, status: "open", userId: admin.id });
    const untouched = await createTicketRow(company.id, { contactId: c3.id, queueId: support.id, status: "open", userId: admin.id });
    const socket = await connect(agent.token);
    const res = await call("POST", "/api/tickets/closeAll", { token: admin.token, body: { status: "open", selectedQueueIds: [sales.id] } });
    expect(res.status).toBe(200);
    expect(res.json.count).toBe(2);
    const rows = await inTenant(company.id, (db) => db.select().from(tickets).where(eq(tickets.companyId, company.id)).all());
    expect(rows.filter((r) => r.status === "closed").map((r) => r.id).sort()).toEqual([a.id, b.id].sort());
    expect(rows.find((r) => r.id === untouched.id)?.status).toBe("open");
    const history = await inTenant(company.id, (db) => db.select().from(ticketTracking).where(eq(ticketTracking.ticketId, a.id)).all());
    expect(history).toMatchObject([{ action: "close", fromStatus: "open", toStatus: "closed", byUserId: admin.id }]);
    await socket.next((e) => e.type === "ticket" && e.action === "update" && e.ticket.id === a.id && e.ticket.status === "closed");
  });

  it("takes as many chosen queues as the contract allows, and names a longer list with 400", async () => {
    const { company, admin, contact, sales } = await inboxCompany();
    const t = await createTicketRow(company.id, { contactId: contact.id, queueId: sales.id, status: "open", userId: admin.id });
    const closeAll = (selectedQueueIds: number[]) => call("POST", "/api/tickets/closeAll", { token: admin.token, body: { status: "open", selectedQueueIds } });
    const tooMany = await closeAll(unknownIds(MAX_FILTER_IDS + 1));
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.fields).toEqual({ selectedQueueIds: `At most ${MAX_FILTER_IDS} ids` });
    expect((await inTenant(company.id, (db) => db.select().from(tickets).where(eq(tickets.id, t.id)).get()))?.status).toBe("open");
    // A hundred queue ids and the company were 101 bound parameters: a 500 before they were bound as one.
    const res = await closeAll([...unknownIds(MAX_FILTER_IDS - 1), sales.id]);
    expect(res.status).toBe(200);
    expect(res.json.count).toBe(1);
    expect((await inTenant(company.id, (db) => db.select().from(tickets).where(eq(tickets.id, t.id)).get()))?.status).toBe("closed");
  });

  it("says beforehand how many it would close, and leaves them with nothing unread", async () => {
    const { company, admin, agent, sales, support, contact } = await inboxCompany();
    const c2 = await createContact(company.id);
    const a = await createTicketRow(company.id, { contactId: contact.id, queueId: sales.id, status: "pending" });
    await createTicketRow(company.id, { contactId: c2.id, queueId: support.id, status: "pending" });
    await inTenant(company.id, (db) => db.update(tickets).set({ unreadMessages: 2 }).where(eq(tickets.id, a.id)).run());
    const counted = await call("GET", `/api/tickets/closeAll?status=pending&selectedQueueIds=[${sales.id}]`, { token: admin.token });
    expect(counted.json).toEqual({ count: 1 });
    expect((await call("GET", "/api/tickets/closeAll?status=pending", { token: admin.token })).json).toEqual({ count: 2 });
    expect((await call("GET", "/api/tickets/closeAll?status=pending", { token: agent.token })).status).toBe(403);
    expect((await call("GET", "/api/tickets/closeAll?status=closed", { token: admin.token })).status).toBe(400);
    const other = await companyWithTeam();
    expect((await call("GET", "/api/tickets/closeAll?status=pending", { token: other.admin.token })).json).toEqual({ count: 0 });
    await call("POST", "/api/tickets/closeAll", { token: admin.token, body: { status: "pending", selectedQueueIds: [sales.id] } });
    expect(await inTenant(company.id, (db) => db.select().from(tickets).where(eq(tickets.id, a.id)).get())).toMatchObject({
      status: "closed",
      unreadMessages: 0,
    });
  });

  it("is for admins only and touches nothing of another company", async () => {
    const { company, agent, contact, sales } = await inboxCompany();
    const t = await createTicketRow(company.id, { contactId: contact.id, queueId: sales.id, status: "open", userId: agent.id });
    expect((await call("POST", "/api/tickets/closeAll", { token: agent.token, body: { status: "open" } })).status).toBe(403);
    const other = await companyWithTeam();
    const res = await call("POST", "/api/tickets/closeAll", { token: other.admin.token, body: { status: "open" } });
    expect(res.json.count).toBe(0);
    expect((await inTenant(company.id, (db) => db.select().from(tickets).where(eq(tickets.id, t.id)).get()))?.status).toBe("open");
  });
});

describe("GET /api/tickets/:id/tracking", () => {
  it("tells the ticket's story: who accepted, transferred and closed it", async () => {
    const { admin, agent, ticket, support } = await (async () => {
      const ctx = await inboxCompany();
      const ticket = await createTicketRow(ctx.company.id, { contactId: ctx.contact.id, queueId: ctx.sales.id, whatsappId: ctx.connection.id });
      return { ...ctx, ticket };
    })();
    await call("PUT", `/api/tickets/${ticket.id}`, { token: agent.token, body: { status: "open" } });
    await call("PUT", `/api/tickets/${ticket.id}`, { token: agent.token, body: { queueId: support.id, userId: admin.id, status: "open" } });
    await call("PUT", `/api/tickets/${ticket.id}`, { token: admin.token, body: { status: "closed" } });
    const res = await call("GET", `/api/tickets/${ticket.id}/tracking`, { token: admin.token });
    expect(res.json.history.map((h: { action: string }) => h.action)).toEqual(["close", "transfer", "accept"]);
    expect(res.json.history[1]).toMatchObject({ byUser: { id: agent.id }, toUser: { id: admin.id }, toQueue: { id: support.id } });
    const other = await companyWithTeam();
    expect((await call("GET", `/api/tickets/${ticket.id}/tracking`, { token: other.admin.token })).status).toBe(404);
  });
});

describe("POST /api/tickets/transferRequest", () => {
  it("asks the agent who has the contact's ticket, by a direct internal-chat message that mentions them, without naming them to the asker", async () => {
    const { admin, agent, contact, sales, support } = await inboxCompany();
    await call("POST", "/api/tickets", { token: admin.token, body: { contactId: contact.id, queueId: support.id } });
    const res = await call("POST", "/api/tickets/transferRequest", { token: agent.token, body: { contactId: contact.id } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ asked: "agent" });
    const bell = await call("GET", "/api/notifications", { token: admin.token });
    const mention = bell.json.records.find((r: { kind: string }) => r.kind === "mention");
    expect(mention).toMatchObject({ mention: { sender: agent.name, message: expect.stringContaining(`@${admin.name}, pode me transferir o atendimento de`) } });
    expect(mention.mention.message).toContain("fila Suporte");
    void sales;
  });

  it("asks the admins while nobody has the ticket", async () => {
    const { company, admin, agent, contact, connection } = await inboxCompany();
    await createTicketRow(company.id, { contactId: contact.id, whatsappId: connection.id, status: "pending", userId: null });
    const res = await call("POST", "/api/tickets/transferRequest", { token: agent.token, body: { contactId: contact.id, whatsappId: connection.id } });
    expect(res.json).toEqual({ asked: "admins" });
    const bell = await call("GET", "/api/notifications", { token: admin.token });
    expect(bell.json.records.some((r: { kind: string }) => r.kind === "mention")).toBe(true);
  });

  it("answers 404 when the contact has no live ticket, for another company's contact too, and 400 for a bad body", async () => {
    const { agent, contact } = await inboxCompany();
    expect((await call("POST", "/api/tickets/transferRequest", { token: agent.token, body: { contactId: contact.id } })).status).toBe(404);
    const other = await companyWithTeam();
    const foreign = await call("POST", "/api/tickets/transferRequest", { token: other.admin.token, body: { contactId: contact.id } });
    expect(foreign.status).toBe(404);
    expect(foreign.json.error).toBe("ERR_NO_CONTACT_FOUND");
    const bad = await call("POST", "/api/tickets/transferRequest", { token: agent.token, body: { contactId: "x" } });
    expect(bad.status).toBe(400);
  });
});

describe("GET /api/tickets/:id/tracking: a transfer between connections", () => {
  it("names the connection the ticket left and the one it moved to, and the agent it was given to", async () => {
    const { company, admin, agent, contact, sales, support, connection } = await inboxCompany();
    const { createConnection } = await import("../../testing/inbox");
    const delivery = await createConnection(company.id, { name: "Entregas", isDefault: false });
    const ticket = await createTicketRow(company.id, { contactId: contact.id, queueId: sales.id, whatsappId: connection.id });
    await call("PUT", `/api/tickets/${ticket.id}`, { token: admin.token, body: { status: "open" } });
    const moved = await call("PUT", `/api/tickets/${ticket.id}`, { token: admin.token, body: { queueId: support.id, userId: agent.id, whatsappId: delivery.id, status: "open" } });
    expect(moved.status).toBe(200);
    const res = await call("GET", `/api/tickets/${ticket.id}/tracking`, { token: admin.token });
    expect(res.json.history.map((h: { action: string }) => h.action)).toEqual(["transfer", "accept"]);
    expect(res.json.history[0]).toMatchObject({
      toUser: { id: agent.id },
      toQueue: { id: support.id },
      fromWhatsapp: { id: connection.id, name: connection.name },
      toWhatsapp: { id: delivery.id, name: "Entregas" },
    });
    expect(res.json.history[1]).toMatchObject({ fromWhatsapp: null, toWhatsapp: { id: connection.id } });
  });
});

describe("DELETE /api/users/:id and the user's tickets", () => {
  it("returns the deleted user's open tickets to the waiting list", async () => {
    const { company, admin, agent, contact, sales } = await inboxCompany();
    const t = await createTicketRow(company.id, { contactId: contact.id, queueId: sales.id, status: "open", userId: agent.id });
    expect((await call("DELETE", `/api/users/${agent.id}`, { token: admin.token })).status).toBe(200);
    expect(await inTenant(company.id, (db) => db.select().from(tickets).where(eq(tickets.id, t.id)).get())).toMatchObject({ status: "pending", userId: null });
  });
});

describe("PUT /api/tickets/:id/priority", () => {
  it("sets the priority, keeps the ticket's place in the lists, and tells who sees it", async () => {
    const { company, agent, contact, sales } = await inboxCompany();
    const ticket = await createTicketRow(company.id, { contactId: contact.id, queueId: sales.id, status: "open", userId: agent.id });
    const socket = await connect(agent.token);
    socket.send({ type: "joinTickets", status: "open" });
    const res = await call("PUT", `/api/tickets/${ticket.id}/priority`, { token: agent.token, body: { priority: "urgent" } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: ticket.id, priority: "urgent" });
    const row = await inTenant(company.id, (db) => db.select().from(tickets).where(eq(tickets.id, ticket.id)).get());
    expect(row).toMatchObject({ priority: "urgent", updatedAt: ticket.updatedAt });
    await vi.waitFor(() => expect(socket.events).toContainEqual(expect.objectContaining({ type: "ticket", action: "update", ticket: expect.objectContaining({ id: ticket.id, priority: "urgent" }) })));
  });

  it("answers 404 for another company's ticket, 403 outside the agent's queues, 400 for an unknown priority, changing nothing", async () => {
    const { company, admin, agent, contact, support } = await inboxCompany();
    const other = await inboxCompany();
    const theirs = await createTicketRow(other.company.id, { contactId: other.contact.id, status: "pending", queueId: other.sales.id });
    const elsewhere = await createTicketRow(company.id, { contactId: contact.id, status: "pending", queueId: support.id });
    expect((await call("PUT", `/api/tickets/${theirs.id}/priority`, { token: agent.token, body: { priority: "high" } })).status).toBe(404);
    expect((await call("PUT", `/api/tickets/${elsewhere.id}/priority`, { token: agent.token, body: { priority: "high" } })).status).toBe(403);
    const bad = await call("PUT", `/api/tickets/${elsewhere.id}/priority`, { token: admin.token, body: { priority: "asap" } });
    expect(bad.status).toBe(400);
    expect(bad.json.fields.priority).toBeDefined();
    const rows = await inTenant(company.id, (db) => db.select({ priority: tickets.priority }).from(tickets).where(eq(tickets.id, elsewhere.id)).all());
    expect(rows).toEqual([{ priority: "normal" }]);
    expect((await inTenant(other.company.id, (db) => db.select({ priority: tickets.priority }).from(tickets).where(eq(tickets.id, theirs.id)).get()))!.priority).toBe("normal");
  });
});
