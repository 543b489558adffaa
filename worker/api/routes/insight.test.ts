import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { tickets, ticketServicePeriods, ticketTracking, userRatings } from "../../db/tenant";
import { call, companyWithTeam, createQueue, createUser, inTenant, loginAs } from "../../testing/fixtures";
import { createContact, createMessageRow, createTicketRow } from "../../testing/inbox";

type Team = Awaited<ReturnType<typeof companyWithTeam>>;
type Status = "open" | "pending" | "closed";

/** An instant given as local wall time with its offset, e.g. at("2025-03-10T10:00", -3). */
const at = (local: string, offsetHours: number) => {
  const sign = offsetHours < 0 ? "-" : "+";
  return Date.parse(`${local}:00${sign}${String(Math.abs(offsetHours)).padStart(2, "0")}:00`);
};

/**
 * A hand-built ticket history, written as the verbs write it (one ticket_trackings row per transition, agents'
 * and bots' messages, ratings), so the triggers build the service episodes.
 */
function history(companyId: number) {
  let state: { status: Status | null; userId: number | null; queueId: number | null } = { status: null, userId: null, queueId: null };
  const make = async (ticketId: number) => ({
    async move(action: string, to: { status: Status; userId: number | null; queueId: number | null }, time: number) {
      const from = state;
      await inTenant(companyId, (db) =>
        db
          .insert(ticketTracking)
          .values({
            companyId,
            ticketId,
            action,
            fromStatus: from.status,
            toStatus: to.status,
            fromUserId: from.userId,
            toUserId: to.userId,
            fromQueueId: from.queueId,
            toQueueId: to.queueId,
            queuedAt: to.status === "pending" ? new Date(time) : null,
            startedAt: to.status === "open" ? new Date(time) : null,
            finishedAt: to.status === "closed" ? new Date(time) : null,
            createdAt: new Date(time),
          })
          .run(),
      );
      state = to;
      await inTenant(companyId, (db) =>
        db.update(tickets).set({ status: to.status, userId: to.userId }).where(eq(tickets.id, ticketId)).run(),
      );
    },
    say: (userId: number, time: number) => createMessageRow(companyId, { ticketId, fromMe: true, userId, createdAt: new Date(time) }),
    contactSays: (time: number) => createMessageRow(companyId, { ticketId, fromMe: false, createdAt: new Date(time) }),
    botSays: (time: number, kind = "greeting") =>
      createMessageRow(companyId, { ticketId, fromMe: true, sentByBot: true, dataJson: JSON.stringify({ bot: kind }), createdAt: new Date(time) }),
    rate: (userId: number, rate: number, time: number) =>
      inTenant(companyId, (db) => db.insert(userRatings).values({ companyId, ticketId, userId, rate, createdAt: new Date(time) }).run()),
  });
  return {
    async ticket(contactId: number, queueId: number) {
      state = { status: null, userId: null, queueId: null };
      const row = await createTicketRow(companyId, { contactId, queueId });
      return { id: row.id, uuid: row.uuid, ...(await make(row.id)) };
    },
  };
}

const SP = -3; // America/Sao_Paulo (no DST since 2019)
const sp = (local: string) => at(local, SP);
const RANGE = "date_from=2025-03-10&date_to=2025-03-12";

let a: Team;
let b: Team;
let q1: number;
let q2: number;
let reopenedUuid: string;

