import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { tags, tickets, ticketTags, ticketTracking } from "../../db/tenant";
import { KANBAN_LANE_PAGE_SIZE } from "../../contracts/kanban";
import { call, companyWithTeam, createPlan, createUser, inTenant, loginAs } from "../../testing/fixtures";
import { createContact, createTicketRow, inboxCompany } from "../../testing/inbox";
import { createTag, tagTicket } from "../../testing/records";
import { connect } from "../../testing/sockets";

type Inbox = Awaited<ReturnType<typeof inboxCompany>>;
let a: Inbox;
let b: Inbox;
beforeAll(async () => {
  a = await inboxCompany();
  b = await inboxCompany();
});

type Row = { id: number; companyId: number };
const laneTagsOf = async (ticket: Row) =>
  (
    await inTenant(ticket.companyId, (db) =>
      db
        .select({ id: tags.id })
        .from(ticketTags)
        .innerJoin(tags, eq(tags.id, ticketTags.tagId))
        .where(and(eq(ticketTags.ticketId, ticket.id), eq(tags.kanban, 1)))
        .all(),
    )
  ).map((r) => r.id);
const tagIdsOf = async (ticket: Row) =>
  (await inTenant(ticket.companyId, (db) => db.select({ id: ticketTags.tagId }).from(ticketTags).where(eq(ticketTags.ticketId, ticket.id)).all()))
    .map((r) => r.id)
    .sort((x, y) => x - y);
const kanbanRowsOf = (ticket: Row) =>
  inTenant(ticket.companyId, (db) =>
    db
      .select()
      .from(ticketTracking)
      .where(and(eq(ticketTracking.ticketId, ticket.id), eq(ticketTracking.action, "kanban")))
      .all(),
  );
const ticketRow = (ticket: Row) => inTenant(ticket.companyId, (db) => db.select().from(tickets).where(eq(tickets.id, ticket.id)).get());
const ids = (list: { id: number }[]) => list.map((x) => x.id);

/** A company whose plan leaves the kanban out, with its team. */
async function companyWithoutKanban() {
  const plan = await createPlan({ useKanban: false });
  return companyWithTeam({ planId: plan.id });
}

