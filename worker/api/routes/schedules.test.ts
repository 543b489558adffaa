import { createExecutionContext, createMessageBatch, runDurableObjectAlarm } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { OutboundJob } from "../../contracts/outbound";
import { companies, messages, schedules, tickets } from "../../db/tenant";
import { dispatchDueSchedules, MISSED_AFTER_MS } from "../../domain/schedules/dispatchDueSchedules";
import { handleOutboundBatch, MAX_DELIVERY_ATTEMPTS } from "../../jobs/outbound";
import { SerialQueue } from "../../lib/serialQueue";
import { deliver as deliverEvents } from "../../testing/bridge";
import { useFakeHost } from "../../testing/fakeHost";
import { call, companyWithTeam, createPlan, hubOf, inHub, inTenant, setSetting, testEnv } from "../../testing/fixtures";
import { createConnection, createContact, createTicketRow, inboxCompany } from "../../testing/inbox";
import { formWithFile } from "../../testing/records";
import { connect } from "../../testing/sockets";

afterEach(() => vi.restoreAllMocks());

const HOUR = 60 * 60 * 1000;
const inAnHour = () => new Date(Date.now() + HOUR).toISOString();
const scheduleRow = (companyId: number, id: number) => inTenant(companyId, (db) => db.select().from(schedules).where(eq(schedules.id, id)).get()!);
const schedulesOf = (companyId: number) => inTenant(companyId, (db) => db.select().from(schedules).where(eq(schedules.companyId, companyId)).all());

/** A schedule row written as if made earlier (its time may already have passed: the system was down meanwhile). */
async function storedSchedule(companyId: number, values: Partial<typeof schedules.$inferInsert> & Pick<typeof schedules.$inferInsert, "contactId" | "sendAt">) {
  return inTenant(companyId, (db) => db.insert(schedules).values({ companyId, body: "Lembrete", ...values }).returning().get());
}

/**
 * The hub's alarm work as it runs on its first wake after downtime, with the delivery queue recorded: the jobs it
 * hands to the OUTBOUND queue come back for the consumer to run.
 */
async function runDue(companyId: number, now = Date.now()) {
  const jobs: OutboundJob[] = [];
  const queue = {
    send: async (job: OutboundJob) => void jobs.push(job),
    sendBatch: async (batch: Iterable<{ body: OutboundJob }>) => void jobs.push(...[...batch].map((j) => j.body)),
  } as unknown as typeof testEnv.OUTBOUND;
  const serial = new SerialQueue();
  const done = await inHub(companyId, (hub) =>
    dispatchDueSchedules({ ctx: { ...hub.systemCtx(companyId), env: { ...testEnv, OUTBOUND: queue } }, input: { now }, serially: (task) => serial.run(task) }),
  );
  return { ...done, jobs };
}

/** The OUTBOUND consumer on those jobs, against a fake session host. */
async function deliver(jobs: OutboundJob[], attempts = 1) {
  const batch = createMessageBatch<OutboundJob>(
    "zapdesk-outbound",
    jobs.map((body, i) => ({ id: `s${i}`, timestamp: new Date(), attempts, body })),
  );
  createExecutionContext();
  await handleOutboundBatch(batch as MessageBatch<unknown>, testEnv);
}