beforeAll(async () => {
  a = await companyWithTeam();
  b = await companyWithTeam();
  q1 = (await createQueue(a.company.id)).id;
  q2 = (await createQueue(a.company.id)).id;
  const agent = a.agent.id;
  const sup = a.supervisor.id;
  const h = history(a.company.id);
  const contact = await createContact(a.company.id);

  // 1. Simple: waits 5, first response 7, resolved in 30 (agent held it 25), rated 3.
  const t1 = await h.ticket(contact.id, q1);
  await t1.contactSays(sp("2025-03-10T10:00"));
  await t1.move("create", { status: "pending", userId: null, queueId: q1 }, sp("2025-03-10T10:00"));
  await t1.move("accept", { status: "open", userId: agent, queueId: q1 }, sp("2025-03-10T10:05"));
  await t1.say(agent, sp("2025-03-10T10:07"));
  await t1.move("close", { status: "closed", userId: agent, queueId: q1 }, sp("2025-03-10T10:30"));
  await t1.botSays(sp("2025-03-10T10:30"), "rating");
  await t1.rate(agent, 3, sp("2025-03-10T10:31"));

  // 2. Transferred: waits 10, the agent answers at 20, moves it to the supervisor in queue 2, who resolves it (60 in all, held 30).
  const t2 = await h.ticket(contact.id, q1);
  await t2.move("create", { status: "pending", userId: null, queueId: q1 }, sp("2025-03-10T11:00"));
  await t2.move("accept", { status: "open", userId: agent, queueId: q1 }, sp("2025-03-10T11:10"));
  await t2.say(agent, sp("2025-03-10T11:20"));
  await t2.move("transfer", { status: "open", userId: sup, queueId: q2 }, sp("2025-03-10T11:30"));
  await t2.say(sup, sp("2025-03-10T11:40"));
  await t2.move("close", { status: "closed", userId: sup, queueId: q2 }, sp("2025-03-10T12:00"));
  await t2.botSays(sp("2025-03-10T12:00"), "rating");

  // 3. Reopened, across midnight: the first episode starts at 23:50 on the 10th (02:50 UTC on the 11th), the bot's
  // greeting is no response, the agent answers at 00:05 and resolves at 00:10 on the 11th (rated 1); the contact
  // writes again on the 12th, the supervisor takes it after 30 minutes and it is still open at the period's end.
  const t3 = await h.ticket(contact.id, q1);
  reopenedUuid = t3.uuid;
  await t3.contactSays(sp("2025-03-10T23:50"));
  await t3.move("create", { status: "pending", userId: null, queueId: q1 }, sp("2025-03-10T23:50"));
  await t3.botSays(sp("2025-03-10T23:51"));
  await t3.move("accept", { status: "open", userId: agent, queueId: q1 }, sp("2025-03-10T23:55"));
  await t3.say(agent, sp("2025-03-11T00:05"));
  await t3.move("close", { status: "closed", userId: agent, queueId: q1 }, sp("2025-03-11T00:10"));
  await t3.botSays(sp("2025-03-11T00:10"), "rating");
  await t3.rate(agent, 1, sp("2025-03-11T00:12"));
  await t3.move("reopen", { status: "pending", userId: null, queueId: q1 }, sp("2025-03-12T09:00"));
  await t3.move("accept", { status: "open", userId: sup, queueId: q1 }, sp("2025-03-12T09:30"));
  await t3.say(sup, sp("2025-03-12T09:31"));

  // 4. Still waiting at the period's end.
  const t4 = await h.ticket(contact.id, q1);
  await t4.move("create", { status: "pending", userId: null, queueId: q1 }, sp("2025-03-12T15:00"));

  // 5. Created the evening before the period (02:00 UTC on the 10th, but the 9th in São Paulo), resolved in it.
  const t5 = await h.ticket(contact.id, q1);
  await t5.move("create", { status: "pending", userId: null, queueId: q1 }, sp("2025-03-09T23:00"));
  await t5.move("accept", { status: "open", userId: agent, queueId: q1 }, sp("2025-03-09T23:30"));
  await t5.move("close", { status: "closed", userId: agent, queueId: q1 }, sp("2025-03-10T00:30"));

  // 6. Wholly before the period.
  const t6 = await h.ticket(contact.id, q1);
  await t6.move("create", { status: "pending", userId: null, queueId: q1 }, sp("2025-03-09T12:00"));
  await t6.move("accept", { status: "open", userId: agent, queueId: q1 }, sp("2025-03-09T12:01"));
  await t6.move("close", { status: "closed", userId: agent, queueId: q1 }, sp("2025-03-09T13:00"));

  // Company B: a ticket in the same days, never in A's figures.
  const hb = history(b.company.id);
  const qb = (await createQueue(b.company.id)).id;
  const tb = await hb.ticket((await createContact(b.company.id)).id, qb);
  await tb.move("create", { status: "pending", userId: null, queueId: qb }, sp("2025-03-10T09:00"));
  await tb.move("accept", { status: "open", userId: b.agent.id, queueId: qb }, sp("2025-03-10T09:01"));
  await tb.move("close", { status: "closed", userId: b.agent.id, queueId: qb }, sp("2025-03-10T09:02"));
});

