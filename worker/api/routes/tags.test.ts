import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { tags, ticketTags } from "../../db/tenant";
import { call, companyWithTeam, inTenant, setSetting } from "../../testing/fixtures";
import { createContact, createTicketRow, inboxCompany } from "../../testing/inbox";
import { createTag, tagTicket } from "../../testing/records";
import { connect } from "../../testing/sockets";

type Team = Awaited<ReturnType<typeof companyWithTeam>>;
let teamA: Team;
let teamB: Team;
beforeAll(async () => {
  teamA = await companyWithTeam();
  teamB = await companyWithTeam();
});

let seq = 0;
const uniqueName = (prefix = "Tag") => `${prefix} ${Date.now().toString(36)} ${++seq}`;
/** Rows are read in their own company's database (each row names its company). */
type Row = { id: number; companyId: number };
const tagRow = (tag: Row) => inTenant(tag.companyId, (db) => db.select().from(tags).where(eq(tags.id, tag.id)).get());
const tagCount = async (companyId: number) =>
  (await inTenant(companyId, (db) => db.select({ n: count() }).from(tags).where(eq(tags.companyId, companyId)).get()))!.n;
const tagIdsOf = async (ticket: Row) =>
  (await inTenant(ticket.companyId, (db) => db.select({ tagId: ticketTags.tagId }).from(ticketTags).where(eq(ticketTags.ticketId, ticket.id)).all()))
    .map((r) => r.tagId)
    .sort((a, b) => a - b);

describe("GET /api/tags", () => {
  it("lists the company's tags by name with how many tickets carry each, 20 a page", async () => {
    const { company, agent } = await companyWithTeam();
    const contact = await createContact(company.id);
    const ticket = await createTicketRow(company.id, { contactId: contact.id });
    const first = await createTag(company.id, { name: "Aaa urgente", color: "#FF0000", kanban: 1, userId: agent.id });
    await tagTicket(ticket.companyId, ticket.id, first.id);
    for (let i = 0; i < 20; i++) await createTag(company.id, { name: `Bbb ${String(i).padStart(2, "0")}` });

    const page1 = await call("GET", "/api/tags", { token: agent.token });
    expect(page1.status).toBe(200);
    expect(page1.json).toMatchObject({ count: 21, hasMore: true });
    expect(page1.json.tags).toHaveLength(20);
    expect(page1.json.tags[0]).toEqual({ id: first.id, name: "Aaa urgente", color: "#FF0000", kanban: 1, userId: agent.id, ticketsCount: 1 });
    expect(page1.json.tags[1]).toMatchObject({ ticketsCount: 0 });
    const page2 = await call("GET", "/api/tags?pageNumber=2", { token: agent.token });
    expect(page2.json).toMatchObject({ count: 21, hasMore: false, tags: [{ name: "Bbb 19" }] });
    const found = await call("GET", "/api/tags?searchParam=urgen", { token: agent.token });
    expect(found.json.tags.map((t: { id: number }) => t.id)).toEqual([first.id]);
  });

  it("never shows another company's tags", async () => {
    const tag = await createTag(teamA.company.id, { name: uniqueName("Privada") });
    const res = await call("GET", `/api/tags?searchParam=${encodeURIComponent(tag.name)}`, { token: teamB.admin.token });
    expect(res.json).toEqual({ tags: [], count: 0, hasMore: false });
  });

  it("names an invalid pageNumber, and answers 401 without a token", async () => {
    const res = await call("GET", "/api/tags?pageNumber=0", { token: teamA.agent.token });
    expect(res.status).toBe(400);
    expect(res.json.fields).toHaveProperty("pageNumber");
    expect((await call("GET", "/api/tags")).status).toBe(401);
  });
});