describe("POST /api/schedules", () => {
  it("schedules a message to a contact, from the ticket's connection, and answers it PENDENTE", async () => {
    const { company, agent, contact } = await inboxCompany();
    const other = await createConnection(company.id, { isDefault: false });
    const ticket = await createTicketRow(company.id, { contactId: contact.id, whatsappId: other.id, status: "open", userId: agent.id });
    const sendAt = inAnHour();
    const res = await call("POST", "/api/schedules", { token: agent.token, body: { body: "Olá {nome}", sendAt, contactId: contact.id, ticketId: ticket.id } });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      body: "Olá {nome}",
      sendAt: new Date(sendAt).toISOString(),
      status: "PENDENTE",
      error: null,
      contact: { id: contact.id, name: contact.name, number: contact.number },
      ticket: { id: ticket.id, uuid: ticket.uuid },
      user: { id: agent.id, name: agent.name },
      whatsapp: { id: other.id },
      recurrence: null,
    });
    const listed = await call("GET", "/api/schedules?searchParam=" + encodeURIComponent(contact.name), { token: agent.token });
    expect(listed.json).toMatchObject({ schedules: [{ id: res.json.id }], count: 1, hasMore: false });
  });

  it("refuses a schedule without a message, in the past or with a weekly repeat and no weekday, and writes nothing", async () => {
    const { company, admin, contact } = await inboxCompany();
    const cases: [unknown, string][] = [
      [{ sendAt: inAnHour(), contactId: contact.id }, "body"],
      [{ body: "  ", sendAt: inAnHour(), contactId: contact.id }, "body"],
      [{ body: "Oi", sendAt: "amanhã", contactId: contact.id }, "sendAt"],
      [{ body: "Oi", sendAt: new Date(Date.now() - HOUR).toISOString(), contactId: contact.id }, "sendAt"],
      [{ body: "Oi", sendAt: inAnHour(), contactId: contact.id, recurrence: { frequency: "weekly", weekdays: [] } }, "recurrence.weekdays"],
    ];
    for (const [body, field] of cases) {
      const res = await call("POST", "/api/schedules", { token: admin.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error).toBe("ERR_VALIDATION");
      expect(Object.keys(res.json.fields)).toContain(field);
    }
    expect((await call("POST", "/api/schedules", { token: admin.token, body: cases[0]![0] })).json.fields.body).toBe("Required");
    expect(await schedulesOf(company.id)).toEqual([]);
  });

  it("does not schedule to another company's contact, nor show, change or delete another company's schedule", async () => {
    const a = await inboxCompany();
    const b = await inboxCompany();
    const theirs = await storedSchedule(b.company.id, { contactId: b.contact.id, sendAt: new Date(Date.now() + HOUR) });
    expect((await call("POST", "/api/schedules", { token: a.admin.token, body: { body: "Oi", sendAt: inAnHour(), contactId: b.contact.id } })).status).toBe(404);
    expect((await call("GET", `/api/schedules/${theirs.id}`, { token: a.admin.token })).status).toBe(404);
    expect((await call("PUT", `/api/schedules/${theirs.id}`, { token: a.admin.token, body: { body: "Mudou" } })).status).toBe(404);
    expect((await call("DELETE", `/api/schedules/${theirs.id}`, { token: a.admin.token })).status).toBe(404);
    expect((await call("POST", `/api/schedules/${theirs.id}/retry`, { token: a.admin.token })).status).toBe(404);
    expect((await call("GET", "/api/schedules", { token: a.admin.token })).json.schedules).toEqual([]);
    expect((await scheduleRow(b.company.id, theirs.id)).body).toBe("Lembrete");
  });

  it("lets an agent change only their own schedules (403 on a colleague's); admins and supervisors change any", async () => {
    const { company, admin, agent, supervisor, contact } = await inboxCompany();
    const mine = await storedSchedule(company.id, { contactId: contact.id, sendAt: new Date(Date.now() + HOUR), userId: admin.id });
    expect((await call("PUT", `/api/schedules/${mine.id}`, { token: agent.token, body: { body: "Mudou" } })).status).toBe(403);
    expect((await call("DELETE", `/api/schedules/${mine.id}`, { token: agent.token })).status).toBe(403);
    expect((await scheduleRow(company.id, mine.id)).body).toBe("Lembrete");
    const edited = await call("PUT", `/api/schedules/${mine.id}`, { token: supervisor.token, body: { body: "Mudou" } });
    expect(edited.status).toBe(200);
    expect(edited.json.body).toBe("Mudou");
  });

  it("refuses (403) an agent a schedule into a conversation of a queue they do not serve, named by its ticket or only by its contact", async () => {
    const { company, agent, support, sales, connection } = await inboxCompany();
    const hidden = await createContact(company.id);
    const theirs = await createTicketRow(company.id, { contactId: hidden.id, whatsappId: connection.id, status: "open", queueId: support.id });
    const byTicket = await call("POST", "/api/schedules", { token: agent.token, body: { body: "Oi", sendAt: inAnHour(), contactId: hidden.id, ticketId: theirs.id } });
    expect(byTicket.status).toBe(403);
    expect(byTicket.json.error).toBe("ERR_NO_PERMISSION");
    const byContact = await call("POST", "/api/schedules", { token: agent.token, body: { body: "Oi", sendAt: inAnHour(), contactId: hidden.id } });
    expect(byContact.status).toBe(403);
    expect((await call("POST", "/api/schedules", { token: agent.token, body: { body: "Oi", sendAt: inAnHour(), contactId: hidden.id, whatsappId: connection.id } })).status).toBe(403);
    expect(await schedulesOf(company.id)).toEqual([]);
    // Nor moved there afterwards: a schedule of a contact of their own queue cannot be pointed at the hidden one.
    const own = await createContact(company.id);
    await createTicketRow(company.id, { contactId: own.id, whatsappId: connection.id, status: "open", queueId: sales.id });
    const mine = await call("POST", "/api/schedules", { token: agent.token, body: { body: "Oi", sendAt: inAnHour(), contactId: own.id } });
    expect(mine.status).toBe(201);
    expect((await call("PUT", `/api/schedules/${mine.json.id}`, { token: agent.token, body: { contactId: hidden.id } })).status).toBe(403);
    expect((await scheduleRow(company.id, mine.json.id)).contactId).toBe(own.id);
  });

  it("is refused (403) when the company's plan has no schedules", async () => {
    const plan = await createPlan({ useSchedules: false });
    const { company, admin } = await companyWithTeam({ planId: plan.id });
    const contact = await createContact(company.id);
    const res = await call("POST", "/api/schedules", { token: admin.token, body: { body: "Oi", sendAt: inAnHour(), contactId: contact.id } });
    expect(res.status).toBe(403);
    expect(res.json.error).toBe("ERR_PLAN_FEATURE_DISABLED");
    expect((await call("GET", "/api/schedules", { token: admin.token })).status).toBe(403);
    expect(await schedulesOf(company.id)).toEqual([]);
  });
});

