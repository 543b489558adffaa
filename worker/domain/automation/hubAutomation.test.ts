import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { messages, tickets, ticketTracking } from "../db/schema";
import { companyWithTeam, createQueue, db, testEnv } from "../testing/fixtures";
import { createConnection, createContact, createTicketRow } from "../testing/inbox";
import { connect } from "../testing/sockets";
import { runTicketAutomation } from "./ticketAutomation";

const HOUR = 60 * 60 * 1000;
const ticketById = async (id: number) => (await db.select().from(tickets).where(eq(tickets.id, id)))[0]!;

describe("the minute's ticket automation", () => {
  it("closes tickets idle past the connection's expiresTicket hours, with its inactivity message", async () => {
    const { company, agent } = await companyWithTeam();
    const conn = await createConnection(company.id, { expiresTicket: 2, expiresInactiveMessage: "Encerrado por inatividade." });
    const now = Date.now();
    const idle = await createTicketRow(company.id, { contactId: (await createContact(company.id)).id, whatsappId: conn.id, status: "open", userId: agent.id, updatedAt: new Date(now - 3 * HOUR) });
    const recent = await createTicketRow(company.id, { contactId: (await createContact(company.id)).id, whatsappId: conn.id, status: "pending", updatedAt: new Date(now - HOUR) });

    await runTicketAutomation(testEnv, new Date(now));

    expect((await ticketById(idle.id)).status).toBe("closed");
    expect((await ticketById(recent.id)).status).toBe("pending");
    const said = await db.select().from(messages).where(eq(messages.ticketId, idle.id));
    expect(said).toMatchObject([{ body: "Encerrado por inatividade.", fromMe: true, sentByBot: true }]);
    expect(await db.select().from(ticketTracking).where(eq(ticketTracking.ticketId, idle.id))).toMatchObject([
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

    await runTicketAutomation(testEnv, new Date(now));

    expect((await ticketById(waiting.id)).queueId).toBe(target.id);
    expect((await ticketById(fresh.id)).queueId).toBeNull();
    expect((await ticketById(queued.id)).queueId).toBe(other.id);
    const [history] = await db.select().from(ticketTracking).where(eq(ticketTracking.ticketId, waiting.id));
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

    await runTicketAutomation(testEnv, new Date(now));

    expect(await ticketById(both.id)).toMatchObject({ status: "closed", queueId: null });
    expect(await ticketById(waiting.id)).toMatchObject({ status: "pending", queueId: target.id });
    const history = await db.select().from(ticketTracking).where(inArray(ticketTracking.ticketId, [both.id, waiting.id]));
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

    await runTicketAutomation(testEnv, new Date(now));

    for (const t of idle) expect((await ticketById(t.id)).status).toBe("closed");
    const history = await db.select().from(ticketTracking).where(inArray(ticketTracking.ticketId, idle.map((t) => t.id)));
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
    await runTicketAutomation(testEnv, new Date());
    expect((await ticketById(ticketB.id)).status).toBe("open");
  });
});
