import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AssignmentMode } from "../../contracts/queues";
import { queues, tickets, ticketTracking, users, webhookDeliveries, whatsappQueues, queueOptions } from "../../db/tenant";
import { holdWebhookJobs, subscribeHook } from "../../testing/webhooks";
import { call, companyWithTeam, connectWs, createQueue, createUser, inHub, inTenant, loginAs } from "../../testing/fixtures";
import { deliver, inbound } from "../../testing/bridge";
import { createConnection, createContact, createTicketRow } from "../../testing/inbox";

let phone = 0;
const newNumber = () => `55119${String(70_000_000 + ++phone * 137).padStart(8, "0")}`;

/** A company whose connection leads straight into one queue with the given assignment mode, and `agents` online in it. */
async function assigningCompany(mode: AssignmentMode, agents: { online?: boolean; paused?: boolean; capacity?: number | null }[]) {
  const team = await companyWithTeam();
  const companyId = team.company.id;
  const queue = await createQueue(companyId, { name: "Atendimento" });
  // Through the API, as an admin sets it (the hub keeps the queues with assignment in memory).
  if (mode !== "off") {
    const put = await call("PUT", `/api/queue/${queue.id}`, { token: team.admin.token, body: { assignmentMode: mode } });
    if (put.status !== 200) throw new Error(`could not set the queue's assignment: ${put.status}`);
  }
  const connection = await createConnection(companyId);
  await inTenant(companyId, (db) => db.insert(whatsappQueues).values({ whatsappId: connection.id, queueId: queue.id }).run());
  const members = [];
  for (const a of agents) {
    members.push(
      await createUser(companyId, {
        queueIds: [queue.id],
        online: a.online ?? true,
        lastSeenAt: new Date(),
        assignmentPaused: a.paused ?? false,
        maxOpenTickets: a.capacity ?? null,
      }),
    );
  }
  return { ...team, companyId, queue, connection, members };
}

/** Contacts write, each from a new number, all at once through the bridge; answers when everything they set off has run. */
async function contactsWrite(companyId: number, connectionId: number, count: number) {
  await Promise.all(Array.from({ length: count }, () => deliver(inbound(connectionId, newNumber(), "Olá, preciso de ajuda"))));
  await settled(companyId);
}

const settled = (companyId: number) => inHub(companyId, (hub) => hub.settled());
const ticketsOf = (companyId: number) => inTenant(companyId, (db) => db.select().from(tickets).where(eq(tickets.companyId, companyId)).all());

/** How many open tickets each user holds. */
function heldBy(rows: { status: string; userId: number | null }[]) {
  const held = new Map<number, number>();
  for (const t of rows) if (t.status === "open" && t.userId !== null) held.set(t.userId, (held.get(t.userId) ?? 0) + 1);
  return held;
}

