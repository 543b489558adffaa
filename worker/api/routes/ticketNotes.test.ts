import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ticketNotes } from "../../db/tenant";
import { call, inTenant } from "../../testing/fixtures";
import { createContact, createTicketRow, inboxCompany } from "../../testing/inbox";
import { createNote } from "../../testing/records";

const noteRow = (companyId: number, id: number) => inTenant(companyId, (db) => db.select().from(ticketNotes).where(eq(ticketNotes.id, id)).get());
const noteCount = async (companyId: number, ticketId: number) =>
  (await inTenant(companyId, (db) => db.select({ n: count() }).from(ticketNotes).where(eq(ticketNotes.ticketId, ticketId)).get()))!.n;

/** A company whose agent is in Vendas, with a ticket there and one in Suporte. */
async function withTickets() {
  const inbox = await inboxCompany();
  const ticket = await createTicketRow(inbox.company.id, { contactId: inbox.contact.id, queueId: inbox.sales.id });
  const elsewhere = await createTicketRow(inbox.company.id, { contactId: inbox.contact.id, queueId: inbox.support.id, status: "closed" });
  return { ...inbox, ticket, elsewhere };
}

describe("POST /api/ticket-notes", () => {
  it("adds a note by the user to a ticket they can see", async () => {
    const { agent, ticket, contact } = await withTickets();
    const res = await call("POST", "/api/ticket-notes", { token: agent.token, body: { note: "  Cliente pediu retorno amanhã ", ticketId: ticket.id, contactId: contact.id } });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      id: expect.any(Number),
      note: "Cliente pediu retorno amanhã",
      ticketId: ticket.id,
      contactId: contact.id,
      userId: agent.id,
      user: { id: agent.id, name: agent.name },
      byAutomation: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it("names a short note, and a contact that is not the ticket's, with 400 and writes nothing", async () => {
    const { company, agent, ticket, contact } = await withTickets();
    const short = await call("POST", "/api/ticket-notes", { token: agent.token, body: { note: "a", ticketId: ticket.id, contactId: contact.id } });
    expect(short.status).toBe(400);
    expect(short.json.fields).toEqual({ note: "Too Short!" });
    const missing = await call("POST", "/api/ticket-notes", { token: agent.token, body: {} });
    expect(Object.keys(missing.json.fields).sort()).toEqual(["contactId", "note", "ticketId"]);
    const stranger = await createContact(company.id);
    const wrong = await call("POST", "/api/ticket-notes", { token: agent.token, body: { note: "Observação", ticketId: ticket.id, contactId: stranger.id } });
    expect(wrong.status).toBe(400);
    expect(wrong.json.fields).toEqual({ contactId: "Not the ticket's contact" });
    expect(await noteCount(company.id, ticket.id)).toBe(0);
  });

  it("refuses a ticket outside the agent's queues with 403 and another company's with 404", async () => {
    const { company, agent, elsewhere, contact } = await withTickets();
    expect((await call("POST", "/api/ticket-notes", { token: agent.token, body: { note: "Observação", ticketId: elsewhere.id, contactId: contact.id } })).status).toBe(403);
    const other = await inboxCompany();
    const res = await call("POST", "/api/ticket-notes", { token: other.admin.token, body: { note: "Observação", ticketId: elsewhere.id, contactId: contact.id } });
    expect(res.status).toBe(404);
    expect(res.json.error).toBe("ERR_NO_TICKET_FOUND");
    expect(await noteCount(company.id, elsewhere.id)).toBe(0);
  });

  it("answers 401 without a token", async () => {
    expect((await call("POST", "/api/ticket-notes", { body: { note: "Observação", ticketId: 1, contactId: 1 } })).status).toBe(401);
  });
});

describe("GET /api/ticket-notes/list", () => {
  it("lists the contact's notes across its tickets, newest first, with their authors", async () => {
    const { company, agent, admin, ticket, elsewhere, contact } = await withTickets();
    const old = await createNote(company.id, { ticketId: elsewhere.id, contactId: contact.id, userId: admin.id, createdAt: new Date("2026-01-01T10:00:00Z") });
    const recent = await createNote(company.id, { ticketId: ticket.id, contactId: contact.id, userId: agent.id, createdAt: new Date("2026-02-01T10:00:00Z") });
    const otherContact = await createContact(company.id);
    const otherTicket = await createTicketRow(company.id, { contactId: otherContact.id });
    await createNote(company.id, { ticketId: otherTicket.id, contactId: otherContact.id });

    const res = await call("GET", `/api/ticket-notes/list?ticketId=${ticket.id}&contactId=${contact.id}`, { token: agent.token });
    expect(res.status).toBe(200);
    expect(res.json.map((n: { id: number }) => n.id)).toEqual([recent.id, old.id]);
    expect(res.json[0]).toMatchObject({ ticketId: ticket.id, user: { id: agent.id, name: agent.name } });
    expect(res.json[1]).toMatchObject({ ticketId: elsewhere.id, user: { id: admin.id, name: admin.name } });
  });

  it("names missing or foreign parameters with 400", async () => {
    const { company, agent, ticket } = await withTickets();
    const missing = await call("GET", "/api/ticket-notes/list", { token: agent.token });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.json.fields).sort()).toEqual(["contactId", "ticketId"]);
    const stranger = await createContact(company.id);
    const wrong = await call("GET", `/api/ticket-notes/list?ticketId=${ticket.id}&contactId=${stranger.id}`, { token: agent.token });
    expect(wrong.json.fields).toEqual({ contactId: "Not the ticket's contact" });
  });

  it("refuses a ticket outside the agent's queues with 403, another company with 404, and no token with 401", async () => {
    const { company, agent, elsewhere, contact } = await withTickets();
    await createNote(company.id, { ticketId: elsewhere.id, contactId: contact.id });
    const query = `/api/ticket-notes/list?ticketId=${elsewhere.id}&contactId=${contact.id}`;
    expect((await call("GET", query, { token: agent.token })).status).toBe(403);
    const other = await inboxCompany();
    const res = await call("GET", query, { token: other.admin.token });
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ error: "ERR_NO_TICKET_FOUND", message: expect.any(String) });
    expect((await call("GET", query)).status).toBe(401);
  });
});

