import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { messages, tickets, ticketTracking } from "../../db/schema";
import { SerialQueue } from "../../hub/serialQueue";
import { companyWithTeam, db, testEnv } from "../../testing/fixtures";
import { createConnection, createContact, createTicketRow } from "../../testing/inbox";
import { connect } from "../../testing/sockets";
import { systemCtx } from "../context";
import { automateTickets, MAX_SLICES_PER_RUN, SLICE_SIZE } from "./automateTickets";

const HOUR = 60 * 60 * 1000;

async function idleTickets(companyId: number, whatsappId: number, n: number, now: number) {
  const contacts = [];
  for (let i = 0; i < n; i++) contacts.push(await createContact(companyId));
  return Promise.all(contacts.map((c) => createTicketRow(companyId, { contactId: c.id, whatsappId, status: "pending", updatedAt: new Date(now - 2 * HOUR) })));
}

const closedCount = async (companyId: number) =>
  (await db.select({ id: tickets.id }).from(tickets).where(and(eq(tickets.companyId, companyId), eq(tickets.status, "closed")))).length;

describe("automateTickets", () => {
  it("gives a command that arrives during a slice its turn right after that slice, not after the whole run", async () => {
    const { company } = await companyWithTeam();
    const conn = await createConnection(company.id, { expiresTicket: 1 });
    const now = Date.now();
    await idleTickets(company.id, conn.id, 2 * SLICE_SIZE + 3, now);
    const queue = new SerialQueue();
    const order: string[] = [];
    let marker: Promise<void> | null = null;

    const done = await automateTickets({
      ctx: systemCtx({ db, env: testEnv, companyId: company.id, waitUntil: () => {} }),
      input: { now },
      serially: (task) =>
        queue.run(async () => {
          // An agent's command arriving while the first slice runs.
          marker ??= queue.run(async () => {
            order.push(`command (${await closedCount(company.id)} closed)`);
          });
          const result = await task();
          order.push("slice");
          return result;
        }),
    });
    await marker;

    expect(done).toEqual({ closed: 2 * SLICE_SIZE + 3, transferred: 0 });
    expect(order).toEqual(["slice", `command (${SLICE_SIZE} closed)`, "slice", "slice"]);
  });

  it("stops after MAX_SLICES_PER_RUN slices and leaves the rest of a backlog to the next run", async () => {
    const { company } = await companyWithTeam();
    const conn = await createConnection(company.id, { expiresTicket: 1 });
    const now = Date.now();
    const perRun = MAX_SLICES_PER_RUN * SLICE_SIZE;
    await idleTickets(company.id, conn.id, perRun + 3, now);
    const queue = new SerialQueue();
    const run = () =>
      automateTickets({ ctx: systemCtx({ db, env: testEnv, companyId: company.id, waitUntil: () => {} }), input: { now }, serially: (task) => queue.run(task) });

    expect(await run()).toEqual({ closed: perRun, transferred: 0 });
    expect(await closedCount(company.id)).toBe(perRun);
    expect(await run()).toEqual({ closed: 3, transferred: 0 });
    expect(await closedCount(company.id)).toBe(perRun + 3);
  });

  it("says the inactivity message on each ticket a slice closes, in the same write, queues them in one call, and shows it in the open chat before the close", async () => {
    const { company, agent } = await companyWithTeam();
    const conn = await createConnection(company.id, { expiresTicket: 1, expiresInactiveMessage: "Encerrado por inatividade." });
    const now = Date.now();
    const idle: Awaited<ReturnType<typeof createTicketRow>>[] = [];
    for (let i = 0; i < 6; i++) {
      const contact = await createContact(company.id);
      idle.push(await createTicketRow(company.id, { contactId: contact.id, whatsappId: conn.id, status: "open", userId: agent.id, updatedAt: new Date(now - 2 * HOUR) }));
    }
    const socket = await connect(agent.token);
    socket.send({ type: "joinChatBox", ticketId: idle[0]!.id });
    await socket.quiet(100);
    const batches: unknown[][] = [];
    const queue = { sendBatch: async (jobs: Iterable<{ body: unknown }>) => void batches.push([...jobs].map((j) => j.body)) } as unknown as typeof testEnv.OUTBOUND;
    const serial = new SerialQueue();

    const done = await automateTickets({
      ctx: systemCtx({ db, env: { ...testEnv, OUTBOUND: queue }, companyId: company.id, waitUntil: () => {} }),
      input: { now },
      serially: (task) => serial.run(task),
    });

    expect(done).toEqual({ closed: 6, transferred: 0 });
    const ids = idle.map((t) => t.id);
    const said = await db.select().from(messages).where(inArray(messages.ticketId, ids));
    expect(said.map((m) => m.ticketId).sort()).toEqual([...ids].sort());
    for (const m of said) expect(m).toMatchObject({ body: "Encerrado por inatividade.", fromMe: true, sentByBot: true, ack: 0, userId: null, dataJson: JSON.stringify({ bot: "expired" }) });
    const closed = await db.select().from(tickets).where(inArray(tickets.id, ids));
    for (const t of closed) expect(t).toMatchObject({ status: "closed", lastMessage: "Encerrado por inatividade.", fromMe: true });
    expect((await db.select().from(ticketTracking).where(inArray(ticketTracking.ticketId, ids))).length).toBe(6);
    expect(batches).toEqual([said.map((m) => ({ kind: "send", companyId: company.id, messageId: m.id })).sort((a, b) => a.messageId - b.messageId)]);

    const notice = await socket.next((e) => e.type === "appMessage" && e.action === "create");
    expect(notice).toMatchObject({ message: { ticketId: idle[0]!.id, body: "Encerrado por inatividade." } });
    const update = await socket.next((e) => e.type === "ticket" && e.action === "update" && (e as { ticket: { id: number } }).ticket.id === idle[0]!.id);
    expect(update).toMatchObject({ ticket: { status: "closed", lastMessage: "Encerrado por inatividade." } });
    socket.ws.close();
  });
});