describe("GET /api/tags/list and /api/tags/kanban", () => {
  it("gives pickers every tag of the company, and the kanban lanes under lista", async () => {
    const { company, agent } = await companyWithTeam();
    const lane = await createTag(company.id, { name: "Em negociação", kanban: 1 });
    const plain = await createTag(company.id, { name: "Comum" });
    await createTag(teamB.company.id, { name: "De outra", kanban: 1 });
    const list = await call("GET", "/api/tags/list", { token: agent.token });
    expect(list.status).toBe(200);
    expect(list.json).toEqual([
      { id: plain.id, name: "Comum", color: "#A4CCCC", kanban: 0 },
      { id: lane.id, name: "Em negociação", color: "#A4CCCC", kanban: 1 },
    ]);
    const kanban = await call("GET", "/api/tags/kanban", { token: agent.token });
    expect(kanban.json).toEqual({ lista: [{ id: lane.id, name: "Em negociação", color: "#A4CCCC", kanban: 1 }] });
  });

  it("answers 401 without a token", async () => {
    expect((await call("GET", "/api/tags/list")).status).toBe(401);
    expect((await call("GET", "/api/tags/kanban")).status).toBe(401);
  });
});

describe("GET /api/tags/:id", () => {
  it("shows a tag of the company, and 404 to another company", async () => {
    const tag = await createTag(teamA.company.id);
    const mine = await call("GET", `/api/tags/${tag.id}`, { token: teamA.agent.token });
    expect(mine.status).toBe(200);
    expect(mine.json).toMatchObject({ id: tag.id, name: tag.name, ticketsCount: 0 });
    const other = await call("GET", `/api/tags/${tag.id}`, { token: teamB.admin.token });
    expect(other.status).toBe(404);
    expect(other.json.error).toBe("ERR_NO_TAG_FOUND");
    expect((await call("GET", `/api/tags/${tag.id}`)).status).toBe(401);
  });
});

describe("POST /api/tags", () => {
  it("adds a tag created by the user, kanban lane when an admin or supervisor asks", async () => {
    const { company, agent, supervisor } = await companyWithTeam();
    const res = await call("POST", "/api/tags", { token: supervisor.token, body: { name: "  Proposta ", color: "#00ff00", kanban: 1 } });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ id: expect.any(Number), name: "Proposta", color: "#00ff00", kanban: 1, userId: supervisor.id, ticketsCount: 0 });
    const byAgent = await call("POST", "/api/tags", { token: agent.token, body: { name: "Do agente", kanban: 1 } });
    expect(byAgent.status).toBe(201);
    // tags:kanbanToggle: an agent's kanban is ignored, and the colour has a default.
    expect(byAgent.json).toMatchObject({ kanban: 0, color: "#A4CCCC", userId: agent.id });
    expect(await tagCount(company.id)).toBe(2);
  });

  it("refuses a name the company already has (letter case aside) with 409 ERR_DUPLICATED_TAG", async () => {
    const { company, agent } = await companyWithTeam();
    await createTag(company.id, { name: "Cliente VIP" });
    const res = await call("POST", "/api/tags", { token: agent.token, body: { name: "cliente vip" } });
    expect(res.status).toBe(409);
    expect(res.json.error).toBe("ERR_DUPLICATED_TAG");
    const otherCompany = await call("POST", "/api/tags", { token: teamB.agent.token, body: { name: "Cliente VIP" } });
    expect(otherCompany.status).toBe(201);
  });

  it("names the invalid fields with the form's messages and writes nothing", async () => {
    const { company, agent } = await companyWithTeam();
    const missing = await call("POST", "/api/tags", { token: agent.token, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.json.fields).toEqual({ name: "Required" });
    const short = await call("POST", "/api/tags", { token: agent.token, body: { name: "ab", color: "red", kanban: 2 } });
    expect(short.json.fields).toEqual({ name: "Too Short!", color: expect.any(String), kanban: "Must be 0 or 1" });
    expect(await tagCount(company.id)).toBe(0);
  });

  it("tells the company's open tabs, and no other company's", async () => {
    const mine = await connect(teamA.agent.token);
    const other = await connect(teamB.agent.token);
    const res = await call("POST", "/api/tags", { token: teamA.admin.token, body: { name: uniqueName("Ao vivo") } });
    const event = await mine.next((e) => e.type === "tag" && e.action === "create");
    expect(event).toMatchObject({ tag: { id: res.json.id, name: res.json.name, kanban: 0 } });
    expect((await other.quiet()).some((e) => e.type === "tag")).toBe(false);
  });

  it("answers 401 without a token and writes nothing", async () => {
    const before = await tagCount(teamA.company.id);
    expect((await call("POST", "/api/tags", { body: { name: "Anônima" } })).status).toBe(401);
    expect(await tagCount(teamA.company.id)).toBe(before);
  });
});