describe("GET /api/ticket/kanban", () => {
  it("gives the board every open and pending ticket with the card's fields, its tags, agent, queue and time in lane", async () => {
    const { company, admin, contact, sales, support } = await inboxCompany();
    const lane = await createTag(company.id, { name: "Proposta", kanban: 1, color: "#112233" });
    const plain = await createTag(company.id, { name: "VIP" });
    const older = await createTicketRow(company.id, { contactId: contact.id, queueId: sales.id, status: "open", userId: admin.id, lastMessage: "Quero um orçamento", updatedAt: new Date(Date.now() - 60_000) });
    const other = await createContact(company.id, { name: "Beatriz" });
    const newer = await createTicketRow(company.id, { contactId: other.id, queueId: support.id, status: "pending" });
    await createTicketRow(company.id, { contactId: (await createContact(company.id)).id, status: "closed" });
    await tagTicket(company.id, older.id, lane.id);
    await tagTicket(company.id, older.id, plain.id);

    const res = await call("GET", "/api/ticket/kanban", { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.json.hasMore).toBe(false);
    // The most recently active first; closed tickets are not on the board.
    expect(ids(res.json.tickets)).toEqual([newer.id, older.id]);
    expect(res.json.tickets[1]).toEqual({
      id: older.id,
      uuid: older.uuid,
      status: "open",
      lastMessage: "Quero um orçamento",
      isGroup: false,
      userId: admin.id,
      queueId: sales.id,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      kanbanLaneAt: null,
      contact: { id: contact.id, name: contact.name, number: contact.number, profilePicUrl: "" },
      user: { id: admin.id, name: admin.name },
      queue: { id: sales.id, name: "Vendas", color: sales.color },
      tags: [
        { id: lane.id, name: "Proposta", color: "#112233", kanban: 1 },
        { id: plain.id, name: "VIP", color: "#A4CCCC", kanban: 0 },
      ],
    });
    expect(res.json.tickets[0]).toMatchObject({ user: null, queue: { id: support.id }, tags: [] });

    const onlySupport = await call("GET", `/api/ticket/kanban?queueIds=${encodeURIComponent(JSON.stringify([support.id]))}`, { token: admin.token });
    expect(ids(onlySupport.json.tickets)).toEqual([newer.id]);
  });

  it("loads only tickets of the agent's own queues, whatever queues are asked for", async () => {
    const { company, agent, contact, sales, support } = await inboxCompany();
    const mine = await createTicketRow(company.id, { contactId: contact.id, queueId: sales.id, status: "open" });
    await createTicketRow(company.id, { contactId: (await createContact(company.id)).id, queueId: support.id, status: "pending" });
    await createTicketRow(company.id, { contactId: (await createContact(company.id)).id, status: "pending" });

    expect(ids((await call("GET", "/api/ticket/kanban", { token: agent.token })).json.tickets)).toEqual([mine.id]);
    const asked = await call("GET", `/api/ticket/kanban?queueIds=[${support.id}]`, { token: agent.token });
    expect(asked.json).toMatchObject({ tickets: [], hasMore: false });

    const noQueues = await createUser(company.id, { profile: "user" });
    const empty = await call("GET", "/api/ticket/kanban", { token: await loginAs(noQueues.email) });
    expect(empty.json).toMatchObject({ tickets: [], hasMore: false, lanes: [{ laneTagId: null, count: 0, hasMore: false, cursor: null }] });
  });

  it("never shows another company's tickets, even for its queue ids", async () => {
    const ticket = await createTicketRow(a.company.id, { contactId: a.contact.id, queueId: a.sales.id, status: "open" });
    const res = await call("GET", `/api/ticket/kanban?queueIds=[${a.sales.id},${a.support.id}]`, { token: b.admin.token });
    expect(res.status).toBe(200);
    expect(ids(res.json.tickets)).not.toContain(ticket.id);
    expect(res.json.tickets).toEqual([]);
    const all = await call("GET", "/api/ticket/kanban", { token: b.admin.token });
    expect(ids(all.json.tickets)).not.toContain(ticket.id);
  });

  it("sends the first page of every lane at once, then a lane's next page after its cursor", async () => {
    const { company, admin, contact } = await inboxCompany();
    const full = await createTag(company.id, { name: "A cheia", kanban: 1 });
    const empty = await createTag(company.id, { name: "B vazia", kanban: 1 });
    const now = Date.now();
    const inFull: number[] = [];
    // The most recently active first: one more than a page, plus one tie of activity (the higher id first).
    for (let i = 0; i <= KANBAN_LANE_PAGE_SIZE + 1; i++) {
      const ticket = await createTicketRow(company.id, { contactId: contact.id, status: "open", updatedAt: new Date(now - Math.min(i, KANBAN_LANE_PAGE_SIZE) * 1000) });
      await tagTicket(company.id, ticket.id, full.id);
      inFull.push(ticket.id);
    }
    const expectedFull = inFull.map((id, i) => ({ id, at: now - Math.min(i, KANBAN_LANE_PAGE_SIZE) * 1000 })).sort((x, y) => y.at - x.at || y.id - x.id).map((c) => c.id);
    const open = await createTicketRow(company.id, { contactId: contact.id, status: "pending", updatedAt: new Date(now - 500) });

    const first = await call("GET", "/api/ticket/kanban", { token: admin.token });
    expect(first.status).toBe(200);
    expect(first.json.hasMore).toBe(true);
    expect(first.json.lanes).toEqual([
      { laneTagId: null, count: 1, hasMore: false, cursor: null },
      { laneTagId: full.id, count: KANBAN_LANE_PAGE_SIZE + 2, hasMore: true, cursor: expect.any(String) },
      { laneTagId: empty.id, count: 0, hasMore: false, cursor: null },
    ]);
    const firstIds = ids(first.json.tickets);
    expect(firstIds).toHaveLength(KANBAN_LANE_PAGE_SIZE + 1);
    expect(firstIds.filter((id) => id !== open.id)).toEqual(expectedFull.slice(0, KANBAN_LANE_PAGE_SIZE));
    // Across lanes, the most recently active first, as before lanes were paged.
    expect(firstIds.indexOf(open.id)).toBe(1);

    const next = await call("GET", `/api/ticket/kanban?lane=${full.id}&cursor=${first.json.lanes[1].cursor}`, { token: admin.token });
    expect(next.status).toBe(200);
    expect(next.json).toMatchObject({ hasMore: false, lanes: [{ laneTagId: full.id, count: KANBAN_LANE_PAGE_SIZE + 2, hasMore: false, cursor: null }] });
    expect(ids(next.json.tickets)).toEqual(expectedFull.slice(KANBAN_LANE_PAGE_SIZE));
    expect(next.json.tickets[0]).toMatchObject({ contact: { id: contact.id }, tags: [{ id: full.id, kanban: 1 }] });

    const openLane = await call("GET", "/api/ticket/kanban?lane=open", { token: admin.token });
    expect(openLane.json).toEqual({ tickets: [expect.objectContaining({ id: open.id })], hasMore: false, lanes: [{ laneTagId: null, count: 1, hasMore: false, cursor: null }] });
  });

  it("skips no card of a lane's next page when cards of its first page left the lane meanwhile", async () => {
    const { company, admin, contact } = await inboxCompany();
    const lane = await createTag(company.id, { kanban: 1 });
    const other = await createTag(company.id, { kanban: 1 });
    const now = Date.now();
    const cards: number[] = [];
    for (let i = 0; i < KANBAN_LANE_PAGE_SIZE + 3; i++) {
      const ticket = await createTicketRow(company.id, { contactId: contact.id, status: "open", updatedAt: new Date(now - i * 1000) });
      await tagTicket(company.id, ticket.id, lane.id);
      cards.push(ticket.id);
    }
    const first = await call("GET", "/api/ticket/kanban", { token: admin.token });
    const cursor = first.json.lanes.find((l: { laneTagId: number | null }) => l.laneTagId === lane.id).cursor;
    // Two cards of the first page go elsewhere before the lane is scrolled to its end.
    for (const id of cards.slice(0, 2)) expect((await call("PUT", `/api/ticket/kanban/${id}`, { token: admin.token, body: { toTagId: other.id } })).status).toBe(200);
    const next = await call("GET", `/api/ticket/kanban?lane=${lane.id}&cursor=${cursor}`, { token: admin.token });
    expect(ids(next.json.tickets)).toEqual(cards.slice(KANBAN_LANE_PAGE_SIZE));
    expect(next.json.lanes[0]).toMatchObject({ count: KANBAN_LANE_PAGE_SIZE + 1, hasMore: false });
  });

  it("names a lane or cursor that is not one, and answers 404 for another company's lane", async () => {
    const plain = await createTag(a.company.id);
    const lane = await createTag(a.company.id, { kanban: 1 });
    const foreignLane = await createTag(b.company.id, { kanban: 1 });
    for (const [q, field] of [
      ["lane=abc", "lane"],
      ["lane=0", "lane"],
      ["lane=1e3", "lane"],
      ["cursor=1_2", "cursor"],
      [`lane=${lane.id}&cursor=abc`, "cursor"],
      [`lane=${lane.id}&cursor=12_0`, "cursor"],
      [`lane=${plain.id}`, "lane"],
    ] as const) {
      const res = await call("GET", `/api/ticket/kanban?${q}`, { token: a.admin.token });
      expect(res.status, q).toBe(400);
      expect(res.json, q).toMatchObject({ error: "ERR_VALIDATION", fields: { [field]: expect.any(String) } });
    }
    const foreign = await call("GET", `/api/ticket/kanban?lane=${foreignLane.id}`, { token: a.admin.token });
    expect(foreign.status).toBe(404);
    expect(foreign.json.error).toBe("ERR_NO_TAG_FOUND");
    // A high id (a company far up the range) is read as an id, not refused as a shape.
    expect((await call("GET", "/api/ticket/kanban?lane=9000000000123", { token: a.admin.token })).status).toBe(404);
  });

  it("never pages another company's lane or tickets", async () => {
    const lane = await createTag(a.company.id, { kanban: 1 });
    const ticket = await createTicketRow(a.company.id, { contactId: a.contact.id, queueId: a.sales.id, status: "open" });
    await tagTicket(a.company.id, ticket.id, lane.id);
    const open = await call("GET", "/api/ticket/kanban?lane=open", { token: b.admin.token });
    expect(ids(open.json.tickets)).not.toContain(ticket.id);
    expect((await call("GET", `/api/ticket/kanban?lane=${lane.id}`, { token: b.admin.token })).status).toBe(404);
    const mine = await call("GET", `/api/ticket/kanban?lane=${lane.id}`, { token: a.admin.token });
    expect(ids(mine.json.tickets)).toEqual([ticket.id]);
  });

  it("names a queueIds that is not a list of ids, and answers 401 without a token", async () => {
    for (const bad of ["abc", "[0]", "[1,-2]", encodeURIComponent(JSON.stringify(Array.from({ length: 501 }, (_, i) => i + 1)))]) {
      const res = await call("GET", `/api/ticket/kanban?queueIds=${bad}`, { token: a.admin.token });
      expect(res.status, bad).toBe(400);
      expect(res.json).toMatchObject({ error: "ERR_VALIDATION", message: expect.any(String), fields: { queueIds: expect.any(String) } });
    }
    expect((await call("GET", "/api/ticket/kanban")).status).toBe(401);
  });
});

describe("PUT /api/ticket/kanban/:ticketId", () => {
  it("moves a card in one command: the lane tag swapped, other tags kept, time in lane restarted, history written, viewers told", async () => {
    const { company, agent, supervisor, contact, sales } = await inboxCompany();
    const proposal = await createTag(company.id, { name: "Proposta", kanban: 1 });
    const won = await createTag(company.id, { name: "Fechado", kanban: 1 });
    const plain = await createTag(company.id, { name: "VIP" });
    const ticket = await createTicketRow(company.id, { contactId: contact.id, queueId: sales.id, status: "open", updatedAt: new Date(Date.now() - 3_600_000) });
    await tagTicket(company.id, ticket.id, plain.id);
    const before = await ticketRow(ticket);
    const watcher = await connect(supervisor.token);

    const into = await call("PUT", `/api/ticket/kanban/${ticket.id}`, { token: agent.token, body: { toTagId: proposal.id, fromTagId: null } });
    expect(into.status).toBe(200);
    expect(into.json).toMatchObject({ id: ticket.id, uuid: ticket.uuid, kanbanLaneAt: expect.any(String) });
    expect(ids(into.json.tags).sort()).toEqual([plain.id, proposal.id].sort());
    const event = await watcher.next((e) => e.type === "ticket" && e.action === "update" && e.ticket.id === ticket.id);
    expect(event).toMatchObject({ ticket: { kanbanLaneAt: into.json.kanbanLaneAt, tags: expect.arrayContaining([expect.objectContaining({ id: proposal.id })]) } });

    const across = await call("PUT", `/api/ticket/kanban/${ticket.id}`, { token: agent.token, body: { toTagId: won.id, fromTagId: proposal.id } });
    expect(across.status).toBe(200);
    expect(await tagIdsOf(ticket)).toEqual([plain.id, won.id].sort((x, y) => x - y));
    const out = await call("PUT", `/api/ticket/kanban/${ticket.id}`, { token: agent.token, body: { toTagId: null } });
    expect(out.status).toBe(200);
    expect(await tagIdsOf(ticket)).toEqual([plain.id]);

    const history = await kanbanRowsOf(ticket);
    expect(history.map((h) => [h.fromTagId, h.toTagId, h.byUserId])).toEqual([
      [null, proposal.id, agent.id],
      [proposal.id, won.id, agent.id],
      [won.id, null, agent.id],
    ]);
    // Not a queue event: wait and service times ignore it.
    expect(history.every((h) => h.queuedAt === null && h.startedAt === null && h.finishedAt === null)).toBe(true);
    const after = await ticketRow(ticket);
    // A lane is no activity: the inbox's order (updatedAt) stays.
    expect(after!.updatedAt.getTime()).toBe(before!.updatedAt.getTime());
    expect(after!.kanbanLaneAt).not.toBeNull();

    // The drawer's history names the lanes.
    const tracking = await call("GET", `/api/tickets/${ticket.id}/tracking`, { token: agent.token });
    const kanbanEntries = tracking.json.history.filter((h: { action: string }) => h.action === "kanban");
    expect(kanbanEntries[0]).toMatchObject({ fromTag: { id: won.id, name: "Fechado" }, toTag: null, byUser: { id: agent.id } });

    // Moving a card to where it already is changes nothing.
    expect((await call("PUT", `/api/ticket/kanban/${ticket.id}`, { token: agent.token, body: { toTagId: null } })).status).toBe(200);
    expect(await kanbanRowsOf(ticket)).toHaveLength(3);
    watcher.ws.close();
  });

  it("leaves a card that had two lanes in exactly the one it is moved to", async () => {
    const { company, admin, contact } = await inboxCompany();
    const [x, y, z] = [await createTag(company.id, { kanban: 1 }), await createTag(company.id, { kanban: 1 }), await createTag(company.id, { kanban: 1 })];
    const ticket = await createTicketRow(company.id, { contactId: contact.id, status: "open" });
    await tagTicket(company.id, ticket.id, x.id);
    await tagTicket(company.id, ticket.id, y.id);
    const res = await call("PUT", `/api/ticket/kanban/${ticket.id}`, { token: admin.token, body: { toTagId: z.id } });
    expect(res.status).toBe(200);
    expect(await laneTagsOf(ticket)).toEqual([z.id]);
  });

  it("ends a card moved by two agents at once in exactly one of their lanes", async () => {
    const { company, agent, supervisor, contact, sales } = await inboxCompany();
    const from = await createTag(company.id, { kanban: 1 });
    const lanes = [await createTag(company.id, { kanban: 1 }), await createTag(company.id, { kanban: 1 })];
    for (let round = 0; round < 5; round++) {
      const ticket = await createTicketRow(company.id, { contactId: contact.id, queueId: sales.id, status: "open" });
      await tagTicket(company.id, ticket.id, from.id);
      const answers = await Promise.all([
        call("PUT", `/api/ticket/kanban/${ticket.id}`, { token: agent.token, body: { toTagId: lanes[0]!.id, fromTagId: from.id } }),
        call("PUT", `/api/ticket/kanban/${ticket.id}`, { token: supervisor.token, body: { toTagId: lanes[1]!.id, fromTagId: from.id } }),
      ]);
      // Whoever came second either saw the card gone (409, nothing changed) or moved it on from there.
      expect(answers.some((r) => r.status === 200)).toBe(true);
      for (const r of answers) expect([200, 409]).toContain(r.status);
      const inLanes = await laneTagsOf(ticket);
      expect(inLanes).toHaveLength(1);
      expect(ids(lanes)).toContain(inLanes[0]);
      const refused = answers.find((r) => r.status === 409);
      if (refused) expect(refused.json).toMatchObject({ error: "ERR_KANBAN_CARD_MOVED", laneTagId: inLanes[0] });
      expect(await kanbanRowsOf(ticket)).toHaveLength(answers.filter((r) => r.status === 200).length);
    }
  });

  it("answers 409 with where the card is when it moved since the mover saw it, changing nothing", async () => {
    const { company, admin, contact } = await inboxCompany();
    const seen = await createTag(company.id, { kanban: 1 });
    const now = await createTag(company.id, { kanban: 1 });
    const ticket = await createTicketRow(company.id, { contactId: contact.id, status: "open" });
    await tagTicket(company.id, ticket.id, now.id);
    const res = await call("PUT", `/api/ticket/kanban/${ticket.id}`, { token: admin.token, body: { toTagId: null, fromTagId: seen.id } });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ error: "ERR_KANBAN_CARD_MOVED", message: expect.any(String), laneTagId: now.id });
    expect(await laneTagsOf(ticket)).toEqual([now.id]);
    expect(await kanbanRowsOf(ticket)).toEqual([]);
  });

  it("names what is wrong with the body: no lane, not an id, a tag that is not a lane", async () => {
    const { company, admin, contact } = await inboxCompany();
    const plain = await createTag(company.id);
    const ticket = await createTicketRow(company.id, { contactId: contact.id, status: "open" });
    const missing = await call("PUT", `/api/ticket/kanban/${ticket.id}`, { token: admin.token, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({ error: "ERR_VALIDATION", message: expect.any(String), fields: { toTagId: "Required" } });
    const notId = await call("PUT", `/api/ticket/kanban/${ticket.id}`, { token: admin.token, body: { toTagId: "abc", fromTagId: -1 } });
    expect(notId.status).toBe(400);
    expect(Object.keys(notId.json.fields).sort()).toEqual(["fromTagId", "toTagId"]);
    const notLane = await call("PUT", `/api/ticket/kanban/${ticket.id}`, { token: admin.token, body: { toTagId: plain.id } });
    expect(notLane.status).toBe(400);
    expect(notLane.json.fields).toEqual({ toTagId: "Not a kanban lane" });
    expect(await tagIdsOf(ticket)).toEqual([]);
  });

  it("answers 404 for another company's ticket or lane and 403 outside the agent's queues, changing nothing", async () => {
    const lane = await createTag(a.company.id, { kanban: 1 });
    const foreignLane = await createTag(b.company.id, { kanban: 1 });
    const ticket = await createTicketRow(a.company.id, { contactId: a.contact.id, queueId: a.support.id, status: "open" });
    const foreign = await call("PUT", `/api/ticket/kanban/${ticket.id}`, { token: b.admin.token, body: { toTagId: foreignLane.id } });
    expect(foreign.status).toBe(404);
    expect(foreign.json.error).toBe("ERR_NO_TICKET_FOUND");
    const foreignTag = await call("PUT", `/api/ticket/kanban/${ticket.id}`, { token: a.admin.token, body: { toTagId: foreignLane.id } });
    expect(foreignTag.status).toBe(404);
    expect(foreignTag.json.error).toBe("ERR_NO_TAG_FOUND");
    const outside = await call("PUT", `/api/ticket/kanban/${ticket.id}`, { token: a.agent.token, body: { toTagId: lane.id } });
    expect(outside.status).toBe(403);
    expect(outside.json.error).toBe("ERR_NO_PERMISSION");
    expect(await tagIdsOf(ticket)).toEqual([]);
    expect((await call("PUT", `/api/ticket/kanban/abc`, { token: a.admin.token, body: { toTagId: null } })).status).toBe(404);
    expect((await call("PUT", `/api/ticket/kanban/${ticket.id}`, { body: { toTagId: null } })).status).toBe(401);
  });
});

describe("PUT /api/tags/kanban/order", () => {
  it("lets an admin set the lanes' order, which GET /api/tags/kanban and everyone's board follow", async () => {
    const { company, admin, agent } = await companyWithTeam();
    const [x, y, z] = [
      await createTag(company.id, { name: "Aaa", kanban: 1 }),
      await createTag(company.id, { name: "Bbb", kanban: 1 }),
      await createTag(company.id, { name: "Ccc", kanban: 1 }),
    ];
    await createTag(company.id, { name: "Comum" });
    const socket = await connect(agent.token);
    const res = await call("PUT", "/api/tags/kanban/order", { token: admin.token, body: { tagIds: [z.id, x.id] } });
    expect(res.status).toBe(200);
    // Lanes not named keep their place after those named.
    expect(ids(res.json.lista)).toEqual([z.id, x.id, y.id]);
    expect(ids((await call("GET", "/api/tags/kanban", { token: agent.token })).json.lista)).toEqual([z.id, x.id, y.id]);
    const event = await socket.next((e) => e.type === "tag" && e.action === "order");
    expect(event).toMatchObject({ tagIds: [z.id, x.id, y.id] });

    // A new lane (created, or a tag made a lane) takes the right end.
    const created = await call("POST", "/api/tags", { token: admin.token, body: { name: "Aab nova", kanban: 1 } });
    const plain = await call("POST", "/api/tags", { token: admin.token, body: { name: "Aac depois" } });
    await call("PUT", `/api/tags/${plain.json.id}`, { token: admin.token, body: { kanban: 1 } });
    expect(ids((await call("GET", "/api/tags/kanban", { token: agent.token })).json.lista)).toEqual([z.id, x.id, y.id, created.json.id, plain.json.id]);
    socket.ws.close();
  });

  it("refuses supervisors and agents with 403, changing nothing", async () => {
    const { company, supervisor, agent, admin } = await companyWithTeam();
    const [x, y] = [await createTag(company.id, { name: "Xa", kanban: 1 }), await createTag(company.id, { name: "Xb", kanban: 1 })];
    for (const token of [supervisor.token, agent.token]) {
      const res = await call("PUT", "/api/tags/kanban/order", { token, body: { tagIds: [y.id, x.id] } });
      expect(res.status).toBe(403);
      expect(res.json.error).toBe("ERR_NO_PERMISSION");
    }
    expect(ids((await call("GET", "/api/tags/kanban", { token: admin.token })).json.lista)).toEqual([x.id, y.id]);
  });

  it("names a bad list, and answers 404 for another company's tag without changing either board", async () => {
    const lane = await createTag(a.company.id, { kanban: 1 });
    const plain = await createTag(a.company.id);
    for (const body of [{}, { tagIds: [] }, { tagIds: "abc" }, { tagIds: [lane.id, lane.id] }, { tagIds: [0] }]) {
      const res = await call("PUT", "/api/tags/kanban/order", { token: a.admin.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json).toMatchObject({ error: "ERR_VALIDATION", message: expect.any(String) });
      expect(Object.keys(res.json.fields).every((name) => name.startsWith("tagIds"))).toBe(true);
    }
    const notLane = await call("PUT", "/api/tags/kanban/order", { token: a.admin.token, body: { tagIds: [plain.id] } });
    expect(notLane.json.fields).toEqual({ tagIds: "Not a kanban lane" });
    const before = (await call("GET", "/api/tags/kanban", { token: b.admin.token })).json;
    const foreign = await call("PUT", "/api/tags/kanban/order", { token: b.admin.token, body: { tagIds: [lane.id] } });
    expect(foreign.status).toBe(404);
    expect(foreign.json.error).toBe("ERR_NO_TAG_FOUND");
    expect((await call("GET", "/api/tags/kanban", { token: b.admin.token })).json).toEqual(before);
    const own = await inTenant(a.company.id, (db) => db.select({ kanbanOrder: tags.kanbanOrder }).from(tags).where(eq(tags.id, lane.id)).get());
    expect(own!.kanbanOrder).toBe(0);
    expect((await call("PUT", "/api/tags/kanban/order", { body: { tagIds: [lane.id] } })).status).toBe(401);
  });
});

describe("the kanban without the plan's useKanban", () => {
  it("answers 403 ERR_PLAN_FEATURE_DISABLED on every kanban call", async () => {
    const { company, admin } = await companyWithoutKanban();
    const contact = await createContact(company.id);
    const ticket = await createTicketRow(company.id, { contactId: contact.id, status: "open" });
    const lane = await createTag(company.id, { kanban: 1 });
    const answers = [
      await call("GET", "/api/ticket/kanban", { token: admin.token }),
      await call("GET", "/api/tags/kanban", { token: admin.token }),
      await call("PUT", `/api/ticket/kanban/${ticket.id}`, { token: admin.token, body: { toTagId: lane.id } }),
      await call("PUT", "/api/tags/kanban/order", { token: admin.token, body: { tagIds: [lane.id] } }),
    ];
    for (const res of answers) {
      expect(res.status).toBe(403);
      expect(res.json).toMatchObject({ error: "ERR_PLAN_FEATURE_DISABLED", feature: "useKanban" });
    }
    expect(await laneTagsOf(ticket)).toEqual([]);
  });
});
