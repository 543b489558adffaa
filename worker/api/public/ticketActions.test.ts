import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { messages, ticketNotes, tickets, ticketTags } from "../../db/tenant";
import { inTenant } from "../../testing/fixtures";
import { createMessageRow, createTicketRow, inboxCompany } from "../../testing/inbox";
import { apiTokenOf, callApi } from "../../testing/publicApi";
import { createTag, tagTicket } from "../../testing/records";
import { connect } from "../../testing/sockets";

type Company = Awaited<ReturnType<typeof inboxCompany>>;

const ticketOf = (team: Company, values: Partial<typeof tickets.$inferInsert> = {}) =>
  createTicketRow(team.company.id, { contactId: team.contact.id, whatsappId: team.connection.id, queueId: team.sales.id, ...values });
const rowOf = (team: Company, id: number) => inTenant(team.company.id, (db) => db.select().from(tickets).where(eq(tickets.id, id)).get());
const post = (path: string, token: string, body?: unknown) => callApi("POST", path, token, body === undefined ? {} : { body });

describe("POST /api/v1/tickets/:id/accept", () => {
  it("gives a pending ticket to the token's maker, or to the agent named", async () => {
    const team = await inboxCompany();
    const { token } = await apiTokenOf(team.admin, { scopes: ["tickets:write"] });
    const pending = await ticketOf(team);
    const res = await post(`/tickets/${pending.id}/accept`, token);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: pending.id, status: "open", userId: team.admin.id });

    await inTenant(team.company.id, (db) => db.update(tickets).set({ status: "closed", userId: null }).where(eq(tickets.id, pending.id)).run());
    const next = await ticketOf(team);
    const toAgent = await post(`/tickets/${next.id}/accept`, token, { userId: team.agent.id });
    expect(toAgent.json).toMatchObject({ status: "open", userId: team.agent.id });
  });

  it("keeps the inbox's rules: a closed ticket is reopened, not accepted; one open with another agent is theirs", async () => {
    const team = await inboxCompany();
    const { token } = await apiTokenOf(team.admin);
    const closed = await ticketOf(team, { status: "closed" });
    const res = await post(`/tickets/${closed.id}/accept`, token);
    expect(res.status).toBe(409);
    expect(res.json.error).toBe("ERR_TICKET_CLOSED");
    expect((await rowOf(team, closed.id))?.status).toBe("closed");

    const held = await ticketOf(team, { status: "open", userId: team.agent.id });
    const taken = await post(`/tickets/${held.id}/accept`, token);
    expect(taken.status).toBe(409);
    expect(taken.json.error).toBe("ERR_OTHER_OPEN_TICKET");
    expect((await rowOf(team, held.id))?.userId).toBe(team.agent.id);
  });

  it("answers 404 for another company's ticket, 400 for another company's agent, and changes nothing", async () => {
    const [a, b] = await Promise.all([inboxCompany(), inboxCompany()]);
    const { token } = await apiTokenOf(a.admin);
    const theirs = await ticketOf(b);
    const mine = await ticketOf(a);
    expect((await post(`/tickets/${theirs.id}/accept`, token)).status).toBe(404);
    const res = await post(`/tickets/${mine.id}/accept`, token, { userId: b.agent.id });
    expect(res.status).toBe(400);
    expect(res.json.fields).toHaveProperty("userId");
    expect(await rowOf(b, theirs.id)).toMatchObject({ status: "pending", userId: null });
    expect(await rowOf(a, mine.id)).toMatchObject({ status: "pending", userId: null });
  });
});

describe("POST /api/v1/tickets/:id/transfer", () => {
  it("moves the ticket to a queue (pending there) or to an agent (open with them)", async () => {
    const team = await inboxCompany();
    const { token } = await apiTokenOf(team.admin, { scopes: ["tickets:write"] });
    const ticket = await ticketOf(team, { status: "open", userId: team.admin.id });
    const toQueue = await post(`/tickets/${ticket.id}/transfer`, token, { queueId: team.support.id });
    expect(toQueue.status).toBe(200);
    expect(toQueue.json).toMatchObject({ status: "pending", queueId: team.support.id, userId: null });
    const toAgent = await post(`/tickets/${ticket.id}/transfer`, token, { queueId: team.sales.id, userId: team.agent.id });
    expect(toAgent.json).toMatchObject({ status: "open", queueId: team.sales.id, userId: team.agent.id });
  });

  it("refuses an empty transfer or another company's queue with 400, and changes nothing", async () => {
    const [a, b] = await Promise.all([inboxCompany(), inboxCompany()]);
    const { token } = await apiTokenOf(a.admin);
    const ticket = await ticketOf(a, { status: "open", userId: a.admin.id });
    const empty = await post(`/tickets/${ticket.id}/transfer`, token, {});
    expect(empty.status).toBe(400);
    const foreign = await post(`/tickets/${ticket.id}/transfer`, token, { queueId: b.sales.id });
    expect(foreign.status).toBe(400);
    expect(foreign.json.fields).toHaveProperty("queueId");
    expect(await rowOf(a, ticket.id)).toMatchObject({ status: "open", userId: a.admin.id, queueId: a.sales.id });
    expect((await post(`/tickets/${(await ticketOf(b)).id}/transfer`, token, { queueId: a.support.id })).status).toBe(404);
  });
});