describe("PUT /api/tags/:id", () => {
  it("lets an admin or supervisor edit any tag, kanban included", async () => {
    const tag = await createTag(teamA.company.id, { userId: teamA.agent.id });
    const res = await call("PUT", `/api/tags/${tag.id}`, { token: teamA.supervisor.token, body: { name: uniqueName("Lane"), color: "#123456", kanban: 1, userId: 999 } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ color: "#123456", kanban: 1, userId: teamA.agent.id });
  });

  it("lets the creator edit their own tag but not its kanban flag", async () => {
    const tag = await createTag(teamA.company.id, { userId: teamA.agent.id });
    const res = await call("PUT", `/api/tags/${tag.id}`, { token: teamA.agent.token, body: { color: "#abcdef", kanban: 1 } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ color: "#abcdef", kanban: 0 });
  });

  it("refuses an agent editing a colleague's tag, or a kanban lane, with 403", async () => {
    const colleagues = await createTag(teamA.company.id, { userId: teamA.supervisor.id });
    const lane = await createTag(teamA.company.id, { userId: teamA.agent.id, kanban: 1 });
    for (const tag of [colleagues, lane]) {
      const res = await call("PUT", `/api/tags/${tag.id}`, { token: teamA.agent.token, body: { name: "Mudada" } });
      expect(res.status).toBe(403);
      expect((await tagRow(tag))?.name).toBe(tag.name);
    }
  });

  it("refuses another tag's name with 409, and names invalid fields with 400, changing nothing", async () => {
    const taken = await createTag(teamA.company.id, { name: uniqueName("Ocupada") });
    const tag = await createTag(teamA.company.id);
    const dup = await call("PUT", `/api/tags/${tag.id}`, { token: teamA.admin.token, body: { name: taken.name.toUpperCase() } });
    expect(dup.status).toBe(409);
    const bad = await call("PUT", `/api/tags/${tag.id}`, { token: teamA.admin.token, body: { name: "x" } });
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toEqual({ name: "Too Short!" });
    expect((await tagRow(tag))?.name).toBe(tag.name);
  });

  it("publishes the change to the company", async () => {
    const tag = await createTag(teamA.company.id);
    const socket = await connect(teamA.agent.token);
    await call("PUT", `/api/tags/${tag.id}`, { token: teamA.admin.token, body: { color: "#654321" } });
    expect(await socket.next((e) => e.type === "tag" && e.action === "update")).toMatchObject({ tag: { id: tag.id, color: "#654321" } });
  });

  it("answers 404 to another company and 401 without a token, changing nothing", async () => {
    const tag = await createTag(teamA.company.id);
    expect((await call("PUT", `/api/tags/${tag.id}`, { token: teamB.admin.token, body: { name: "Invadida" } })).status).toBe(404);
    expect((await call("PUT", `/api/tags/${tag.id}`, { body: { name: "Anônima" } })).status).toBe(401);
    expect((await tagRow(tag))?.name).toBe(tag.name);
  });
});