describe("automatic assignment", () => {
  it("round-robin spreads a queue's new tickets evenly among its online agents, each as an acceptance by the system", async () => {
    const { companyId, connection, members } = await assigningCompany("roundRobin", [{}, {}, {}]);
    await contactsWrite(companyId, connection.id, 10);

    const rows = await ticketsOf(companyId);
    expect(rows).toHaveLength(10);
    expect(rows.every((t) => t.status === "open" && t.userId !== null && !t.chatbot)).toBe(true);
    const counts = members.map((m) => heldBy(rows).get(m.id) ?? 0);
    expect(counts.reduce((a, b) => a + b)).toBe(10);
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
    const history = await inTenant(companyId, (db) => db.select().from(ticketTracking).where(eq(ticketTracking.action, "autoAssign")).all());
    expect(history).toHaveLength(10);
    expect(history[0]).toMatchObject({ fromStatus: "pending", toStatus: "open", fromUserId: null, byUserId: null, whatsappId: connection.id });
    expect(new Set(history.map((h) => h.ticketId)).size).toBe(10);
    for (const h of history) expect(rows.find((t) => t.id === h.ticketId)?.userId).toBe(h.toUserId);
  });

  it("tells the agent and the integrations as an acceptance does: the ticket's update on the agent's socket, the webhook ticket.accepted", async () => {
    const { companyId, connection, members, admin } = await assigningCompany("roundRobin", [{ online: false }]);
    holdWebhookJobs();
    await subscribeHook(admin, "/assignment", ["ticket.accepted"]);
    const socket = await connectWs(await loginAs(members[0]!.email));
    await contactsWrite(companyId, connection.id, 1);
    const [ticket] = await ticketsOf(companyId);
    expect(ticket).toMatchObject({ status: "open", userId: members[0]!.id });
    await socket.waitFor((e) => e.type === "ticket" && e.action === "update" && e.ticket?.id === ticket!.id && e.ticket.status === "open");
    const raised = await inTenant(companyId, (db) => db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventType, "ticket.accepted")).all());
    expect(raised).toHaveLength(1);
    expect(JSON.parse(raised[0]!.payload)).toMatchObject({ data: { ticket: { id: ticket!.id, status: "open" } } });
    socket.close();
  });

  it("round-robin takes turns across passes: the next ticket goes to the member after the last one given", async () => {
    const { companyId, connection, members, queue } = await assigningCompany("roundRobin", [{}, {}, {}]);
    for (let i = 0; i < 4; i++) await contactsWrite(companyId, connection.id, 1);
    const order = (await ticketsOf(companyId)).sort((a, b) => a.id - b.id).map((t) => t.userId);
    const ids = members.map((m) => m.id).sort((a, b) => a - b);
    expect(order).toEqual([ids[0], ids[1], ids[2], ids[0]]);
    expect((await inTenant(companyId, (db) => db.select().from(queues).where(eq(queues.id, queue.id)).get()))?.lastAssignedUserId).toBe(ids[0]);
  });

  it("least busy gives each ticket to the agent with the fewest open tickets, a tie to the one who waited longest", async () => {
    const { companyId, connection, members } = await assigningCompany("leastBusy", [{}, {}, {}]);
    const [busy, idle, middling] = members;
    const hold = async (userId: number, n: number) => {
      for (let i = 0; i < n; i++) {
        await createTicketRow(companyId, { contactId: (await createContact(companyId)).id, whatsappId: connection.id, status: "open", userId });
      }
    };
    await hold(busy!.id, 3);
    await hold(middling!.id, 1);
    await contactsWrite(companyId, connection.id, 3);

    const held = heldBy(await ticketsOf(companyId));
    // idle 0 → 1; then idle and middling tie at 1 and middling never had one → middling; then idle (2 < busy's 3).
    expect([held.get(busy!.id), held.get(idle!.id), held.get(middling!.id)]).toEqual([3, 2, 2]);
  });

  it("never gives an agent more than their capacity, and skips paused and offline agents", async () => {
    const { companyId, connection, members } = await assigningCompany("roundRobin", [{ capacity: 2 }, { paused: true }, { online: false }]);
    await contactsWrite(companyId, connection.id, 5);
    const rows = await ticketsOf(companyId);
    const held = heldBy(rows);
    expect(held.get(members[0]!.id)).toBe(2);
    expect(held.get(members[1]!.id)).toBeUndefined();
    expect(held.get(members[2]!.id)).toBeUndefined();
    expect(rows.filter((t) => t.status === "pending" && t.userId === null)).toHaveLength(3);
  });

  it("leaves the tickets of a queue with assignment off waiting, as before", async () => {
    const { companyId, connection } = await assigningCompany("off", [{}, {}]);
    await contactsWrite(companyId, connection.id, 3);
    expect((await ticketsOf(companyId)).map((t) => [t.status, t.userId])).toEqual([
      ["pending", null],
      ["pending", null],
      ["pending", null],
    ]);
  });

  it("does not take a ticket from the chatbot: it is assigned when the menu hands it to the queue", async () => {
    const { companyId, connection, queue, members } = await assigningCompany("roundRobin", [{}]);
    await inTenant(companyId, (db) =>
      db.insert(queueOptions).values({ companyId, queueId: queue.id, option: "1", title: "Financeiro", message: "Um momento." }).run(),
    );
    const from = newNumber();
    await deliver(inbound(connection.id, from, "Oi"));
    await settled(companyId);
    expect((await ticketsOf(companyId))[0]).toMatchObject({ status: "pending", userId: null, queueId: queue.id, chatbot: true });

    await deliver(inbound(connection.id, from, "1"));
    await settled(companyId);
    expect((await ticketsOf(companyId))[0]).toMatchObject({ status: "open", userId: members[0]!.id, chatbot: false });
  });

  it("assigns waiting tickets when an agent comes online", async () => {
    const { companyId, connection, members } = await assigningCompany("roundRobin", [{ online: false }]);
    await contactsWrite(companyId, connection.id, 2);
    expect(heldBy(await ticketsOf(companyId)).size).toBe(0);

    const socket = await connectWs(await loginAs(members[0]!.email));
    await settled(companyId);
    expect(heldBy(await ticketsOf(companyId)).get(members[0]!.id)).toBe(2);
    socket.close();
  });

  it("assigns the next waiting ticket when an agent at capacity closes one", async () => {
    const { companyId, connection, members } = await assigningCompany("roundRobin", [{ capacity: 1 }]);
    await contactsWrite(companyId, connection.id, 2);
    const [held] = (await ticketsOf(companyId)).filter((t) => t.status === "open");
    const token = await loginAs(members[0]!.email);

    const closed = await call("PUT", `/api/tickets/${held!.id}`, { token, body: { status: "closed" } });
    expect(closed.status).toBe(200);
    await settled(companyId);
    const rows = await ticketsOf(companyId);
    expect(rows.find((t) => t.id === held!.id)?.status).toBe("closed");
    expect(rows.filter((t) => t.status === "open" && t.userId === members[0]!.id)).toHaveLength(1);
  });

  it("assigns waiting tickets when an admin raises an agent's capacity, and takes nothing back when it is lowered", async () => {
    const { companyId, connection, members, admin } = await assigningCompany("roundRobin", [{ capacity: 1 }]);
    const agent = members[0]!;
    await contactsWrite(companyId, connection.id, 4);
    expect(heldBy(await ticketsOf(companyId)).get(agent.id)).toBe(1);

    expect((await call("PUT", `/api/users/${agent.id}`, { token: admin.token, body: { maxOpenTickets: 3 } })).json).toMatchObject({ maxOpenTickets: 3 });
    await settled(companyId);
    expect(heldBy(await ticketsOf(companyId)).get(agent.id)).toBe(3);

    await call("PUT", `/api/users/${agent.id}`, { token: admin.token, body: { maxOpenTickets: 1 } });
    await contactsWrite(companyId, connection.id, 1);
    expect(heldBy(await ticketsOf(companyId)).get(agent.id)).toBe(3);
  });

  it("an agent pauses receiving tickets and, resuming, is given the waiting ones", async () => {
    const { companyId, connection, members } = await assigningCompany("roundRobin", [{}]);
    const token = await loginAs(members[0]!.email);
    const paused = await call("PUT", "/api/users/me/assignment", { token, body: { paused: true } });
    expect(paused).toMatchObject({ status: 200, json: { id: members[0]!.id, assignmentPaused: true } });
    await contactsWrite(companyId, connection.id, 2);
    expect(heldBy(await ticketsOf(companyId)).size).toBe(0);

    expect((await call("PUT", "/api/users/me/assignment", { token, body: { paused: false } })).status).toBe(200);
    await settled(companyId);
    expect(heldBy(await ticketsOf(companyId)).get(members[0]!.id)).toBe(2);
    const me = await call("GET", "/api/auth/me", { token });
    expect(me.json).toMatchObject({ assignmentPaused: false, inAssigningQueue: true });
  });

  it("assigns what waits when an admin turns a queue's assignment on, and the hub's due work catches what no event did", async () => {
    const { companyId, connection, queue, members, admin } = await assigningCompany("off", [{}]);
    await contactsWrite(companyId, connection.id, 1);
    const put = await call("PUT", `/api/queue/${queue.id}`, { token: admin.token, body: { assignmentMode: "leastBusy" } });
    expect(put).toMatchObject({ status: 200, json: { assignmentMode: "leastBusy" } });
    await settled(companyId);
    expect(heldBy(await ticketsOf(companyId)).get(members[0]!.id)).toBe(1);

    // A ticket written straight into the table sets nothing off: the alarm's pass finds it.
    const quiet = await createTicketRow(companyId, { contactId: (await createContact(companyId)).id, whatsappId: connection.id, queueId: queue.id });
    await inHub(companyId, (hub) => hub.alarm());
    await settled(companyId);
    expect((await ticketsOf(companyId)).find((t) => t.id === quiet.id)).toMatchObject({ status: "open", userId: members[0]!.id });
  });

  it("takes a long queue in passes of at most 500 until everything waiting is given (an agent without a limit)", async () => {
    const { companyId, connection, queue, members, admin } = await assigningCompany("off", [{}]);
    const contact = await createContact(companyId);
    // Two rows a statement: SQLite binds at most 100 parameters per statement, and a ticket row binds about 30.
    await inTenant(companyId, (db) => {
      for (let i = 0; i < 310; i++) {
        db.insert(tickets).values(Array.from({ length: 2 }, () => ({ companyId, contactId: contact.id, whatsappId: connection.id, queueId: queue.id }))).run();
      }
    });
    expect((await call("PUT", `/api/queue/${queue.id}`, { token: admin.token, body: { assignmentMode: "roundRobin" } })).status).toBe(200);
    await settled(companyId);
    expect(heldBy(await ticketsOf(companyId)).get(members[0]!.id)).toBe(620);
  });

  it("assigns fifty tickets arriving at once among five agents exactly once each, nobody over capacity, in two companies at once", async () => {
    const [a, b] = await Promise.all([
      assigningCompany("roundRobin", Array.from({ length: 5 }, () => ({ capacity: 8 }))),
      assigningCompany("leastBusy", Array.from({ length: 5 }, () => ({ capacity: 8 }))),
    ]);
    await Promise.all([contactsWrite(a.companyId, a.connection.id, 50), contactsWrite(b.companyId, b.connection.id, 50)]);

    for (const company of [a, b]) {
      const rows = await ticketsOf(company.companyId);
      expect(rows).toHaveLength(50);
      const held = heldBy(rows);
      expect(company.members.map((m) => held.get(m.id))).toEqual([8, 8, 8, 8, 8]);
      expect(rows.filter((t) => t.status === "pending" && t.userId === null)).toHaveLength(10);
      const history = await inTenant(company.companyId, (db) =>
        db.select().from(ticketTracking).where(and(eq(ticketTracking.companyId, company.companyId), eq(ticketTracking.action, "autoAssign"))).all(),
      );
      expect(history).toHaveLength(40);
      expect(new Set(history.map((h) => h.ticketId)).size).toBe(40);
      // Nobody of the other company was given anything here.
      expect(rows.every((t) => t.userId === null || company.members.some((m) => m.id === t.userId))).toBe(true);
    }
  });
});