describe("DELETE /api/ticket-notes/:id", () => {
  it("lets the author delete their note", async () => {
    const { company, agent, ticket, contact } = await withTickets();
    const note = await createNote(company.id, { ticketId: ticket.id, contactId: contact.id, userId: agent.id });
    expect((await call("DELETE", `/api/ticket-notes/${note.id}`, { token: agent.token })).status).toBe(200);
    expect(await noteRow(company.id, note.id)).toBeUndefined();
  });

  it("lets an admin delete anyone's note", async () => {
    const { company, agent, admin, ticket, contact } = await withTickets();
    const note = await createNote(company.id, { ticketId: ticket.id, contactId: contact.id, userId: agent.id });
    expect((await call("DELETE", `/api/ticket-notes/${note.id}`, { token: admin.token })).status).toBe(200);
    expect(await noteRow(company.id, note.id)).toBeUndefined();
  });

  it("refuses anyone else, a supervisor included, with 403", async () => {
    const { company, agent, supervisor, ticket, contact } = await withTickets();
    const note = await createNote(company.id, { ticketId: ticket.id, contactId: contact.id, userId: agent.id });
    expect((await call("DELETE", `/api/ticket-notes/${note.id}`, { token: supervisor.token })).status).toBe(403);
    expect(await noteRow(company.id, note.id)).toBeDefined();
  });

  it("answers 404 to another company and 401 without a token, deleting nothing", async () => {
    const { company, agent, ticket, contact } = await withTickets();
    const note = await createNote(company.id, { ticketId: ticket.id, contactId: contact.id, userId: agent.id });
    const other = await inboxCompany();
    const res = await call("DELETE", `/api/ticket-notes/${note.id}`, { token: other.admin.token });
    expect(res.status).toBe(404);
    expect(res.json.error).toBe("ERR_NO_TICKET_NOTE_FOUND");
    expect((await call("DELETE", `/api/ticket-notes/${note.id}`)).status).toBe(401);
    expect(await noteRow(company.id, note.id)).toBeDefined();
  });
});