describe("DELETE /api/tags/:id", () => {
  it("lets an admin or supervisor delete any tag, which leaves its tickets, and tells the company", async () => {
    const { company, supervisor, agent } = await companyWithTeam();
    const contact = await createContact(company.id);
    const ticket = await createTicketRow(company.id, { contactId: contact.id });
    const tag = await createTag(company.id, { userId: agent.id, kanban: 1 });
    await tagTicket(ticket.companyId, ticket.id, tag.id);
    const socket = await connect(agent.token);
    const res = await call("DELETE", `/api/tags/${tag.id}`, { token: supervisor.token });
    expect(res.status).toBe(200);
    expect(await tagRow(tag)).toBeUndefined();
    expect(await tagIdsOf(ticket)).toEqual([]);
    expect(await socket.next((e) => e.type === "tag" && e.action === "delete")).toMatchObject({ tagId: tag.id });
  });

  it("lets the creator delete their own tag", async () => {
    const tag = await createTag(teamA.company.id, { userId: teamA.agent.id });
    expect((await call("DELETE", `/api/tags/${tag.id}`, { token: teamA.agent.token })).status).toBe(200);
    expect(await tagRow(tag)).toBeUndefined();
  });

  it("refuses an agent deleting a colleague's tag or a kanban lane with 403", async () => {
    const colleagues = await createTag(teamA.company.id, { userId: teamA.admin.id });
    const lane = await createTag(teamA.company.id, { userId: teamA.agent.id, kanban: 1 });
    expect((await call("DELETE", `/api/tags/${colleagues.id}`, { token: teamA.agent.token })).status).toBe(403);
    expect((await call("DELETE", `/api/tags/${lane.id}`, { token: teamA.agent.token })).status).toBe(403);
    expect(await tagRow(colleagues)).toBeDefined();
    expect(await tagRow(lane)).toBeDefined();
  });

  it("answers 404 to another company and 401 without a token, deleting nothing", async () => {
    const tag = await createTag(teamA.company.id);
    expect((await call("DELETE", `/api/tags/${tag.id}`, { token: teamB.admin.token })).status).toBe(404);
    expect((await call("DELETE", `/api/tags/${tag.id}`)).status).toBe(401);
    expect(await tagRow(tag)).toBeDefined();
  });
});