describe("PUT /api/users/me/assignment", () => {
  it("refuses what is not true or false, and writes nothing", async () => {
    const { agent } = await companyWithTeam();
    const res = await call("PUT", "/api/users/me/assignment", { token: agent.token, body: { paused: "yes" } });
    expect(res.status).toBe(400);
    const row = await inTenant(agent.companyId, (db) => db.select().from(users).where(eq(users.id, agent.id)).get());
    expect(row?.assignmentPaused).toBe(false);
  });
});

describe("assignment settings of queues and users", () => {
  it("lets only an admin of the company set a queue's mode: a lesser profile 403, another company 404, a bad mode 400", async () => {
    const { companyId, queue, admin, supervisor, agent } = await assigningCompany("off", []);
    const other = await companyWithTeam();
    for (const token of [supervisor.token, agent.token]) {
      expect((await call("PUT", `/api/queue/${queue.id}`, { token, body: { assignmentMode: "roundRobin" } })).status).toBe(403);
    }
    expect((await call("PUT", `/api/queue/${queue.id}`, { token: other.admin.token, body: { assignmentMode: "roundRobin" } })).status).toBe(404);
    const bad = await call("PUT", `/api/queue/${queue.id}`, { token: admin.token, body: { name: "Renomeada", assignmentMode: "sometimes" } });
    expect(bad.status).toBe(400);
    expect(await inTenant(companyId, (db) => db.select().from(queues).where(eq(queues.id, queue.id)).get())).toMatchObject({ assignmentMode: "off", name: "Atendimento" });
  });

  it("lets only an admin set someone's capacity: 403 for a lesser profile, 404 across companies, 400 outside 1–500 with nothing written", async () => {
    const { company, admin, supervisor, agent } = await companyWithTeam();
    const other = await companyWithTeam();
    expect((await call("PUT", `/api/users/${agent.id}`, { token: supervisor.token, body: { maxOpenTickets: 5 } })).status).toBe(403);
    expect((await call("PUT", `/api/users/${agent.id}`, { token: other.admin.token, body: { maxOpenTickets: 5 } })).status).toBe(404);
    for (const maxOpenTickets of [0, 501, 2.5, "10"]) {
      const res = await call("PUT", `/api/users/${agent.id}`, { token: admin.token, body: { name: "Renomeado", maxOpenTickets } });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.json)).toContain("maxOpenTickets");
    }
    const row = await inTenant(company.id, (db) => db.select().from(users).where(eq(users.id, agent.id)).get());
    expect(row).toMatchObject({ maxOpenTickets: null, name: agent.name });

    const ok = await call("PUT", `/api/users/${agent.id}`, { token: admin.token, body: { maxOpenTickets: 500 } });
    expect(ok).toMatchObject({ status: 200, json: { maxOpenTickets: 500, assignmentPaused: false } });
    const cleared = await call("PUT", `/api/users/${agent.id}`, { token: admin.token, body: { maxOpenTickets: null } });
    expect(cleared.json).toMatchObject({ maxOpenTickets: null });
  });
});
