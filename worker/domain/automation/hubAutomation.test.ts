import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { messages, tickets, ticketTracking } from "../../db/tenant";
import { companyWork } from "../../db/control";
import { wakeStalledHubs, STALLED_AFTER_MS } from "../../jobs/stalledHubs";
import { call, companyWithTeam, control, createQueue, hubOf, inTenant, testEnv } from "../../testing/fixtures";
import { createConnection, createContact, createTicketRow } from "../../testing/inbox";
import { connect } from "../../testing/sockets";

const HOUR = 60 * 60 * 1000;
const ticketById = (companyId: number, id: number) => inTenant(companyId, (db) => db.select().from(tickets).where(eq(tickets.id, id)).get()!);
/** The company's hub runs its automation (as its alarm does each minute). */
const automate = (companyId: number, now: number) => hubOf(companyId).automate(companyId, now);

describe("the hub's ticket automation", () => {
  it("closes tickets idle past the connection's expiresTicket hours, with its inactivity message", async () => {
    const { company, agent } = await companyWithTeam();
    const conn = await createConnection(company.id, { expiresTicket: 2, expiresInactiveMessage: "Encerrado por inatividade." });
    const now = Date.now();
    const idle = await createTicketRow(company.id, { contactId: (await createContact(company.id)).id, whatsappId: conn.id, status: "open", userId: agent.id, updatedAt: new Date(now - 3 * HOUR) });
    const recent = await createTicketRow(company.id, { contactId: (await createContact(company.id)).id, whatsappId: conn.id, status: "pending", updatedAt: new Date(now - HOUR) });

    await automate(company.id, now);

    expect((await ticketById(company.id, idle.id)).status).toBe("closed");
    expect((await ticketById(company.id, recent.id)).status).toBe("pending");
    const said = await inTenant(company.id, (db) => db.select().from(messages).where(eq(messages.ticketId, idle.id)).all());
    expect(said).toMatchObject([{ body: "Encerrado por inatividade.", fromMe: true, sentByBot: true }]);
    expect(await inTenant(company.id, (db) => db.select().from(ticketTracking).where(eq(ticketTracking.ticketId, idle.id)).all())).toMatchObject([
      { action: "close", fromStatus: "open", toStatus: "closed", fromUserId: agent.id, toUserId: agent.id, byUserId: null, whatsappId: conn.id, queuedAt: null, finishedAt: new Date(now) },
    ]);
  });

  it("moves queue-less pending tickets to transferQueueId after timeToTransfer minutes", async () => {
    const { company } = await companyWithTeam();
    const target = await createQueue(company.id, { name: "Triagem" });
    const other = await createQueue(company.id, { name: "Outra" });
    const conn = await createConnection(company.id, { transferQueueId: target.id, timeToTransfer: 10 });
    const now = Date.now();
    const waiting = await createTicketRow(company.id, { contactId: (await createContact(company.id)).id, whatsappId: conn.id, updatedAt: new Date(now - 15 * 60_000) });
    const fresh = await createTicketRow(company.id, { contactId: (await createContact(company.id)).id, whatsappId: conn.id, updatedAt: new Date(now - 5 * 60_000) });
    const queued = await createTicketRow(company.id, { contactId: (await createContact(company.id)).id, whatsappId: conn.id, queueId: other.id, updatedAt: new Date(now - 60 * 60_000) });

    await automate(company.id, now);

    expect((await ticketById(company.id, waiting.id)).queueId).toBe(target.id);
    expect((await ticketById(company.id, fresh.id)).queueId).toBeNull();
    expect((await ticketById(company.id, queued.id)).queueId).toBe(other.id);
    const history = await inTenant(company.id, (db) => db.select().from(ticketTracking).where(eq(ticketTracking.ticketId, waiting.id)).get());
    expect(history).toMatchObject({ action: "transfer", fromStatus: "pending", toStatus: "pending", fromQueueId: null, toQueueId: target.id, byUserId: null, whatsappId: conn.id, finishedAt: null });
    expect(history!.queuedAt?.getTime()).toBe(now);
    expect(history!.createdAt.getTime()).toBe(now);
  });

  it("closes a queue-less pending ticket idle past both limits rather than moving it, and moves the others in the same run", async () => {
    const { company } = await companyWithTeam();
    const target = await createQueue(company.id, { name: "Triagem" });
    const conn = await createConnection(company.id, { expiresTicket: 2, transferQueueId: target.id, timeToTransfer: 10 });
    const now = Date.now();
    const both = await createTicketRow(company.id, { contactId: (await createContact(company.id)).id, whatsappId: conn.id, updatedAt: new Date(now - 3 * HOUR) });
    const waiting = await createTicketRow(company.id, { contactId: (await createContact(company.id)).id, whatsappId: conn.id, updatedAt: new Date(now - 15 * 60_000) });

    await automate(company.id, now);

    expect(await ticketById(company.id, both.id)).toMatchObject({ status: "closed", queueId: null });
    expect(await ticketById(company.id, waiting.id)).toMatchObject({ status: "pending", queueId: target.id });
    const history = await inTenant(company.id, (db) => db.select().from(ticketTracking).where(inArray(ticketTracking.ticketId, [both.id, waiting.id])).all());
    expect(history.map((h) => [h.ticketId, h.action]).sort()).toEqual([[both.id, "close"], [waiting.id, "transfer"]].sort());
  });

  it("closes several idle tickets in one run (more than one chunk of them), each with its history row, and tells their agent about each", async () => {
    const { company, agent } = await companyWithTeam();
    const conn = await createConnection(company.id, { expiresTicket: 1 });
    const now = Date.now();
    const idle = await Promise.all(
      Array.from({ length: 12 }, async () =>
        createTicketRow(company.id, { contactId: (await createContact(company.id)).id, whatsappId: conn.id, status: "open", userId: agent.id, updatedAt: new Date(now - 2 * HOUR) }),
      ),
    );
    const socket = await connect(agent.token);
    await socket.quiet(100);

    await automate(company.id, now);

    for (const t of idle) expect((await ticketById(company.id, t.id)).status).toBe("closed");
    const history = await inTenant(company.id, (db) => db.select().from(ticketTracking).where(inArray(ticketTracking.ticketId, idle.map((t) => t.id))).all());
    expect(history.map((h) => [h.ticketId, h.action, h.fromStatus, h.toStatus]).sort()).toEqual(idle.map((t) => [t.id, "close", "open", "closed"]).sort());
    const updates = [];
    for (let i = 0; i < idle.length; i++) updates.push(await socket.next((e) => e.type === "ticket" && e.action === "update"));
    expect(updates.map((e) => (e as { ticket: { id: number; status: string } }).ticket).sort((a, b) => a.id - b.id)).toMatchObject(
      idle.map((t) => ({ id: t.id, status: "closed" })).sort((a, b) => a.id - b.id),
    );
    socket.ws.close();
  });

  it("leaves other companies' tickets alone", async () => {
    const a = await companyWithTeam();
    const b = await companyWithTeam();
    await createConnection(a.company.id, { expiresTicket: 1 });
    const connB = await createConnection(b.company.id);
    const ticketB = await createTicketRow(b.company.id, { contactId: (await createContact(b.company.id)).id, whatsappId: connB.id, status: "open", updatedAt: new Date(Date.now() - 5 * HOUR) });
    await automate(a.company.id, Date.now());
    expect((await ticketById(b.company.id, ticketB.id)).status).toBe("open");
  });

  it("runs from the hub's alarm while a connection has rules, and a connection edited to have rules re-arms it", async () => {
    const { company, admin } = await companyWithTeam();
    const conn = await createConnection(company.id);
    const idle = await createTicketRow(company.id, { contactId: (await createContact(company.id)).id, whatsappId: conn.id, status: "pending", updatedAt: new Date(Date.now() - 3 * HOUR) });
    const hub = hubOf(company.id);
    // No rules yet: the alarm leaves the ticket alone.
    await runDurableObjectAlarm(hub);
    expect((await ticketById(company.id, idle.id)).status).toBe("pending");

    const edited = await call("PUT", `/api/whatsapp/${conn.id}`, { token: admin.token, body: { expiresTicket: 2 } });
    expect(edited.status).toBe(200);
    // workChanged armed the alarm for the automation's next run (due now: it may already have gone off by itself).
    const until = Date.now() + 3000;
    while ((await ticketById(company.id, idle.id)).status !== "closed" && Date.now() < until) {
      await runDurableObjectAlarm(hub);
      await new Promise((r) => setTimeout(r, 20));
    }
    expect((await ticketById(company.id, idle.id)).status).toBe("closed");
    // And it stays armed for the next minute's run.
    expect(await runInDurableObject(hub, (_, state) => state.storage.getAlarm())).not.toBeNull();
  });

  it("keeps a heartbeat in the control database while it has work, and drops it when the rules go", async () => {
    const { company, admin } = await companyWithTeam();
    const conn = await createConnection(company.id);
    const heartbeat = () => control.select().from(companyWork).where(eq(companyWork.companyId, company.id)).get();
    expect(await heartbeat()).toBeUndefined();
    expect((await call("PUT", `/api/whatsapp/${conn.id}`, { token: admin.token, body: { expiresTicket: 2 } })).status).toBe(200);
    expect((await heartbeat())?.heartbeatAt).toBeGreaterThan(Date.now() - 60_000);
    expect((await call("PUT", `/api/whatsapp/${conn.id}`, { token: admin.token, body: { expiresTicket: 0 } })).status).toBe(200);
    expect(await heartbeat()).toBeUndefined();
  });

  it("is woken by the minute cron when its heartbeat stopped (a missed alarm), and runs what is due", async () => {
    const { company, admin } = await companyWithTeam();
    const conn = await createConnection(company.id);
    const idle = await createTicketRow(company.id, { contactId: (await createContact(company.id)).id, whatsappId: conn.id, status: "pending", updatedAt: new Date(Date.now() - 3 * HOUR) });
    expect((await call("PUT", `/api/whatsapp/${conn.id}`, { token: admin.token, body: { expiresTicket: 2 } })).status).toBe(200);
    const hub = hubOf(company.id);
    // The alarm is lost and the heartbeat is old: as if the hub's alarm had stopped a while ago.
    await runInDurableObject(hub, async (_, state) => {
      await state.storage.deleteAlarm();
      await state.storage.put("automationDueAt", 0);
    });
    await control.update(companyWork).set({ heartbeatAt: Date.now() - STALLED_AFTER_MS - 1 }).where(eq(companyWork.companyId, company.id));

    expect(await wakeStalledHubs(testEnv, new Date())).toBeGreaterThanOrEqual(1);
    // Woken, the hub armed its alarm for the overdue run (which may already be going off by itself).
    const until = Date.now() + 3000;
    while ((await ticketById(company.id, idle.id)).status !== "closed" && Date.now() < until) {
      await runDurableObjectAlarm(hub);
      await new Promise((r) => setTimeout(r, 20));
    }
    expect((await ticketById(company.id, idle.id)).status).toBe("closed");
  });
});