describe("POST /api/tags/sync", () => {
  it("sets exactly the given tags on a ticket the user can see, and refreshes lists live", async () => {
    const { company, agent, contact, sales } = await inboxCompany();
    const ticket = await createTicketRow(company.id, { contactId: contact.id, queueId: sales.id });
    const [a, b, c] = [await createTag(company.id), await createTag(company.id), await createTag(company.id)];
    await tagTicket(ticket.companyId, ticket.id, a.id);
    const socket = await connect(agent.token);
    const res = await call("POST", "/api/tags/sync", { token: agent.token, body: { ticketId: ticket.id, tags: [{ id: b.id }, { id: c.id }, { id: c.id }] } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: ticket.id });
    expect(res.json.tags.map((t: { id: number }) => t.id).sort()).toEqual([b.id, c.id].sort());
    expect(await tagIdsOf(ticket)).toEqual([b.id, c.id].sort((x, y) => x - y));
    const event = await socket.next((e) => e.type === "ticket" && e.action === "update" && e.ticket.id === ticket.id);
    expect(event).toMatchObject({ ticket: { tags: [expect.anything(), expect.anything()] } });
    // Plain ids work too, and an empty list clears the ticket.
    await call("POST", "/api/tags/sync", { token: agent.token, body: { ticketId: ticket.id, tags: [a.id] } });
    expect(await tagIdsOf(ticket)).toEqual([a.id]);
    await call("POST", "/api/tags/sync", { token: agent.token, body: { ticketId: ticket.id, tags: [] } });
    expect(await tagIdsOf(ticket)).toEqual([]);
  });

  it("writes a change of the card's lane in the ticket's history, as the board's own move, and nothing else", async () => {
    const { company, agent, contact, sales } = await inboxCompany();
    const lane = await createTag(company.id, { kanban: 1 });
    const plain = await createTag(company.id);
    const ticket = await createTicketRow(company.id, { contactId: contact.id, queueId: sales.id, status: "open" });
    const kanbanHistory = async () =>
      ((await call("GET", `/api/tickets/${ticket.id}/tracking`, { token: agent.token })).json.history as { action: string }[]).filter(
        (h) => h.action === "kanban",
      );
    const sync = (list: number[]) => call("POST", "/api/tags/sync", { token: agent.token, body: { ticketId: ticket.id, tags: list } });
    expect((await sync([plain.id])).status).toBe(200);
    expect(await kanbanHistory()).toEqual([]);
    expect((await sync([plain.id, lane.id])).status).toBe(200);
    expect(await kanbanHistory()).toEqual([expect.objectContaining({ fromTag: null, toTag: expect.objectContaining({ id: lane.id }), byUser: expect.objectContaining({ id: agent.id }) })]);
    expect((await sync([lane.id])).status).toBe(200);
    expect(await kanbanHistory()).toHaveLength(1);
    expect((await sync([])).status).toBe(200);
    expect((await kanbanHistory())[0]).toMatchObject({ fromTag: { id: lane.id }, toTag: null });
  });

  it("puts as many tags on a ticket as the contract allows (100) at once, and names a longer list with 400", async () => {
    const { company, admin, contact } = await inboxCompany();
    const ticket = await createTicketRow(company.id, { contactId: contact.id });
    const many = await inTenant(company.id, (db) =>
      Array.from({ length: 101 }, (_, i) => db.insert(tags).values({ companyId: company.id, name: `Etiqueta em massa ${i}`, color: "#A4CCCC" }).returning().get().id),
    );
    const sync = (list: number[]) => call("POST", "/api/tags/sync", { token: admin.token, body: { ticketId: ticket.id, tags: list } });
    const tooMany = await sync(many);
    expect(tooMany.status).toBe(400);
    expect(Object.keys(tooMany.json.fields)).toEqual(["tags"]);
    // A hundred tag ids and the company were 101 bound parameters: a 500 before they were bound as one.
    const res = await sync(many.slice(0, 100));
    expect(res.status).toBe(200);
    expect(res.json.tags).toHaveLength(100);
    expect(await tagIdsOf(ticket)).toEqual(many.slice(0, 100));
  });

  it("answers 400 naming tags of another company, changing nothing", async () => {
    const { company, admin, contact } = await inboxCompany();
    const ticket = await createTicketRow(company.id, { contactId: contact.id });
    const mine = await createTag(company.id);
    await tagTicket(ticket.companyId, ticket.id, mine.id);
    const foreign = await createTag(teamB.company.id);
    const res = await call("POST", "/api/tags/sync", { token: admin.token, body: { ticketId: ticket.id, tags: [foreign.id] } });
    expect(res.status).toBe(400);
    expect(res.json.fields).toEqual({ tags: "Unknown tag" });
    expect(await tagIdsOf(ticket)).toEqual([mine.id]);
    const malformed = await call("POST", "/api/tags/sync", { token: admin.token, body: { ticketId: "x", tags: "y" } });
    expect(Object.keys(malformed.json.fields).sort()).toEqual(["tags", "ticketId"]);
  });

  it("refuses a ticket outside the agent's queues with 403 and another company's with 404", async () => {
    const { company, agent, contact, support } = await inboxCompany();
    const ticket = await createTicketRow(company.id, { contactId: contact.id, queueId: support.id });
    const tag = await createTag(company.id);
    expect((await call("POST", "/api/tags/sync", { token: agent.token, body: { ticketId: ticket.id, tags: [tag.id] } })).status).toBe(403);
    const other = await inboxCompany();
    const foreign = await call("POST", "/api/tags/sync", { token: other.admin.token, body: { ticketId: ticket.id, tags: [] } });
    expect(foreign.status).toBe(404);
    expect(await tagIdsOf(ticket)).toEqual([]);
  });

  it("follows the viewgroups setting for group tickets", async () => {
    const { company, agent, sales } = await inboxCompany();
    const group = await createContact(company.id, { number: "120363000000000001", isGroup: true });
    const ticket = await createTicketRow(company.id, { contactId: group.id, queueId: sales.id, isGroup: true });
    const tag = await createTag(company.id);
    expect((await call("POST", "/api/tags/sync", { token: agent.token, body: { ticketId: ticket.id, tags: [tag.id] } })).status).toBe(403);
    await setSetting(company.id, "viewgroups", "enabled");
    expect((await call("POST", "/api/tags/sync", { token: agent.token, body: { ticketId: ticket.id, tags: [tag.id] } })).status).toBe(200);
  });

  it("answers 401 without a token", async () => {
    expect((await call("POST", "/api/tags/sync", { body: { ticketId: 1, tags: [] } })).status).toBe(401);
  });
});

