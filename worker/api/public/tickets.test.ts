import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tickets } from "../../db/tenant";
import { inTenant } from "../../testing/fixtures";
import { createContact, createMessageRow, createTicketRow, inboxCompany } from "../../testing/inbox";
import { apiTokenOf, callApi } from "../../testing/publicApi";
import { createNote, createTag, tagTicket } from "../../testing/records";

type Company = Awaited<ReturnType<typeof inboxCompany>>;

/** Tickets of the company, one per new contact, each changed a second after the previous one. */
async function ticketsOf(team: Company, n: number, values: Partial<typeof tickets.$inferInsert> = {}) {
  const made = [];
  for (let i = 0; i < n; i++) {
    const contact = await createContact(team.company.id);
    const updatedAt = new Date(Date.UTC(2026, 10, 29, 12, 0, i));
    made.push(await createTicketRow(team.company.id, { contactId: contact.id, whatsappId: team.connection.id, updatedAt, ...values }));
  }
  return made;
}

/** Every item of a list, page after page. */
async function allPages(path: string, token: string) {
  const items: any[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const sep = path.includes("?") ? "&" : "?";
    const res = await callApi("GET", `${path}${cursor ? `${sep}cursor=${encodeURIComponent(cursor)}` : ""}`, token);
    expect(res.status).toBe(200);
    items.push(...res.json.items);
    cursor = res.json.cursor;
    pages++;
  } while (cursor);
  return { items, pages };
}

describe("GET /api/v1/tickets", () => {
  it("pages through the company's tickets by last change, each once, and never another company's", async () => {
    const [a, b] = await Promise.all([inboxCompany(), inboxCompany()]);
    const mine = await ticketsOf(a, 5);
    await ticketsOf(b, 2);
    const { token } = await apiTokenOf(a.admin, { scopes: ["tickets:read"] });
    const { items, pages } = await allPages("/tickets?limit=2", token);
    expect(pages).toBe(3);
    expect(items.map((t) => t.id)).toEqual(mine.map((t) => t.id));
    expect(items[0]).toMatchObject({ status: "pending", connectionId: a.connection.id, contact: { id: mine[0]!.contactId }, tags: [] });
  });

  it("filters by status, queue, agent, contact and last change, and leaves out campaign sends nobody answered", async () => {
    const team = await inboxCompany();
    const [pending, inSales] = await ticketsOf(team, 2);
    const [mineOpen] = await ticketsOf(team, 1, { status: "open", userId: team.agent.id, updatedAt: new Date(Date.UTC(2026, 10, 29, 13)) });
    await inTenant(team.company.id, (db) => db.update(tickets).set({ queueId: team.sales.id, updatedAt: inSales!.updatedAt }).where(eq(tickets.id, inSales!.id)).run());
    await ticketsOf(team, 1, { outreach: true });
    const { token } = await apiTokenOf(team.admin);
    const ids = async (query: string) => (await callApi("GET", `/tickets?${query}`, token)).json.items.map((t: { id: number }) => t.id);
    expect(await ids("status=open")).toEqual([mineOpen!.id]);
    expect(await ids(`queueId=${team.sales.id}`)).toEqual([inSales!.id]);
    expect(await ids(`userId=${team.agent.id}`)).toEqual([mineOpen!.id]);
    expect(await ids(`contactId=${pending!.contactId}`)).toEqual([pending!.id]);
    expect(await ids(`updatedSince=${encodeURIComponent("2026-11-29T12:30:00-00:00")}`)).toEqual([mineOpen!.id]);
    expect(await ids("")).toHaveLength(3);
  });

  it("refuses a bad filter or a made-up cursor with 400 naming it", async () => {
    const team = await inboxCompany();
    const { token } = await apiTokenOf(team.admin);
    for (const [query, field] of [
      ["status=archived", "status"],
      ["cursor=bm90LWEtY3Vyc29y", "cursor"],
      ["limit=500", "limit"],
      ["updatedSince=yesterday", "updatedSince"],
    ]) {
      const res = await callApi("GET", `/tickets?${query}`, token);
      expect(res.status).toBe(400);
      expect(Object.keys(res.json.fields)).toEqual([field]);
    }
  });

  it("needs tickets:read (403 naming it)", async () => {
    const team = await inboxCompany();
    const { token } = await apiTokenOf(team.admin, { scopes: ["contacts:read", "tickets:write"] });
    for (const path of ["/tickets", "/tickets/1", "/tickets/1/messages", "/tickets/1/notes"]) {
      const res = await callApi("GET", path, token);
      expect(res.status).toBe(403);
      expect(res.json).toMatchObject({ error: "ERR_API_SCOPE", scope: "tickets:read" });
    }
  });
});