describe("PUT and DELETE /api/schedules/:id", () => {
  it("changes and deletes a pending schedule, refuses to change one already sent (409), and tells the company's pages", async () => {
    const { company, admin, agent, contact } = await inboxCompany();
    const socket = await connect(agent.token);
    const created = await call("POST", "/api/schedules", { token: admin.token, body: { body: "Oi", sendAt: inAnHour(), contactId: contact.id } });
    expect((await socket.next((e) => e.type === "schedule" && e.action === "create")) as unknown).toMatchObject({ schedule: { id: created.json.id, status: "PENDENTE" } });
    const later = new Date(Date.now() + 2 * HOUR).toISOString();
    const res = await call("PUT", `/api/schedules/${created.json.id}`, { token: admin.token, body: { sendAt: later } });
    expect(res.json.sendAt).toBe(later);
    expect(await socket.next((e) => e.type === "schedule" && e.action === "update")).toBeTruthy();
    expect((await call("PUT", `/api/schedules/${created.json.id}`, { token: admin.token, body: {} })).status).toBe(400);

    const sent = await storedSchedule(company.id, { contactId: contact.id, sendAt: new Date(), status: "ENVIADA", userId: admin.id });
    const refused = await call("PUT", `/api/schedules/${sent.id}`, { token: admin.token, body: { body: "Tarde demais" } });
    expect(refused.status).toBe(409);
    expect(refused.json.error).toBe("ERR_SCHEDULE_NOT_PENDING");

    expect((await call("DELETE", `/api/schedules/${created.json.id}`, { token: admin.token })).status).toBe(200);
    expect(await socket.next((e) => e.type === "schedule" && e.action === "delete")).toMatchObject({ scheduleId: created.json.id });
    expect((await call("GET", `/api/schedules/${created.json.id}`, { token: admin.token })).status).toBe(404);
  });

  it("keeps an attachment with a pending schedule and sends it with the text as its caption", async () => {
    const { company, admin, contact } = await inboxCompany();
    const created = await call("POST", "/api/schedules", { token: admin.token, body: { body: "Segue o boleto", sendAt: inAnHour(), contactId: contact.id } });
    const upload = await call("POST", `/api/schedules/${created.json.id}/media-upload`, { token: admin.token, rawBody: formWithFile("file", "%PDF-1.4", "boleto maio.pdf", "application/pdf") });
    expect(upload.status).toBe(200);
    expect(upload.json).toMatchObject({ mediaName: "boleto_maio.pdf", mediaPath: `/api/schedules/${created.json.id}/media` });
    await inTenant(company.id, (db) => db.update(schedules).set({ sendAt: new Date(Date.now() - 1000) }).where(eq(schedules.id, created.json.id)).run());
    await runDue(company.id);
    const row = await scheduleRow(company.id, created.json.id);
    const message = await inTenant(company.id, (db) => db.select().from(messages).where(eq(messages.id, row.messageId!)).get()!);
    expect(message).toMatchObject({ mediaType: "application", mediaName: "boleto_maio.pdf", fromMe: true });
    expect(message.body).toContain("Segue o boleto");
  });
});