describe("POST /api/v1/tickets/:id/close and /reopen", () => {
  it("closes a ticket, and closing it again changes nothing", async () => {
    const team = await inboxCompany();
    const { token } = await apiTokenOf(team.admin, { scopes: ["tickets:write"] });
    const ticket = await ticketOf(team, { status: "open", userId: team.agent.id });
    const res = await post(`/tickets/${ticket.id}/close`, token);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: ticket.id, status: "closed", userId: team.agent.id });
    const again = await post(`/tickets/${ticket.id}/close`, token);
    expect(again.status).toBe(200);
    expect(again.json.updatedAt).toBe(res.json.updatedAt);
  });

  it("cannot close without tickets:write (403 naming it), and the ticket stays open", async () => {
    const team = await inboxCompany();
    const { token } = await apiTokenOf(team.admin, { scopes: ["tickets:read", "messages:send"] });
    const ticket = await ticketOf(team, { status: "open", userId: team.agent.id });
    for (const action of ["accept", "transfer", "close", "reopen", "notes", "tags"]) {
      const res = await post(`/tickets/${ticket.id}/${action}`, token, {});
      expect(res.status).toBe(403);
      expect(res.json).toMatchObject({ error: "ERR_API_SCOPE", scope: "tickets:write" });
    }
    expect((await callApi("DELETE", `/tickets/${ticket.id}/tags/1`, token)).status).toBe(403);
    expect((await rowOf(team, ticket.id))?.status).toBe("open");
  });

  it("reopens a closed ticket with the token's maker, unless the contact has another live ticket", async () => {
    const team = await inboxCompany();
    const { token } = await apiTokenOf(team.admin);
    const closed = await ticketOf(team, { status: "closed", userId: team.agent.id });
    const res = await post(`/tickets/${closed.id}/reopen`, token);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "open", userId: team.admin.id });

    const older = await ticketOf(team, { status: "closed" });
    const blocked = await post(`/tickets/${older.id}/reopen`, token);
    expect(blocked.status).toBe(409);
    expect(blocked.json.error).toBe("ERR_OTHER_OPEN_TICKET");
    expect((await rowOf(team, older.id))?.status).toBe("closed");
  });

  it("shows an API close live in the agent's open inbox", async () => {
    const team = await inboxCompany();
    const { token } = await apiTokenOf(team.admin);
    const ticket = await ticketOf(team, { status: "open", userId: team.agent.id });
    const tab = await connect(team.agent.token);
    tab.send({ type: "joinTickets", status: "open" });
    await tab.quiet(50);
    expect((await post(`/tickets/${ticket.id}/close`, token)).status).toBe(200);
    await tab.next((e) => e.type === "ticket" && e.action === "update" && e.ticket.id === ticket.id && e.ticket.status === "closed");
  });
});

describe("POST /api/v1/tickets/:id/notes", () => {
  it("adds a note as the token's maker, and refuses a note too short with 400 writing nothing", async () => {
    const [a, b] = await Promise.all([inboxCompany(), inboxCompany()]);
    const { token } = await apiTokenOf(a.admin, { scopes: ["tickets:write"] });
    const ticket = await ticketOf(a);
    const res = await post(`/tickets/${ticket.id}/notes`, token, { body: "  Retornar às 17h " });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ ticketId: ticket.id, userId: a.admin.id, body: "Retornar às 17h" });
    const short = await post(`/tickets/${ticket.id}/notes`, token, { body: "x" });
    expect(short.status).toBe(400);
    expect(short.json.fields).toEqual({ body: "Too Short!" });
    expect((await post(`/tickets/${(await ticketOf(b)).id}/notes`, token, { body: "Alheia" })).status).toBe(404);
    const notes = (companyId: number) => inTenant(companyId, (db) => db.select({ n: count() }).from(ticketNotes).get());
    expect(await notes(a.company.id)).toEqual({ n: 1 });
    expect(await notes(b.company.id)).toEqual({ n: 0 });
  });
});