describe("the service episodes (ticket_service_periods)", () => {
  it("are kept by the history's triggers: one per created or reopened stretch, with the transfer counted", async () => {
    const rows = await inTenant(a.company.id, (db) => db.select().from(ticketServicePeriods).where(eq(ticketServicePeriods.companyId, a.company.id)).all());
    expect(rows).toHaveLength(7);
    const transferred = rows.find((r) => r.transfers === 1)!;
    expect(transferred).toMatchObject({ userId: a.supervisor.id, queueId: q2, acceptedUserId: a.agent.id, firstResponseUserId: a.agent.id });
    expect(transferred.finishedAt! - transferred.assignedAt!).toBe(30 * 60_000);
  });

  it("match an agent's message written after its history (an import), and keep the agent a close row leaves out", async () => {
    const h = history(a.company.id);
    const t = await h.ticket((await createContact(a.company.id)).id, q1);
    await t.move("create", { status: "pending", userId: null, queueId: q1 }, sp("2025-02-01T10:00"));
    await t.move("accept", { status: "open", userId: a.agent.id, queueId: q1 }, sp("2025-02-01T10:02"));
    await t.move("close", { status: "closed", userId: null, queueId: null }, sp("2025-02-01T10:30"));
    await t.say(a.agent.id, sp("2025-02-01T10:20"));
    await t.say(a.agent.id, sp("2025-02-01T10:10"));
    await t.say(a.agent.id, sp("2025-02-01T11:00")); // after the close: not this episode's
    const [row] = await inTenant(a.company.id, (db) => db.select().from(ticketServicePeriods).where(eq(ticketServicePeriods.ticketId, t.id)).all());
    expect(row).toMatchObject({ userId: a.agent.id, queueId: q1, firstResponseAt: sp("2025-02-01T10:10"), firstResponseUserId: a.agent.id });
  });

  it("follow the real accept and close of the API", async () => {
    const contact = await createContact(a.company.id);
    const ticket = await createTicketRow(a.company.id, { contactId: contact.id, queueId: q1 });
    const accepted = await call("PUT", `/api/tickets/${ticket.id}`, { token: a.admin.token, body: { status: "open", userId: a.admin.id } });
    expect(accepted.status).toBe(200);
    const closed = await call("PUT", `/api/tickets/${ticket.id}`, { token: a.admin.token, body: { status: "closed" } });
    expect(closed.status).toBe(200);
    const rows = await inTenant(a.company.id, (db) => db.select().from(ticketServicePeriods).where(eq(ticketServicePeriods.ticketId, ticket.id)).all());
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: a.admin.id, acceptedUserId: a.admin.id });
    expect(rows[0]!.finishedAt).not.toBeNull();
  });
});