describe("PUT /api/ticket-tags/:ticketId/:tagId and DELETE /api/ticket-tags/:ticketId", () => {
  it("moves a ticket between kanban lanes: out of its lane (other tags stay), into the new one", async () => {
    const { company, agent, contact, sales } = await inboxCompany();
    const ticket = await createTicketRow(company.id, { contactId: contact.id, queueId: sales.id });
    const from = await createTag(company.id, { kanban: 1 });
    const to = await createTag(company.id, { kanban: 1 });
    const plain = await createTag(company.id);
    await tagTicket(ticket.companyId, ticket.id, from.id);
    await tagTicket(ticket.companyId, ticket.id, plain.id);
    const out = await call("DELETE", `/api/ticket-tags/${ticket.id}`, { token: agent.token });
    expect(out.status).toBe(200);
    expect(out.json.tags.map((t: { id: number }) => t.id)).toEqual([plain.id]);
    const socket = await connect(agent.token);
    const into = await call("PUT", `/api/ticket-tags/${ticket.id}/${to.id}`, { token: agent.token });
    expect(into.status).toBe(200);
    expect(await tagIdsOf(ticket)).toEqual([to.id, plain.id].sort((x, y) => x - y));
    await socket.next((e) => e.type === "ticket" && e.action === "update" && e.ticket.id === ticket.id);
    // Putting the same tag again changes nothing.
    expect((await call("PUT", `/api/ticket-tags/${ticket.id}/${to.id}`, { token: agent.token })).status).toBe(200);
    expect(await tagIdsOf(ticket)).toHaveLength(2);
  });

  it("ends a card moved by two agents at once through DELETE then PUT in exactly one of their lanes", async () => {
    const { company, agent, supervisor, contact, sales } = await inboxCompany();
    const from = await createTag(company.id, { kanban: 1 });
    const lanes = [await createTag(company.id, { kanban: 1 }), await createTag(company.id, { kanban: 1 })];
    const plain = await createTag(company.id);
    for (let round = 0; round < 5; round++) {
      const ticket = await createTicketRow(company.id, { contactId: contact.id, queueId: sales.id, status: "open" });
      await tagTicket(company.id, ticket.id, from.id);
      await tagTicket(company.id, ticket.id, plain.id);
      // Both take the card out of its lane, then both drop it: each PUT lands after both DELETEs.
      const out = await Promise.all([agent, supervisor].map((u) => call("DELETE", `/api/ticket-tags/${ticket.id}`, { token: u.token })));
      expect(out.map((r) => r.status)).toEqual([200, 200]);
      const into = await Promise.all(
        [agent, supervisor].map((u, i) => call("PUT", `/api/ticket-tags/${ticket.id}/${lanes[i]!.id}`, { token: u.token })),
      );
      expect(into.map((r) => r.status)).toEqual([200, 200]);
      const now = (await tagIdsOf(ticket)).filter((id) => id !== plain.id);
      expect(now).toHaveLength(1);
      expect(lanes.map((l) => l.id)).toContain(now[0]);
      // The tag that is not a lane stayed through both moves.
      expect(await tagIdsOf(ticket)).toContain(plain.id);
    }
  });

  it("writes a lane tag's PUT and a lane's DELETE in the ticket's history, as the board's own move", async () => {
    const { company, agent, contact, sales } = await inboxCompany();
    const proposal = await createTag(company.id, { name: uniqueName("Proposta"), kanban: 1 });
    const won = await createTag(company.id, { name: uniqueName("Fechado"), kanban: 1 });
    const ticket = await createTicketRow(company.id, { contactId: contact.id, queueId: sales.id, status: "open" });
    const kanbanHistory = async () =>
      ((await call("GET", `/api/tickets/${ticket.id}/tracking`, { token: agent.token })).json.history as { action: string }[]).filter(
        (h) => h.action === "kanban",
      );
    expect(await kanbanHistory()).toEqual([]);

    const into = await call("PUT", `/api/ticket-tags/${ticket.id}/${proposal.id}`, { token: agent.token });
    expect(into.status).toBe(200);
    expect(into.json.kanbanLaneAt).toEqual(expect.any(String));
    expect(await kanbanHistory()).toEqual([expect.objectContaining({ fromTag: null, toTag: expect.objectContaining({ id: proposal.id }), byUser: expect.objectContaining({ id: agent.id }) })]);
    // Straight into another lane (no DELETE first): it leaves the old one, and that is one move.
    expect((await call("PUT", `/api/ticket-tags/${ticket.id}/${won.id}`, { token: agent.token })).status).toBe(200);
    expect(await tagIdsOf(ticket)).toEqual([won.id]);
    expect((await kanbanHistory())[0]).toMatchObject({ fromTag: { id: proposal.id }, toTag: { id: won.id } });
    // Out of its lane: a move to 'Em aberto'.
    expect((await call("DELETE", `/api/ticket-tags/${ticket.id}`, { token: agent.token })).status).toBe(200);
    expect((await kanbanHistory())[0]).toMatchObject({ fromTag: { id: won.id }, toTag: null });
    // Nothing moved, nothing written: the same lane again, or out of no lane.
    expect((await call("PUT", `/api/ticket-tags/${ticket.id}/${won.id}`, { token: agent.token })).status).toBe(200);
    expect((await call("PUT", `/api/ticket-tags/${ticket.id}/${won.id}`, { token: agent.token })).status).toBe(200);
    expect((await call("DELETE", `/api/ticket-tags/${ticket.id}`, { token: agent.token })).status).toBe(200);
    expect((await call("DELETE", `/api/ticket-tags/${ticket.id}`, { token: agent.token })).status).toBe(200);
    expect(await kanbanHistory()).toHaveLength(5);
  });

  it("adds a tag that is not a lane beside the others, moving nothing and writing no history", async () => {
    const { company, agent, contact, sales } = await inboxCompany();
    const lane = await createTag(company.id, { kanban: 1 });
    const vip = await createTag(company.id);
    const late = await createTag(company.id);
    const ticket = await createTicketRow(company.id, { contactId: contact.id, queueId: sales.id, status: "open" });
    await tagTicket(company.id, ticket.id, lane.id);
    await tagTicket(company.id, ticket.id, vip.id);
    const res = await call("PUT", `/api/ticket-tags/${ticket.id}/${late.id}`, { token: agent.token });
    expect(res.status).toBe(200);
    expect(res.json.kanbanLaneAt).toBeNull();
    expect(await tagIdsOf(ticket)).toEqual([lane.id, vip.id, late.id].sort((x, y) => x - y));
    const history = (await call("GET", `/api/tickets/${ticket.id}/tracking`, { token: agent.token })).json.history as { action: string }[];
    expect(history.filter((h) => h.action === "kanban")).toEqual([]);
  });

  it("answers 404 for another company's tag or ticket, and 403 outside the agent's queues", async () => {
    const { company, agent, admin, contact, support } = await inboxCompany();
    const ticket = await createTicketRow(company.id, { contactId: contact.id, queueId: support.id });
    const tag = await createTag(company.id, { kanban: 1 });
    const foreignTag = await createTag(teamB.company.id, { kanban: 1 });
    const res = await call("PUT", `/api/ticket-tags/${ticket.id}/${foreignTag.id}`, { token: admin.token });
    expect(res.status).toBe(404);
    expect(res.json.error).toBe("ERR_NO_TAG_FOUND");
    expect((await call("PUT", `/api/ticket-tags/${ticket.id}/${tag.id}`, { token: teamB.admin.token })).status).toBe(404);
    expect((await call("DELETE", `/api/ticket-tags/${ticket.id}`, { token: teamB.admin.token })).status).toBe(404);
    expect((await call("PUT", `/api/ticket-tags/${ticket.id}/${tag.id}`, { token: agent.token })).status).toBe(403);
    expect((await call("DELETE", `/api/ticket-tags/${ticket.id}`, { token: agent.token })).status).toBe(403);
    expect(await tagIdsOf(ticket)).toEqual([]);
    const history = (await call("GET", `/api/tickets/${ticket.id}/tracking`, { token: admin.token })).json.history as { action: string }[];
    expect(history.filter((h) => h.action === "kanban")).toEqual([]);
    expect((await call("GET", `/api/tickets/${ticket.id}/tracking`, { token: teamB.admin.token })).status).toBe(404);
  });

  it("answers 404 for ids that are not ids, and 401 without a token", async () => {
    expect((await call("PUT", "/api/ticket-tags/abc/1", { token: teamA.admin.token })).status).toBe(404);
    expect((await call("PUT", "/api/ticket-tags/1/1")).status).toBe(401);
    expect((await call("DELETE", "/api/ticket-tags/1")).status).toBe(401);
  });
});
