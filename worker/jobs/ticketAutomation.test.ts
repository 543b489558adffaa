import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { messages, tickets, ticketTracking } from "../db/schema";
import { companyWithTeam, createQueue, db, testEnv } from "../testing/fixtures";
import { createConnection, createContact, createTicketRow } from "../testing/inbox";
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
    expect(await db.select().from(ticketTracking).where(eq(ticketTracking.ticketId, idle.id))).toMatchObject([{ action: "close", toStatus: "closed", byUserId: null }]);
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