describe("the daily and hourly rollups (service_days, service_hours)", () => {
  /** Each rollup row as the episodes give it now, and as the triggers kept it: they must be the same rows. */
  const compare = (companyId: number) =>
    inTenant(companyId, (db) => {
      const day = (column: string) => `${column} - ${column} % 86400000`;
      const expected = db.all<Record<string, number>>(sql.raw(`
        select day, user_id, queue_id, sum(started) as started, sum(wait_n) as wait_n, sum(wait_sum) as wait_sum,
          sum(responded_n) as responded_n, sum(responded_sum) as responded_sum, sum(resolved) as resolved,
          sum(handling_sum) as handling_sum, sum(resolution_sum) as resolution_sum, sum(asked) as asked, sum(rate1) as rate1, sum(rate3) as rate3
        from (
          select ${day("started_at")} as day, coalesce(user_id, 0) as user_id, coalesce(queue_id, 0) as queue_id, 1 as started,
            (queued_at is not null and accepted_at is not null) as wait_n, coalesce(accepted_at - queued_at, 0) as wait_sum,
            0 as responded_n, 0 as responded_sum, 0 as resolved, 0 as handling_sum, 0 as resolution_sum, 0 as asked, 0 as rate1, 0 as rate3
          from ticket_service_periods where company_id = ${companyId}
          union all
          select ${day("started_at")}, first_response_user_id, coalesce(queue_id, 0), 0, 0, 0, 1, first_response_at - queued_at, 0, 0, 0, 0, 0, 0
          from ticket_service_periods where company_id = ${companyId} and queued_at is not null and first_response_at is not null and first_response_user_id is not null
          union all
          select ${day("finished_at")}, coalesce(user_id, 0), coalesce(queue_id, 0), 0, 0, 0, 0, 0, 1, coalesce(finished_at - assigned_at, 0),
            finished_at - started_at, (rating_asked_at is not null or rate is not null), rate is 1, rate is 3
          from ticket_service_periods where company_id = ${companyId} and finished_at is not null
        ) group by 1, 2, 3 order by 1, 2, 3`));
      const kept = db.all<Record<string, number>>(sql.raw(`
        select day, user_id, queue_id, started, wait_n, wait_sum, responded_n, responded_sum, resolved, handling_sum, resolution_sum, asked, rate1, rate3
        from service_days where company_id = ${companyId} and (started or responded_n or resolved) order by 1, 2, 3`));
      const hours = db.all<Record<string, number>>(sql.raw(`
        select (select count(*) from ticket_service_periods where company_id = ${companyId}) as episodes,
          (select count(*) from ticket_service_periods where company_id = ${companyId} and finished_at is not null) as finished,
          (select sum(started) from service_hours where company_id = ${companyId}) as started,
          (select sum(resolved) from service_hours where company_id = ${companyId}) as resolved`))[0]!;
      return { expected, kept, hours };
    });

  it("agree with the episodes after creates, accepts, transfers, closes, reopens, ratings and a deleted ticket", async () => {
    const before = await compare(a.company.id);
    expect(before.kept.length).toBeGreaterThan(3);
    expect(before.kept).toEqual(before.expected);

    // A ticket of the history goes: its episodes leave the rollups with it.
    const h = history(a.company.id);
    const gone = await h.ticket((await createContact(a.company.id)).id, q2);
    await gone.move("create", { status: "pending", userId: null, queueId: q2 }, sp("2025-03-11T08:00"));
    await gone.move("accept", { status: "open", userId: a.agent.id, queueId: q2 }, sp("2025-03-11T08:03"));
    await gone.say(a.agent.id, sp("2025-03-11T08:04"));
    await gone.move("close", { status: "closed", userId: a.agent.id, queueId: q2 }, sp("2025-03-11T08:20"));
    const during = await compare(a.company.id);
    expect(during.kept).toEqual(during.expected);
    await inTenant(a.company.id, (db) => db.delete(tickets).where(eq(tickets.id, gone.id)).run());

    const after = await compare(a.company.id);
    expect(after.kept).toEqual(after.expected);
    expect(after.kept).toEqual(before.kept);
    expect(after.hours).toEqual({ episodes: after.hours.episodes, finished: after.hours.finished, started: after.hours.episodes, resolved: after.hours.finished });
  });
});

