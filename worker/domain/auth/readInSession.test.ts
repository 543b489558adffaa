import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { companies, tickets, userQueues } from "../../db/schema";
import { createWorker } from "../../server";
import { db, loginAs, ORIGIN, setSetting, testEnv } from "../../testing/fixtures";
import { createMessageRow, createTicketRow, inboxCompany } from "../../testing/inbox";
import { readInSession } from "./readInSession";

/**
 * The worker over the real D1, counting its round trips (a batch, or one statement run alone). An instrument
 * on the binding, not a stand-in: every query still runs against D1.
 */
function countedWorker() {
  let roundTrips = 0;
  const real = testEnv.DB;
  const unwrapped = new WeakMap<object, D1PreparedStatement>();
  const counted = (stmt: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(stmt, {
      get(target, prop) {
        if (prop === "bind") return (...values: unknown[]) => counted(target.bind(...values));
        const value = Reflect.get(target, prop, target);
        if (typeof value !== "function") return value;
        if (prop === "all" || prop === "raw" || prop === "run" || prop === "first") roundTrips++;
        return value.bind(target);
      },
    });
    unwrapped.set(proxy, stmt);
    return proxy;
  };
  const d1 = {
    prepare: (sql: string) => counted(real.prepare(sql)),
    batch: (stmts: D1PreparedStatement[]) => {
      roundTrips++;
      return real.batch(stmts.map((s) => unwrapped.get(s) ?? s));
    },
  } as unknown as D1Database;
  const worker = createWorker();
  return {
    async get(path: string, token: string) {
      const before = roundTrips;
      const ctx = createExecutionContext();
      const res = await worker.fetch(new Request(`${ORIGIN}${path}`, { headers: { authorization: `Bearer ${token}` } }), { ...testEnv, DB: d1 }, ctx);
      await waitOnExecutionContext(ctx);
      return { status: res.status, json: (await res.json()) as any, roundTrips: roundTrips - before };
    },
  };
}

describe("reads that check their session in their own round trip", () => {
  it("answers the inbox's lists in one D1 round trip once the session has been seen", async () => {
    const { admin, contact } = await inboxCompany();
    const ticket = await createTicketRow(admin.companyId, { contactId: contact.id, status: "open", userId: admin.id });
    await createMessageRow(admin.companyId, { ticketId: ticket.id, contactId: contact.id });
    const worker = countedWorker();

    const first = await worker.get("/api/tickets?status=open&showAll=true", admin.token);
    expect(first).toMatchObject({ status: 200, roundTrips: 2 });
    const again = await worker.get("/api/tickets?status=open&showAll=true", admin.token);
    expect(again).toMatchObject({ status: 200, roundTrips: 1 });
    expect(again.json).toEqual(first.json);

    const page = await worker.get(`/api/messages/${ticket.id}`, admin.token);
    expect(page).toMatchObject({ status: 200, roundTrips: 1 });
    expect(page.json.messages).toHaveLength(1);
  });

  it("refuses a session ended by a login elsewhere on the very next read", async () => {
    const { agent } = await inboxCompany();
    const worker = countedWorker();
    expect((await worker.get("/api/tickets?status=open", agent.token)).status).toBe(200);
    await loginAs(agent.email);
    const res = await worker.get("/api/tickets?status=open", agent.token);
    expect(res.status).toBe(401);
    expect(res.json.error).toBe("ERR_SESSION_REPLACED");
  });

  it("refuses a read once the company is deactivated", async () => {
    const { company, agent } = await inboxCompany();
    const worker = countedWorker();
    expect((await worker.get("/api/tickets?status=open", agent.token)).status).toBe(200);
    await db.update(companies).set({ status: false }).where(eq(companies.id, company.id));
    const res = await worker.get("/api/tickets?status=open", agent.token);
    expect(res.status).toBe(401);
    expect(res.json.error).toBe("ERR_COMPANY_INACTIVE");
  });

  it("reads again as the user the session now describes when their queues changed in between", async () => {
    const { company, agent, contact, sales } = await inboxCompany();
    const ticket = await createTicketRow(company.id, { contactId: contact.id, status: "pending", queueId: sales.id });
    const worker = countedWorker();
    const before = await worker.get("/api/tickets?status=pending", agent.token);
    expect(before.json.tickets.map((t: { id: number }) => t.id)).toContain(ticket.id);

    await db.delete(userQueues).where(and(eq(userQueues.userId, agent.id), eq(userQueues.queueId, sales.id)));
    const after = await worker.get("/api/tickets?status=pending", agent.token);
    expect(after.status).toBe(200);
    expect(after.json.tickets.map((t: { id: number }) => t.id)).not.toContain(ticket.id);
    // The speculative read, then the read again as the changed user.
    expect(after.roundTrips).toBe(2);
    // The changed user is what the session is remembered as now.
    expect((await worker.get("/api/tickets?status=pending", agent.token)).roundTrips).toBe(1);
  });

  it("lets a setting changed in between decide the next read (closed tab without viewclosed)", async () => {
    const { company, agent } = await inboxCompany();
    await setSetting(company.id, "viewclosed", "enabled");
    const worker = countedWorker();
    expect((await worker.get("/api/tickets?status=closed", agent.token)).status).toBe(200);
    await setSetting(company.id, "viewclosed", "disabled");
    const res = await worker.get("/api/tickets?status=closed", agent.token);
    expect(res.status).toBe(403);
    expect(res.json.error).toBe("ERR_NO_PERMISSION");
  });

  it("answers a refused session before a read's own error (a malformed query from an ended session is a 401)", async () => {
    const { agent } = await inboxCompany();
    const worker = countedWorker();
    expect((await worker.get("/api/tickets?status=open", agent.token)).status).toBe(200);
    expect((await worker.get("/api/tickets?status=nope", agent.token)).status).toBe(400);
    await loginAs(agent.email);
    expect((await worker.get("/api/tickets?status=nope", agent.token)).status).toBe(401);
  });

  it("clears the owner's unread badge only after the session is confirmed", async () => {
    const { company, agent, contact, sales } = await inboxCompany();
    const ticket = await createTicketRow(company.id, { contactId: contact.id, status: "open", userId: agent.id, queueId: sales.id, unreadMessages: 2 });
    await createMessageRow(company.id, { ticketId: ticket.id, contactId: contact.id });
    const worker = countedWorker();
    expect((await worker.get("/api/tickets?status=open", agent.token)).status).toBe(200);
    await loginAs(agent.email);
    expect((await worker.get(`/api/messages/${ticket.id}`, agent.token)).status).toBe(401);
    expect((await db.select().from(tickets).where(eq(tickets.id, ticket.id)).get())?.unreadMessages).toBe(2);
  });

  it("refuses a write inside a read", async () => {
    const { company, agent } = await inboxCompany();
    const real = createDb(testEnv.DB);
    await readInSession({ db: real, env: testEnv, token: agent.token }, async () => null); // the session seen once
    await expect(
      readInSession({ db: real, env: testEnv, token: agent.token }, async (_user, readDb) =>
        readDb.update(companies).set({ name: "changed" }).where(eq(companies.id, company.id)),
      ),
    ).rejects.toThrow(/db\.update in a read/);
    expect((await db.select().from(companies).where(eq(companies.id, company.id)).get())?.name).toBe(company.name);
  });
});