describe("sending schedules", () => {
  it("sends a due schedule into the contact's ticket history, signed and with its variables filled, through the delivery queue", async () => {
    const { company, admin, connection } = await inboxCompany();
    const contact = await createContact(company.id, { name: "Maria", email: "maria@example.com" });
    const created = await call("POST", "/api/schedules", { token: admin.token, body: { body: "Olá {nome}, seu e-mail é {email}", sendAt: inAnHour(), contactId: contact.id } });
    await inTenant(company.id, (db) => db.update(schedules).set({ sendAt: new Date(Date.now() - 2000) }).where(eq(schedules.id, created.json.id)).run());

    const { sent, jobs } = await runDue(company.id);
    expect(sent).toBe(1);
    const row = await scheduleRow(company.id, created.json.id);
    expect(row).toMatchObject({ status: "AGENDADA", whatsappId: connection.id });
    // A ticket is opened as the external API opens one: pending, no agent, on the connection.
    const ticket = await inTenant(company.id, (db) => db.select().from(tickets).where(eq(tickets.id, row.ticketId!)).get()!);
    expect(ticket).toMatchObject({ contactId: contact.id, whatsappId: connection.id, status: "pending", userId: null });
    const history = await inTenant(company.id, (db) => db.select().from(messages).where(eq(messages.ticketId, ticket.id)).all());
    expect(history).toMatchObject([{ id: row.messageId, fromMe: true, ack: 0, body: `*${admin.name}*:\nOlá Maria, seu e-mail é maria@example.com` }]);
    expect(jobs).toEqual([{ kind: "send", companyId: company.id, messageId: row.messageId }]);

    const host = useFakeHost((c) => ({ body: { id: (c.body as { id: string }).id } }));
    await deliver(jobs);
    expect(host.calls).toMatchObject([{ path: "/bridge/send", body: { connectionId: connection.id, to: contact.number } }]);
    expect(await scheduleRow(company.id, created.json.id)).toMatchObject({ status: "ENVIADA", error: null, sentAt: expect.any(Date) });
  });

  it("marks a schedule ENVIADA when WhatsApp's ack gets in before the session host's answer", async () => {
    const { company, admin, contact, connection } = await inboxCompany();
    const due = await storedSchedule(company.id, { contactId: contact.id, sendAt: new Date(Date.now() - 2000), userId: admin.id });
    const { jobs } = await runDue(company.id);
    useFakeHost(async (c) => {
      const wid = (c.body as { id: string }).id;
      await deliverEvents({ type: "ack", connectionId: connection.id, messageId: wid, ack: 1, at: Date.now() });
      return { body: { id: wid } };
    });
    await deliver(jobs);
    expect(await scheduleRow(company.id, due.id)).toMatchObject({ status: "ENVIADA", error: null });
  });

  it("sends a schedule due during downtime once on recovery, however often the alarm runs again", async () => {
    const { company, admin, contact } = await inboxCompany();
    // Due ten minutes ago: the hub was down when its time came.
    const due = await storedSchedule(company.id, { contactId: contact.id, sendAt: new Date(Date.now() - 10 * 60 * 1000), userId: admin.id });

    const first = await runDue(company.id);
    const again = await runDue(company.id);
    await runDurableObjectAlarm(hubOf(company.id));

    expect(first.sent).toBe(1);
    expect(again).toMatchObject({ sent: 0, jobs: [] });
    const row = await scheduleRow(company.id, due.id);
    const sentMessages = await inTenant(company.id, (db) => db.select().from(messages).where(and(eq(messages.companyId, company.id), eq(messages.fromMe, true))).all());
    expect(sentMessages.map((m) => m.id)).toEqual([row.messageId]);
    useFakeHost((c) => ({ body: { id: (c.body as { id: string }).id } }));
    await deliver(first.jobs);
    await deliver(first.jobs); // a redelivered job
    expect((await scheduleRow(company.id, due.id)).status).toBe("ENVIADA");
  });

  it("runs from the hub's own alarm, armed for the schedule's time", async () => {
    const { company, admin, contact } = await inboxCompany();
    const due = await storedSchedule(company.id, { contactId: contact.id, sendAt: new Date(Date.now() - 1000), userId: admin.id });
    await hubOf(company.id).workChanged(company.id);
    await runDurableObjectAlarm(hubOf(company.id));
    await expect.poll(async () => (await scheduleRow(company.id, due.id)).status, { timeout: 10_000 }).not.toBe("PENDENTE");
    expect((await scheduleRow(company.id, due.id)).messageId).not.toBeNull();
  });

  it("marks a schedule missed during downtime as ERRO when the company says late ones are not sent", async () => {
    const { company, admin, contact } = await inboxCompany();
    await setSetting(company.id, "scheduleMissed", "mark");
    const late = await storedSchedule(company.id, { contactId: contact.id, sendAt: new Date(Date.now() - MISSED_AFTER_MS - 60_000), userId: admin.id });
    const onTime = await storedSchedule(company.id, { contactId: contact.id, sendAt: new Date(Date.now() - 1000), userId: admin.id });
    const done = await runDue(company.id);
    expect(done).toMatchObject({ sent: 1, failed: 1 });
    expect(await scheduleRow(company.id, late.id)).toMatchObject({ status: "ERRO", error: "ERR_SCHEDULE_MISSED", messageId: null });
    expect((await scheduleRow(company.id, onTime.id)).status).toBe("AGENDADA");
  });

  it("counts a send WhatsApp refuses as ERRO with its reason, and a retry sends it again", async () => {
    const { company, admin, contact } = await inboxCompany();
    const due = await storedSchedule(company.id, { contactId: contact.id, sendAt: new Date(Date.now() - 1000), userId: admin.id });
    const { jobs } = await runDue(company.id);
    useFakeHost(() => ({ status: 400, body: { error: "ERR_WAPP_INVALID_CONTACT", message: "not on WhatsApp" } }));
    await deliver(jobs, MAX_DELIVERY_ATTEMPTS);
    const failed = await call("GET", `/api/schedules/${due.id}`, { token: admin.token });
    expect(failed.json).toMatchObject({ status: "ERRO", error: "ERR_WAPP_INVALID_CONTACT" });

    const firstMessage = (await scheduleRow(company.id, due.id)).messageId;

    const retried = await call("POST", `/api/schedules/${due.id}/retry`, { token: admin.token });
    expect(retried.json).toMatchObject({ status: "PENDENTE", error: null });
    // Due at once: the hub's alarm, re-armed by the retry, sends it again as a new message.
    await expect.poll(async () => (await scheduleRow(company.id, due.id)).status, { timeout: 10_000 }).not.toBe("PENDENTE");
    const again = await scheduleRow(company.id, due.id);
    expect(again.messageId).not.toBeNull();
    expect(again.messageId).not.toBe(firstMessage);
    expect((await call("POST", `/api/schedules/${due.id}/retry`, { token: admin.token })).status).toBe(409);
  });

  it("does not write an agent's schedule into a conversation that moved to a queue they do not serve: ERRO with a reason they read", async () => {
    const { company, agent, sales, support, connection } = await inboxCompany();
    const contact = await createContact(company.id);
    const created = await call("POST", "/api/schedules", { token: agent.token, body: { body: "Lembrete", sendAt: inAnHour(), contactId: contact.id } });
    expect(created.status).toBe(201);
    // Meanwhile the contact wrote in and was taken by another queue.
    const hidden = await createTicketRow(company.id, { contactId: contact.id, whatsappId: connection.id, status: "open", queueId: support.id });
    await inTenant(company.id, (db) => db.update(schedules).set({ sendAt: new Date(Date.now() - 1000) }).where(eq(schedules.id, created.json.id)).run());

    expect(await runDue(company.id)).toMatchObject({ sent: 0, failed: 1, jobs: [] });
    const seen = await call("GET", `/api/schedules/${created.json.id}`, { token: agent.token });
    expect(seen.json).toMatchObject({ status: "ERRO", error: "ERR_SCHEDULE_TICKET_HIDDEN", ticketId: null });
    expect(await inTenant(company.id, (db) => db.select().from(messages).where(eq(messages.ticketId, hidden.id)).all())).toEqual([]);
    // One into a conversation of their own queue goes.
    const served = await createContact(company.id);
    const theirs = await createTicketRow(company.id, { contactId: served.id, whatsappId: connection.id, status: "open", queueId: sales.id });
    const due = await storedSchedule(company.id, { contactId: served.id, sendAt: new Date(Date.now() - 1000), userId: agent.id });
    expect(await runDue(company.id)).toMatchObject({ sent: 1, failed: 0 });
    expect(await scheduleRow(company.id, due.id)).toMatchObject({ status: "AGENDADA", ticketId: theirs.id });
  });

  it("marks a schedule ERRO when the company has no connection to send from", async () => {
    const { company, admin } = await companyWithTeam();
    const contact = await createContact(company.id);
    const due = await storedSchedule(company.id, { contactId: contact.id, sendAt: new Date(Date.now() - 1000), userId: admin.id });
    expect(await runDue(company.id)).toMatchObject({ sent: 0, failed: 1, jobs: [] });
    expect(await scheduleRow(company.id, due.id)).toMatchObject({ status: "ERRO", error: "ERR_NO_DEF_WAPP_FOUND" });
  });

  it("skips a marketing schedule to a contact who revoked marketing consent (ERRO, ERR_MARKETING_OPTED_OUT) and sends the others", async () => {
    const { company, admin } = await inboxCompany();
    const revoked = await createContact(company.id, { name: "Revogou" });
    const unknown = await createContact(company.id, { name: "Nunca perguntado" });
    expect((await call("PUT", `/api/contacts/${revoked.id}/consent`, { token: admin.token, body: { state: "revoked" } })).status).toBe(200);
    const create = (contactId: number, marketing: boolean) =>
      call("POST", "/api/schedules", { token: admin.token, body: { body: "Promoção", sendAt: inAnHour(), contactId, marketing } });
    const marketingToRevoked = (await create(revoked.id, true)).json;
    const plainToRevoked = (await create(revoked.id, false)).json;
    const marketingToUnknown = (await create(unknown.id, true)).json;
    expect(marketingToRevoked).toMatchObject({ marketing: true });
    await inTenant(company.id, (db) => db.update(schedules).set({ sendAt: new Date(Date.now() - 2000) }).where(eq(schedules.companyId, company.id)).run());

    expect(await runDue(company.id)).toMatchObject({ sent: 2, failed: 1 });
    expect(await scheduleRow(company.id, marketingToRevoked.id)).toMatchObject({ status: "ERRO", error: "ERR_MARKETING_OPTED_OUT", messageId: null });
    expect(await scheduleRow(company.id, plainToRevoked.id)).toMatchObject({ status: "AGENDADA", error: null });
    expect(await scheduleRow(company.id, marketingToUnknown.id)).toMatchObject({ status: "AGENDADA", error: null });
    // The schedules list says why.
    const list = await call("GET", "/api/schedules", { token: admin.token });
    expect(list.json.schedules.find((x: { id: number }) => x.id === marketingToRevoked.id)).toMatchObject({ status: "ERRO", error: "ERR_MARKETING_OPTED_OUT", marketing: true });
  });

  it("makes each occurrence of a repeating schedule its own record, at the same local time, until its end", async () => {
    const { company, admin, contact } = await inboxCompany();
    await inTenant(company.id, (db) => db.update(companies).set({ timezone: "America/Sao_Paulo" }).where(eq(companies.id, company.id)).run());
    // Monday 2030-01-07 09:00 in São Paulo (UTC-3), every Monday and Wednesday until the 9th.
    const created = await call("POST", "/api/schedules", {
      token: admin.token,
      body: { body: "Bom dia", sendAt: "2030-01-07T12:00:00.000Z", contactId: contact.id, recurrence: { frequency: "weekly", weekdays: [3, 1], until: "2030-01-09" } },
    });
    expect(created.json.recurrence).toEqual({ frequency: "weekly", weekdays: [1, 3], until: "2030-01-09" });
    const now = Date.UTC(2030, 0, 7, 12, 0, 5);
    await runDue(company.id, now);
    let rows = (await schedulesOf(company.id)).sort((x, y) => x.id - y.id);
    expect(rows.map((r) => [r.status, r.sendAt.toISOString(), r.seriesId])).toEqual([
      ["AGENDADA", "2030-01-07T12:00:00.000Z", created.json.id],
      ["PENDENTE", "2030-01-09T12:00:00.000Z", created.json.id],
    ]);
    await runDue(company.id, Date.UTC(2030, 0, 9, 12, 0, 5));
    rows = await schedulesOf(company.id);
    // The 14th is after the end: the series stops.
    expect(rows.map((r) => r.status).sort()).toEqual(["AGENDADA", "AGENDADA"]);
  });
});