describe("GET /api/dashboard", () => {
  it("computes each figure of the period in the company's time zone", async () => {
    const res = await call("GET", `/api/dashboard?${RANGE}`, { token: a.admin.token });
    expect(res.status).toBe(200);
    const d = res.json;
    expect(d.period).toEqual({ from: "2025-03-10", to: "2025-03-12", timezone: "America/Sao_Paulo", days: 3 });
    // Started in the period: 1, 2, 3 (23:50 on the 10th), 3 again (reopened on the 12th), 4; not 5 (the 9th there).
    expect(d.created).toBe(5);
    expect(d.waited).toBe(4); // 5, 10, 5, 30: ticket 4 is still waiting
    expect(d.avgWaitTime).toBe(12.5);
    expect(d.medianWaitTime).toBe(7.5);
    expect(d.responded).toBe(4); // 7, 20, 15 (not the bot's 1), 31
    expect(d.avgFirstResponseTime).toBe(18.25);
    expect(d.medianFirstResponseTime).toBe(17.5);
    // Resolved in the period: 1, 2, 3's first episode, 5; not 6; not 3's open second episode.
    expect(d.supportFinished).toBe(4);
    expect(d.avgSupportTime).toBe(50); // 30, 60, 20, 90
    expect(d.medianSupportTime).toBe(45);
    expect(d.ratings).toMatchObject({ asked: 3, answered: 2, csat: 50, responseRate: 66.7, average: 2, distribution: { 1: 1, 2: 0, 3: 1 } });
    expect(d.series.days).toEqual([
      { date: "2025-03-10", created: 3, resolved: 3 },
      { date: "2025-03-11", created: 0, resolved: 1 },
      { date: "2025-03-12", created: 2, resolved: 0 },
    ]);
    // 10:00 and 23:50 on Monday the 10th, São Paulo time.
    expect(d.series.heatmap[1][10]).toBe(1);
    expect(d.series.heatmap[1][23]).toBe(1);
    expect(d.series.heatmap.flat().reduce((n: number, v: number) => n + v, 0)).toBe(2);
  });

  it("gives the attendants table: tickets resolved, handling and first response times, rating, online", async () => {
    const { json } = await call("GET", `/api/dashboard?${RANGE}`, { token: a.admin.token });
    const agent = json.attendants.find((x: { id: number }) => x.id === a.agent.id);
    // Resolved 1 (held 25), 3's first episode (15) and 5 (60); answered first on 1 (7), 2 (20) and 3 (15).
    expect(agent).toMatchObject({ tickets: 3, avgSupportTime: 33.33, medianSupportTime: 25, avgFirstResponseTime: 14, rating: 2, ratings: 2, csat: 50 });
    expect(typeof agent.online).toBe("boolean");
    const sup = json.attendants.find((x: { id: number }) => x.id === a.supervisor.id);
    expect(sup).toMatchObject({ tickets: 1, avgSupportTime: 30, avgFirstResponseTime: 31, rating: null });
  });

  it("counts in service and waiting now, and filters by queue and agent", async () => {
    const all = (await call("GET", `/api/dashboard?${RANGE}`, { token: a.admin.token })).json;
    expect(all.supportPending).toBeGreaterThanOrEqual(1);
    expect(all.supportHappening).toBeGreaterThanOrEqual(1);
    const inQ2 = (await call("GET", `/api/dashboard?${RANGE}&queueId=${q2}`, { token: a.admin.token })).json;
    expect(inQ2).toMatchObject({ supportFinished: 1, avgSupportTime: 60, created: 1, supportHappening: 0, supportPending: 0, newContacts: null });
    const agents = (await call("GET", `/api/dashboard?${RANGE}&userId=${a.agent.id}`, { token: a.admin.token })).json;
    expect(agents).toMatchObject({ supportFinished: 3, created: 2 });
    expect(agents.attendants.map((x: { id: number }) => x.id)).toEqual([a.agent.id]);
  });

  it("counts a DST day as its 23 hours (America/New_York, 9 March 2025)", async () => {
    const ny = await companyWithTeam({ timezone: "America/New_York" });
    const h = history(ny.company.id);
    const contact = await createContact(ny.company.id);
    const q = (await createQueue(ny.company.id)).id;
    const early = await h.ticket(contact.id, q); // 00:30 EST = 05:30 UTC
    await early.move("create", { status: "pending", userId: null, queueId: q }, at("2025-03-09T00:30", -5));
    await early.contactSays(at("2025-03-09T15:00", -4)); // after the change: hour 15, not 14
    const late = await h.ticket(contact.id, q); // 23:30 EDT = 03:30 UTC on the 10th: still the 9th
    await late.move("create", { status: "pending", userId: null, queueId: q }, at("2025-03-09T23:00", -4));
    await late.move("accept", { status: "open", userId: ny.agent.id, queueId: q }, at("2025-03-09T23:10", -4));
    await late.move("close", { status: "closed", userId: ny.agent.id, queueId: q }, at("2025-03-09T23:30", -4));
    const next = await h.ticket(contact.id, q); // 00:30 EDT on the 10th
    await next.move("create", { status: "pending", userId: null, queueId: q }, at("2025-03-10T00:30", -4));

    const day = await call("GET", "/api/dashboard/ticketsDay?initialDate=2025-03-09&finalDate=2025-03-09", { token: ny.admin.token });
    expect(day.status).toBe(200);
    expect(day.json).toEqual({ data: [{ date: "2025-03-09", created: 2, resolved: 1 }], count: 2, timezone: "America/New_York" });
    const dash = (await call("GET", "/api/dashboard?date_from=2025-03-09&date_to=2025-03-09", { token: ny.admin.token })).json;
    expect(dash.series.heatmap[0][15]).toBe(1);
    expect(dash.series.heatmap.flat().reduce((n: number, v: number) => n + v, 0)).toBe(1);
  });

  it("answers the last N days up to today", async () => {
    const res = await call("GET", "/api/dashboard?days=7", { token: a.admin.token });
    expect(res.status).toBe(200);
    expect(res.json.series.days).toHaveLength(7);
    expect(res.json.period.days).toBe(7);
  });

  it("never counts another company's tickets, whatever companyId says", async () => {
    const res = await call("GET", `/api/dashboard?${RANGE}&companyId=${a.company.id}`, { token: b.admin.token });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ supportFinished: 1, created: 1 });
    expect(res.json.attendants.map((x: { id: number }) => x.id)).not.toContain(a.agent.id);
    const reports = await call("GET", `/api/ticket/reports?${RANGE}&companyId=${a.company.id}`, { token: b.admin.token });
    expect(reports.json.reports.map((r: { uuid: string }) => r.uuid)).not.toContain(reopenedUuid);
    // A queue or agent of another company filters to nothing.
    const other = await call("GET", `/api/dashboard?${RANGE}&queueId=${q1}`, { token: b.admin.token });
    expect(other.json).toMatchObject({ supportFinished: 0, created: 0 });
  });

  it("shows the platform's figures to super users only, apart from the company's", async () => {
    const plain = (await call("GET", `/api/dashboard?${RANGE}`, { token: a.admin.token })).json;
    expect(plain).not.toHaveProperty("platform");
    expect(plain).not.toHaveProperty("totalCompanies");
    const superUser = await createUser(a.company.id, { profile: "admin", super: true });
    const res = await call("GET", `/api/dashboard?${RANGE}`, { token: await loginAs(superUser.email) });
    expect(res.json.platform.totalCompanies).toBeGreaterThanOrEqual(3);
    expect(res.json.platform).toHaveProperty("totalWhatsappSessions");
    expect(res.json).toMatchObject({ supportFinished: plain.supportFinished, created: plain.created, avgSupportTime: plain.avgSupportTime });
  });

  it("refuses agents and supervisors (403), a request without a period (400) and a range over 90 days", async () => {
    expect((await call("GET", `/api/dashboard?${RANGE}`, { token: a.agent.token })).status).toBe(403);
    expect((await call("GET", `/api/dashboard?${RANGE}`, { token: a.supervisor.token })).status).toBe(403);
    expect((await call("GET", `/api/dashboard/ticketsUsers?${RANGE}`, { token: a.agent.token })).status).toBe(403);
    expect((await call("GET", `/api/ticket/reports?${RANGE}`, { token: a.agent.token })).status).toBe(403);
    const none = await call("GET", "/api/dashboard", { token: a.admin.token });
    expect(none.status).toBe(400);
    expect(none.json).toMatchObject({ error: "ERR_VALIDATION", fields: { days: "Parametrize o filtro" } });
    const long = await call("GET", "/api/dashboard?date_from=2025-01-01&date_to=2025-06-01", { token: a.admin.token });
    expect(long.status).toBe(400);
    expect(long.json.fields).toHaveProperty("date_to");
    expect((await call("GET", "/api/dashboard?days=5", { token: a.admin.token })).status).toBe(400);
    expect((await call("GET", `/api/dashboard?${RANGE}`)).status).toBe(401);
  });
});

