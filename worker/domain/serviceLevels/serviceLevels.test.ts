import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { queues, tickets } from "../../db/tenant";
import { call, inHub, inTenant } from "../../testing/fixtures";
import { createTicketRow, inboxCompany } from "../../testing/inbox";
import { connect } from "../../testing/sockets";
import { planOf } from "../../testing/queryPlan";
import { dueTickets, earliestDue, markBreaches, nextBreachDue } from "./markBreaches";

const MINUTE = 60_000;

/** A company whose "Vendas" queue has a 30-minute first-response and a 4-hour resolution target (every minute counts). */
async function companyWithTargets() {
  const team = await inboxCompany();
  await inTenant(team.company.id, (db) =>
    db.update(queues).set({ slaFirstResponseMinutes: 30, slaResolutionMinutes: 240 }).where(eq(queues.id, team.sales.id)).run(),
  );
  await inTenant(team.company.id, (db) => db.update(queues).set({ slaFirstResponseMinutes: 10 }).where(eq(queues.id, team.support.id)).run());
  return team;
}

const settled = (companyId: number) => inHub(companyId, (hub) => hub.settled());
const ticketRow = (companyId: number, id: number) =>
  inTenant(companyId, (db) => db.select().from(tickets).where(and(eq(tickets.companyId, companyId), eq(tickets.id, id))).get()!);
const breachAll = (companyId: number, now: number) =>
  inHub(companyId, (hub) => markBreaches({ ctx: hub.systemCtx(companyId), input: { now }, serially: (task) => task() }));

describe("service levels' clock", () => {
  it("starts when the ticket enters a queue with targets, and the agent's first message stops the first-response clock", async () => {
    const { company, agent, contact, sales } = await companyWithTargets();
    const opened = await call("POST", "/api/tickets", { token: agent.token, body: { contactId: contact.id, queueId: sales.id } });
    await settled(company.id);
    const started = await ticketRow(company.id, opened.json.id);
    expect(started.slaStartedAt).not.toBeNull();
    const start = started.slaStartedAt!.getTime();
    expect(started.firstResponseDueAt!.getTime()).toBe(start + 30 * MINUTE);
    expect(started.resolutionDueAt!.getTime()).toBe(start + 240 * MINUTE);
    expect(started.slaNextDueAt).toEqual(started.firstResponseDueAt);

    expect((await call("POST", `/api/messages/${opened.json.id}`, { token: agent.token, body: { body: "Bom dia!" } })).status).toBe(201);
    await settled(company.id);
    const answered = await ticketRow(company.id, opened.json.id);
    expect(answered.firstRespondedAt).not.toBeNull();
    expect(answered.slaNextDueAt).toEqual(answered.resolutionDueAt);
    // A second message changes nothing.
    await call("POST", `/api/messages/${opened.json.id}`, { token: agent.token, body: { body: "Tudo bem?" } });
    await settled(company.id);
    expect((await ticketRow(company.id, opened.json.id)).firstRespondedAt).toEqual(answered.firstRespondedAt);
  });

  it("recomputes with the new queue's targets from the same start on a transfer, stops on close and starts afresh on reopen", async () => {
    const { company, admin, contact, sales, support } = await companyWithTargets();
    const opened = await call("POST", "/api/tickets", { token: admin.token, body: { contactId: contact.id, queueId: sales.id } });
    await settled(company.id);
    const start = (await ticketRow(company.id, opened.json.id)).slaStartedAt!.getTime();

    expect((await call("PUT", `/api/tickets/${opened.json.id}`, { token: admin.token, body: { queueId: support.id } })).status).toBe(200);
    await settled(company.id);
    const moved = await ticketRow(company.id, opened.json.id);
    expect(moved.slaStartedAt!.getTime()).toBe(start);
    expect(moved.firstResponseDueAt!.getTime()).toBe(start + 10 * MINUTE);
    expect(moved.resolutionDueAt).toBeNull();

    expect((await call("PUT", `/api/tickets/${opened.json.id}`, { token: admin.token, body: { status: "closed" } })).status).toBe(200);
    await settled(company.id);
    const closed = await ticketRow(company.id, opened.json.id);
    expect(closed.resolvedAt).not.toBeNull();
    expect(closed.slaNextDueAt).toBeNull();

    await new Promise((r) => setTimeout(r, 5));
    expect((await call("PUT", `/api/tickets/${opened.json.id}`, { token: admin.token, body: { status: "pending" } })).status).toBe(200);
    await settled(company.id);
    const reopened = await ticketRow(company.id, opened.json.id);
    expect(reopened.slaStartedAt!.getTime()).toBeGreaterThan(start);
    expect(reopened).toMatchObject({ resolvedAt: null, firstRespondedAt: null, firstResponseBreachedAt: null });
    expect(reopened.slaNextDueAt).toEqual(reopened.firstResponseDueAt);
  });

  it("leaves tickets of queues without targets alone", async () => {
    const { company, agent, contact, sales } = await inboxCompany();
    const opened = await call("POST", "/api/tickets", { token: agent.token, body: { contactId: contact.id, queueId: sales.id } });
    await settled(company.id);
    expect(await ticketRow(company.id, opened.json.id)).toMatchObject({ slaStartedAt: null, firstResponseDueAt: null, slaNextDueAt: null });
  });
});

