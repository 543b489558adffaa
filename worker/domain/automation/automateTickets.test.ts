import { runInDurableObject } from "cloudflare:test";
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { messages, tickets, ticketTracking } from "../../db/tenant";
import { SerialQueue } from "../../lib/serialQueue";
import type { Env } from "../../env";
import { companyWithTeam, hubInstanceOf, hubOf, inHub as inCompanyHub, inTenant, testEnv } from "../../testing/fixtures";
import { createConnection, createContact, createTicketRow } from "../../testing/inbox";
import { connect } from "../../testing/sockets";
import type { SystemCtx } from "../context";
import { automateTickets, MAX_SLICES_PER_RUN, SLICE_SIZE } from "./automateTickets";

const HOUR = 60 * 60 * 1000;

async function idleTickets(companyId: number, whatsappId: number, n: number, now: number) {
  const contacts = [];
  for (let i = 0; i < n; i++) contacts.push(await createContact(companyId));
  return Promise.all(contacts.map((c) => createTicketRow(companyId, { contactId: c.id, whatsappId, status: "pending", updatedAt: new Date(now - 2 * HOUR) })));
}

const closedCount = (db: Db, companyId: number) =>
  db.select({ id: tickets.id }).from(tickets).where(and(eq(tickets.companyId, companyId), eq(tickets.status, "closed"))).all().length;

/** These tests run the automation themselves: the hub's own alarm (armed when a socket connects) is held off. */
async function holdHubAutomation(companyId: number) {
  await runInDurableObject(hubInstanceOf(companyId), async (hub, state) => {
    await hub.ready(companyId);
    await state.storage.put("automationDueAt", Date.now() + 60 * 60 * 1000);
  });
}

/** Runs `use` inside the company's hub, with a system context on its database (as the hub's own automate builds). */
function inHub<T>(companyId: number, use: (ctx: SystemCtx, db: Db) => Promise<T>, env: Env = testEnv): Promise<T> {
  return inCompanyHub(companyId, (hub) => use({ ...hub.systemCtx(companyId), env }, hub.db));
}

describe("automateTickets", () => {
  it("gives a command that arrives during a slice its turn right after that slice, not after the whole run", async () => {
    const { company } = await companyWithTeam();
    const conn = await createConnection(company.id, { expiresTicket: 1 });
    await holdHubAutomation(company.id);
    const now = Date.now();
    await idleTickets(company.id, conn.id, 2 * SLICE_SIZE + 3, now);
    const queue = new SerialQueue();
    const order: string[] = [];
    let marker: Promise<void> | null = null;

    const done = await inHub(company.id, async (ctx, db) => {
      const result = await automateTickets({
        ctx,
        input: { now },
        serially: (task) =>
          queue.run(async () => {
            // An agent's command arriving while the first slice runs.
            marker ??= queue.run(async () => {
              order.push(`command (${closedCount(db, company.id)} closed)`);
            });
            const sliced = await task();
            order.push("slice");
            return sliced;
          }),
      });
      await marker;
      return result;
    });

    expect(done).toEqual({ closed: 2 * SLICE_SIZE + 3, transferred: 0 });
    expect(order).toEqual(["slice", `command (${SLICE_SIZE} closed)`, "slice", "slice"]);
  });

  it("stops after MAX_SLICES_PER_RUN slices and leaves the rest of a backlog to the next run", async () => {
    const { company } = await companyWithTeam();
    const conn = await createConnection(company.id, { expiresTicket: 1 });
    await holdHubAutomation(company.id);
    const now = Date.now();
    const perRun = MAX_SLICES_PER_RUN * SLICE_SIZE;
    await idleTickets(company.id, conn.id, perRun + 3, now);
    const queue = new SerialQueue();
    const run = () => inHub(company.id, (ctx) => automateTickets({ ctx, input: { now }, serially: (task) => queue.run(task) }));
    const closed = () => inTenant(company.id, (db) => closedCount(db, company.id));

    expect(await run()).toEqual({ closed: perRun, transferred: 0 });
    expect(await closed()).toBe(perRun);
    expect(await run()).toEqual({ closed: 3, transferred: 0 });
    expect(await closed()).toBe(perRun + 3);
  });

  it("says the inactivity message on each ticket a slice closes, in the same write, queues them in one call, and shows it in the open chat before the close", async () => {
    const { company, agent } = await companyWithTeam();
    const conn = await createConnection(company.id, { expiresTicket: 1, expiresInactiveMessage: "Encerrado por inatividade." });
    await holdHubAutomation(company.id);
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

    const done = await inHub(company.id, (ctx) => automateTickets({ ctx, input: { now }, serially: (task) => serial.run(task) }), { ...testEnv, OUTBOUND: queue });

    expect(done).toEqual({ closed: 6, transferred: 0 });
    const ids = idle.map((t) => t.id);
    const said = await inTenant(company.id, (db) => db.select().from(messages).where(inArray(messages.ticketId, ids)).all());
    expect(said.map((m) => m.ticketId).sort()).toEqual([...ids].sort());
    for (const m of said) expect(m).toMatchObject({ body: "Encerrado por inatividade.", fromMe: true, sentByBot: true, ack: 0, userId: null, dataJson: JSON.stringify({ bot: "expired" }) });
    const closed = await inTenant(company.id, (db) => db.select().from(tickets).where(inArray(tickets.id, ids)).all());
    for (const t of closed) expect(t).toMatchObject({ status: "closed", lastMessage: "Encerrado por inatividade.", fromMe: true });
    expect(await inTenant(company.id, (db) => db.select().from(ticketTracking).where(inArray(ticketTracking.ticketId, ids)).all().length)).toBe(6);
    expect(batches).toEqual([said.map((m) => ({ kind: "send", companyId: company.id, messageId: m.id })).sort((a, b) => a.messageId - b.messageId)]);

    const notice = await socket.next((e) => e.type === "appMessage" && e.action === "create");
    expect(notice).toMatchObject({ message: { ticketId: idle[0]!.id, body: "Encerrado por inatividade." } });
    const update = await socket.next((e) => e.type === "ticket" && e.action === "update" && (e as { ticket: { id: number } }).ticket.id === idle[0]!.id);
    expect(update).toMatchObject({ ticket: { status: "closed", lastMessage: "Encerrado por inatividade." } });
    socket.ws.close();
  });
});