describe("medians from the bucket counts (service_durations)", () => {
  const MIN = 60_000;
  /** Durations with ties, a wide range (ms to days) and several in one bucket, so bounds meet in some and not others. */
  const durations = (i: number, salt: number) => [7, 12, 12, 4_000, 5 * MIN, 5 * MIN, 5 * MIN + 1, 5 * MIN + 900, 6 * MIN, 52 * MIN, 3 * 86_400_000][(i * salt) % 11]! + (i % 3) * salt * 450;
  const bucketOf = (d: number) => (d < 10 ? 0 : String(d).length * 100 + Number(String(d).slice(0, 2)));
  const medianOf = (values: number[]) => {
    if (!values.length) return null;
    const v = [...values].sort((x, y) => x - y);
    const m = (v.length - 1) >> 1;
    return v.length % 2 ? v[m]! : (v[m]! + v[m + 1]!) / 2;
  };
  const minutes = (ms: number | null) => (ms === null ? null : Math.round(ms / 600) / 100);

  it("equal the medians of the episodes for any range, queue and agent, after updates and deletes", async () => {
    const c = await companyWithTeam();
    const queues = [(await createQueue(c.company.id)).id, (await createQueue(c.company.id)).id];
    const contact = await createContact(c.company.id);
    const start = sp("2025-04-01T00:00");
    await inTenant(c.company.id, async (db) => {
      for (let i = 0; i < 60; i++) {
        const ticket = await db.insert(tickets).values({ companyId: c.company.id, contactId: contact.id, status: "closed" }).returning().get();
        const startedAt = start + i * 4 * 3_600_000 + (i % 5) * 60_000; // every 4 hours over 10 days, local midnights crossed
        const queuedAt = startedAt;
        const acceptedAt = i % 7 === 0 ? null : queuedAt + durations(i, 3);
        await db
          .insert(ticketServicePeriods)
          .values({
            companyId: c.company.id,
            ticketId: ticket.id,
            queueId: i % 4 === 0 ? null : queues[i % 2]!,
            userId: i % 3 === 0 ? c.agent.id : c.admin.id,
            startedAt,
            queuedAt,
            acceptedAt,
            assignedAt: acceptedAt,
            firstResponseAt: i % 5 === 0 ? null : queuedAt + durations(i, 7),
            firstResponseUserId: i % 5 === 0 ? null : c.agent.id,
            finishedAt: i % 6 === 0 ? null : startedAt + durations(i, 5),
          })
          .run();
      }
    });
    const check = async (label: string) => {
      const episodes = await inTenant(c.company.id, (db) => db.select().from(ticketServicePeriods).where(eq(ticketServicePeriods.companyId, c.company.id)).all());
      // The triggers' counts are the episodes' counts, bucket by bucket, and their bounds hold every duration.
      const kept = await inTenant(c.company.id, (db) =>
        db.all<{ kind: number; day: number; queue: number; bucket: number; n: number; lo: number; hi: number }>(
          sql.raw(`select kind, day, queue_id as queue, bucket, n, lo, hi from service_durations where company_id = ${c.company.id} and n <> 0`),
        ),
      );
      const expected = new Map<string, number[]>();
      const count = (kind: number, dayOf: number, queue: number | null, d: number) => {
        const key = [kind, dayOf - (dayOf % 86_400_000), queue ?? 0, bucketOf(d)].join("/");
        expected.set(key, [...(expected.get(key) ?? []), d]);
      };
      for (const e of episodes) {
        if (e.finishedAt !== null) count(1, e.finishedAt, e.queueId, e.finishedAt - e.startedAt);
        if (e.queuedAt !== null && e.acceptedAt !== null) count(2, e.startedAt, e.queueId, e.acceptedAt - e.queuedAt);
        if (e.queuedAt !== null && e.firstResponseAt !== null) count(3, e.startedAt, e.queueId, e.firstResponseAt - e.queuedAt);
      }
      expect(kept.length, label).toBe(expected.size);
      for (const row of kept) {
        const values = expected.get([row.kind, row.day, row.queue, row.bucket].join("/"));
        expect(values?.length, `${label}: ${JSON.stringify(row)}`).toBe(row.n);
        expect(row.lo, label).toBeLessThanOrEqual(Math.min(...values!));
        expect(row.hi, label).toBeGreaterThanOrEqual(Math.max(...values!));
      }
      // The dashboard's medians are the episodes' medians, for ranges with and without whole UTC days and filters.
      const ranges: [string, string][] = [["2025-04-01", "2025-04-10"], ["2025-04-03", "2025-04-04"], ["2025-04-02", "2025-04-02"]];
      for (const [from, to] of ranges) {
        for (const filter of [{}, { queueId: queues[0]! }, { userId: c.agent.id }]) {
          const lo = sp(`${from}T00:00`);
          const hi = sp(`${to}T00:00`) + 86_400_000;
          const picked = episodes.filter(
            (e) => (!("queueId" in filter) || e.queueId === filter.queueId) && (!("userId" in filter) || e.userId === filter.userId),
          );
          const inPeriod = (t: number | null) => t !== null && t >= lo && t < hi;
          const query = new URLSearchParams({ date_from: from, date_to: to, ...Object.fromEntries(Object.entries(filter).map(([k, v]) => [k, String(v)])) });
          const res = await call("GET", `/api/dashboard?${query}`, { token: c.admin.token });
          expect(res.status).toBe(200);
          const where = `${label} ${query}`;
          expect(res.json.medianSupportTime, where).toBe(minutes(medianOf(picked.filter((e) => inPeriod(e.finishedAt)).map((e) => e.finishedAt! - e.startedAt))));
          expect(res.json.medianWaitTime, where).toBe(
            minutes(medianOf(picked.filter((e) => inPeriod(e.startedAt) && e.acceptedAt !== null).map((e) => e.acceptedAt! - e.queuedAt!))),
          );
          expect(res.json.medianFirstResponseTime, where).toBe(
            minutes(medianOf(picked.filter((e) => inPeriod(e.startedAt) && e.firstResponseAt !== null).map((e) => e.firstResponseAt! - e.queuedAt!))),
          );
        }
      }
    };
    await check("as written");
    // Updates move durations between buckets and days (bounds stay, perhaps loose); deletes take them out.
    await inTenant(c.company.id, async (db) => {
      await db.run(sql.raw(`update ticket_service_periods set finished_at = finished_at + 86400000 * (id % 2), accepted_at = accepted_at + 1 where company_id = ${c.company.id} and id % 3 = 1`));
      await db.run(sql.raw(`update ticket_service_periods set queue_id = null where company_id = ${c.company.id} and id % 5 = 2`));
      await db.run(sql.raw(`delete from tickets where company_id = ${c.company.id} and id % 4 = 3`));
    });
    await check("after updates and deletes");
  });
});