describe("service-level breaches", () => {
  it("marks each passed target once, tells who sees the ticket, and arms the next due time", async () => {
    const { company, agent, contact, sales } = await companyWithTargets();
    const now = Date.now();
    const late = await createTicketRow(company.id, {
      contactId: contact.id,
      queueId: sales.id,
      status: "open",
      userId: agent.id,
      slaStartedAt: new Date(now - 40 * MINUTE),
      firstResponseDueAt: new Date(now - 10 * MINUTE),
      resolutionDueAt: new Date(now + 200 * MINUTE),
      slaNextDueAt: new Date(now - 10 * MINUTE),
    });
    expect(await inTenant(company.id, (db) => nextBreachDue(db, company.id))).toBe(now - 10 * MINUTE);
    const socket = await connect(agent.token);
    socket.send({ type: "joinTickets", status: "open" });

    expect(await breachAll(company.id, now)).toEqual({ breaches: 1 });
    const breached = await ticketRow(company.id, late.id);
    expect(breached.firstResponseBreachedAt!.getTime()).toBe(now);
    expect(breached.resolutionBreachedAt).toBeNull();
    expect(breached.slaNextDueAt!.getTime()).toBe(now + 200 * MINUTE);
    await vi.waitFor(() =>
      expect(socket.events).toContainEqual(expect.objectContaining({ type: "ticket", action: "update", ticket: expect.objectContaining({ id: late.id, firstResponseBreachedAt: expect.anything() }) })),
    );
    // Found once: the next run has nothing to mark until the resolution target passes.
    expect(await breachAll(company.id, now + MINUTE)).toEqual({ breaches: 0 });
    expect(await breachAll(company.id, now + 201 * MINUTE)).toEqual({ breaches: 1 });
    expect(await ticketRow(company.id, late.id)).toMatchObject({ slaNextDueAt: null });
    expect(await inTenant(company.id, (db) => nextBreachDue(db, company.id))).toBeNull();
  });

  it("stops the clock of a ticket closed meanwhile without a breach, and never reads another company's tickets", async () => {
    const a = await companyWithTargets();
    const b = await companyWithTargets();
    const now = Date.now();
    const due = { slaStartedAt: new Date(now - 40 * MINUTE), firstResponseDueAt: new Date(now - 10 * MINUTE), slaNextDueAt: new Date(now - 10 * MINUTE) };
    const closed = await createTicketRow(a.company.id, { contactId: a.contact.id, queueId: a.sales.id, status: "closed", ...due });
    const theirs = await createTicketRow(b.company.id, { contactId: b.contact.id, queueId: b.sales.id, status: "pending", ...due });
    expect(await breachAll(a.company.id, now)).toEqual({ breaches: 0 });
    expect(await ticketRow(a.company.id, closed.id)).toMatchObject({ firstResponseBreachedAt: null, slaNextDueAt: null, resolvedAt: expect.any(Date) });
    expect(await ticketRow(b.company.id, theirs.id)).toMatchObject({ firstResponseBreachedAt: null, slaNextDueAt: due.slaNextDueAt });
  });
});

describe("the breach sweep's queries", () => {
  it("read only the tickets whose clock runs, by their partial index", async () => {
    const { company } = await inboxCompany();
    await inTenant(company.id, async (db) => {
      expect(await planOf(db, earliestDue(db, company.id).toSQL())).toMatch(/USING (COVERING )?INDEX tickets_company_sla_next_due_idx/);
      expect(await planOf(db, dueTickets(db, company.id, new Date()).toSQL())).toMatch(/^SEARCH tickets USING INDEX tickets_company_sla_next_due_idx \(company_id=\? AND sla_next_due_at>\? AND sla_next_due_at<\?\)$/);
    });
  });
});