describe("POST /api/v1/tickets/:id/tags and DELETE /api/v1/tickets/:id/tags/:tagId", () => {
  it("adds tags to those the ticket has, and takes one off", async () => {
    const team = await inboxCompany();
    const { token } = await apiTokenOf(team.admin, { scopes: ["tickets:write"] });
    const ticket = await ticketOf(team);
    const [vip, urgent, late] = await Promise.all([createTag(team.company.id), createTag(team.company.id), createTag(team.company.id)]);
    await tagTicket(team.company.id, ticket.id, vip.id);
    const res = await post(`/tickets/${ticket.id}/tags`, token, { tagIds: [urgent.id, late.id, urgent.id] });
    expect(res.status).toBe(200);
    expect(res.json.tags.map((t: { id: number }) => t.id).sort()).toEqual([vip.id, urgent.id, late.id].sort());
    const removed = await callApi("DELETE", `/tickets/${ticket.id}/tags/${urgent.id}`, token);
    expect(removed.status).toBe(200);
    expect(removed.json.tags.map((t: { id: number }) => t.id).sort()).toEqual([vip.id, late.id].sort());
  });

  it("refuses another company's tag (400 on adding, 404 on removing) and changes nothing", async () => {
    const [a, b] = await Promise.all([inboxCompany(), inboxCompany()]);
    const { token } = await apiTokenOf(a.admin);
    const ticket = await ticketOf(a);
    const [mine, theirs] = await Promise.all([createTag(a.company.id), createTag(b.company.id)]);
    await tagTicket(a.company.id, ticket.id, mine.id);
    const add = await post(`/tickets/${ticket.id}/tags`, token, { tagIds: [theirs.id] });
    expect(add.status).toBe(400);
    expect(add.json.fields).toEqual({ tagIds: "Unknown tag" });
    expect((await callApi("DELETE", `/tickets/${ticket.id}/tags/${theirs.id}`, token)).status).toBe(404);
    expect((await post(`/tickets/${ticket.id}/tags`, token, { tagIds: [] })).status).toBe(400);
    expect((await post(`/tickets/${(await ticketOf(b)).id}/tags`, token, { tagIds: [mine.id] })).status).toBe(404);
    const links = await inTenant(a.company.id, (db) => db.select({ tagId: ticketTags.tagId }).from(ticketTags).where(eq(ticketTags.ticketId, ticket.id)));
    expect(links).toEqual([{ tagId: mine.id }]);
  });
});

describe("POST /api/v1/tickets/:id/messages", () => {
  it("sends a text as the agent would: stored pending, in the ticket's messages, replying to one of them", async () => {
    const team = await inboxCompany();
    const { token } = await apiTokenOf(team.admin, { scopes: ["messages:send", "tickets:read"] });
    const ticket = await ticketOf(team, { status: "open", userId: team.admin.id });
    const asked = await createMessageRow(team.company.id, { ticketId: ticket.id, contactId: team.contact.id, body: "Tem em azul?" });
    const res = await post(`/tickets/${ticket.id}/messages`, token, { body: "Temos sim!", quotedMessageId: asked.id });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ ticketId: ticket.id, fromMe: true, body: "Temos sim!", status: "pending", mediaType: "chat", quotedMessageId: asked.id });
    const listed = await callApi("GET", `/tickets/${ticket.id}/messages`, token);
    expect(listed.json.items.map((m: { id: number }) => m.id)).toEqual([asked.id, res.json.id]);
    const elsewhere = await createMessageRow(team.company.id, { ticketId: (await ticketOf(team, { status: "closed" })).id, contactId: team.contact.id });
    const wrongQuote = await post(`/tickets/${ticket.id}/messages`, token, { body: "Oi", quotedMessageId: elsewhere.id });
    expect(wrongQuote.status).toBe(400);
    expect(wrongQuote.json.fields).toEqual({ quotedMessageId: "Unknown message" });
  });

  it("keeps the chat's rules and refuses bad input, storing nothing", async () => {
    const [a, b] = await Promise.all([inboxCompany(), inboxCompany()]);
    const { token } = await apiTokenOf(a.admin, { scopes: ["messages:send"] });
    const pending = await ticketOf(a);
    const notOpen = await post(`/tickets/${pending.id}/messages`, token, { body: "Olá" });
    expect(notOpen.status).toBe(409);
    expect(notOpen.json.error).toBe("ERR_TICKET_NOT_OPEN");
    const open = await ticketOf(a, { status: "closed" });
    await inTenant(a.company.id, (db) => db.update(tickets).set({ status: "open", userId: a.admin.id }).where(eq(tickets.id, open.id)).run());
    const blank = await post(`/tickets/${open.id}/messages`, token, { body: "   " });
    expect(blank.status).toBe(400);
    expect(blank.json.fields).toEqual({ body: "Required" });
    expect((await post(`/tickets/${(await ticketOf(b, { status: "open", userId: b.admin.id })).id}/messages`, token, { body: "Oi" })).status).toBe(404);
    const { token: readOnly } = await apiTokenOf(a.admin, { scopes: ["tickets:read", "tickets:write"] });
    const scope = await post(`/tickets/${open.id}/messages`, readOnly, { body: "Oi" });
    expect(scope.json).toMatchObject({ error: "ERR_API_SCOPE", scope: "messages:send" });
    const stored = (companyId: number) => inTenant(companyId, (db) => db.select({ n: count() }).from(messages).get());
    expect(await stored(a.company.id)).toEqual({ n: 0 });
    expect(await stored(b.company.id)).toEqual({ n: 0 });
  });
});