describe("GET /api/dashboard/ticketsUsers", () => {
  it("counts per agent the tickets resolved in the period and those open now", async () => {
    const res = await call("GET", "/api/dashboard/ticketsUsers?initialDate=2025-03-10&finalDate=2025-03-12", { token: a.admin.token });
    expect(res.status).toBe(200);
    const agent = res.json.data.find((x: { userId: number }) => x.userId === a.agent.id);
    const sup = res.json.data.find((x: { userId: number }) => x.userId === a.supervisor.id);
    expect(agent).toMatchObject({ resolved: 3, open: 0 });
    expect(sup).toMatchObject({ resolved: 1, open: 1 });
  });
});

describe("GET /api/ticket/reports", () => {
  it("lists the episodes of the period with their times, rating and tags, paged and filtered", async () => {
    const res = await call("GET", `/api/ticket/reports?${RANGE}`, { token: a.admin.token });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ count: 5, hasMore: false });
    const first = res.json.reports.at(-1);
    expect(first).toMatchObject({ status: "closed", waitTime: 5, firstResponseTime: 7, resolutionTime: 30, rate: 3, transfers: 0, tags: [] });
    const reopened = res.json.reports.filter((r: { uuid: string }) => r.uuid === reopenedUuid);
    expect(reopened).toHaveLength(2);
    const page = await call("GET", `/api/ticket/reports?${RANGE}&pageSize=20&pageNumber=2`, { token: a.admin.token });
    expect(page.json).toMatchObject({ reports: [], count: 5, hasMore: false });
    const closed = await call("GET", `/api/ticket/reports?${RANGE}&status=pending`, { token: a.admin.token });
    expect(closed.json.count).toBe(1);
    const inQ2 = await call("GET", `/api/ticket/reports?${RANGE}&queueId=${q2}`, { token: a.admin.token });
    expect(inQ2.json.reports).toHaveLength(1);
    expect(inQ2.json.reports[0]).toMatchObject({ transfers: 1, user: { name: a.supervisor.name } });
  });

  it("exports them as CSV", async () => {
    const res = await call("GET", `/api/ticket/reports?${RANGE}&format=csv`, { token: a.admin.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    const lines = (res.json as string).replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines).toHaveLength(6);
    expect(lines[0]).toContain("first response (min)");
  });

  it("names bad filters", async () => {
    const res = await call("GET", `/api/ticket/reports?${RANGE}&pageSize=7&status=gone`, { token: a.admin.token });
    expect(res.status).toBe(400);
    expect(Object.keys(res.json.fields).sort()).toEqual(["pageSize", "status"]);
  });
});