describe("GET /api/v1/tickets/:id", () => {
  it("answers the ticket with its tags, and 404 for another company's or a malformed id", async () => {
    const [a, b] = await Promise.all([inboxCompany(), inboxCompany()]);
    const [ticket] = await ticketsOf(a, 1, { status: "open", userId: a.agent.id, queueId: a.sales.id, lastMessage: "Oi" });
    const [theirs] = await ticketsOf(b, 1);
    const tag = await createTag(a.company.id, { name: "VIP", color: "#ff0000" });
    await tagTicket(a.company.id, ticket!.id, tag.id);
    const { token } = await apiTokenOf(a.admin, { scopes: ["tickets:read"] });
    const res = await callApi("GET", `/tickets/${ticket!.id}`, token);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id: ticket!.id,
      uuid: ticket!.uuid,
      status: "open",
      userId: a.agent.id,
      queueId: a.sales.id,
      lastMessage: "Oi",
      tags: [{ id: tag.id, name: "VIP", color: "#ff0000" }],
      updatedAt: "2026-11-29T12:00:00.000Z",
    });
    for (const id of [theirs!.id, "abc", "0"]) {
      const other = await callApi("GET", `/tickets/${id}`, token);
      expect(other.status).toBe(404);
    }
  });
});

describe("GET /api/v1/tickets/:id/messages", () => {
  it("pages a ticket's messages oldest to newest, and 404 for another company's ticket", async () => {
    const [a, b] = await Promise.all([inboxCompany(), inboxCompany()]);
    const [ticket] = await ticketsOf(a, 1);
    const [theirs] = await ticketsOf(b, 1);
    const sent = [];
    for (let i = 0; i < 5; i++) {
      sent.push(await createMessageRow(a.company.id, { ticketId: ticket!.id, contactId: ticket!.contactId, body: `m${i}`, fromMe: i % 2 === 1, ack: 2, createdAt: new Date(Date.UTC(2026, 10, 29, 12, i)) }));
    }
    await createMessageRow(b.company.id, { ticketId: theirs!.id, contactId: theirs!.contactId });
    const { token } = await apiTokenOf(a.admin, { scopes: ["tickets:read"] });
    const { items, pages } = await allPages(`/tickets/${ticket!.id}/messages?limit=2`, token);
    expect(pages).toBe(3);
    expect(items.map((m) => m.body)).toEqual(["m0", "m1", "m2", "m3", "m4"]);
    expect(items[1]).toMatchObject({ id: sent[1]!.id, ticketId: ticket!.id, fromMe: true, status: "delivered", mediaType: "chat" });
    expect((await callApi("GET", `/tickets/${theirs!.id}/messages`, token)).status).toBe(404);
  });
});

describe("GET /api/v1/tickets/:id/notes", () => {
  it("lists the notes written on this ticket, newest first, not the contact's earlier tickets' notes", async () => {
    const [a, b] = await Promise.all([inboxCompany(), inboxCompany()]);
    const [ticket] = await ticketsOf(a, 1);
    const earlier = await createTicketRow(a.company.id, { contactId: ticket!.contactId, status: "closed" });
    const [theirs] = await ticketsOf(b, 1);
    await createNote(a.company.id, { ticketId: earlier.id, contactId: ticket!.contactId, note: "Antiga" });
    const first = await createNote(a.company.id, { ticketId: ticket!.id, contactId: ticket!.contactId, note: "Primeira", userId: a.agent.id, createdAt: new Date(Date.UTC(2026, 10, 29, 12)) });
    const second = await createNote(a.company.id, { ticketId: ticket!.id, contactId: ticket!.contactId, note: "Segunda", createdAt: new Date(Date.UTC(2026, 10, 29, 13)) });
    const { token } = await apiTokenOf(a.admin, { scopes: ["tickets:read"] });
    const res = await callApi("GET", `/tickets/${ticket!.id}/notes`, token);
    expect(res.status).toBe(200);
    expect(res.json.items).toEqual([
      { id: second.id, ticketId: ticket!.id, userId: null, body: "Segunda", createdAt: "2026-11-29T13:00:00.000Z" },
      { id: first.id, ticketId: ticket!.id, userId: a.agent.id, body: "Primeira", createdAt: "2026-11-29T12:00:00.000Z" },
    ]);
    expect((await callApi("GET", `/tickets/${theirs!.id}/notes`, token)).status).toBe(404);
  });
});
