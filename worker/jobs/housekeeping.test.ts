import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rateLimits } from "../db/control";
import { automationRuns, typebotSessions, userSessions } from "../db/tenant";
import { addRule } from "../testing/automationRules";
import { control, createCompany, createUser, inTenant, testEnv } from "../testing/fixtures";
import { createContact, createTicketRow, inboxCompany } from "../testing/inbox";
import { runHousekeeping, tenantHousekeeping } from "./housekeeping";

const DAY = 24 * 60 * 60 * 1000;

async function sessionOf(userId: number, companyId: number, values: Partial<typeof userSessions.$inferInsert>) {
  return inTenant(companyId, (db) =>
    db
      .insert(userSessions)
      .values({ id: crypto.randomUUID(), userId, companyId, refreshHash: crypto.randomUUID(), expiresAt: new Date(Date.now() + DAY), ...values })
      .returning()
      .get(),
  );
}

describe("the minute's housekeeping", () => {
  it("drops stale rate-limit windows from the control database, and keeps fresh ones", async () => {
    const now = Date.now();
    const staleKey = `test:stale:${now}`;
    const freshKey = `test:fresh:${now}`;
    await control.insert(rateLimits).values([
      { key: staleKey, windowStart: Math.floor(now / 1000) - 7200, count: 3 },
      { key: freshKey, windowStart: Math.floor(now / 1000) - 60, count: 1 },
    ]);

    await runHousekeeping(testEnv, new Date(now));

    expect(await control.select().from(rateLimits).where(eq(rateLimits.key, staleKey))).toHaveLength(0);
    expect(await control.select().from(rateLimits).where(eq(rateLimits.key, freshKey))).toHaveLength(1);
  });

  it("drops a company's expired sessions and sessions revoked over a day ago in its hub, and keeps the rest", async () => {
    const company = await createCompany();
    const user = await createUser(company.id);
    const now = Date.now();
    const expired = await sessionOf(user.id, company.id, { expiresAt: new Date(now - 1000) });
    const revokedLongAgo = await sessionOf(user.id, company.id, { revokedAt: new Date(now - 2 * DAY), revokedReason: "logout" });
    const revokedToday = await sessionOf(user.id, company.id, { revokedAt: new Date(now - 1000), revokedReason: "logout" });
    const live = await sessionOf(user.id, company.id, {});

    const left = await inTenant(company.id, (db) => {
      tenantHousekeeping(db, new Date(now));
      return db
        .select({ id: userSessions.id })
        .from(userSessions)
        .where(inArray(userSessions.id, [expired.id, revokedLongAgo.id, revokedToday.id, live.id]))
        .all();
    });
    expect(left.map((s) => s.id).sort()).toEqual([revokedToday.id, live.id].sort());
  });

  it("drops the Typebot sessions of closed tickets in a company's hub, and keeps those of live tickets", async () => {
    const team = await inboxCompany();
    const live = await createTicketRow(team.company.id, { contactId: team.contact.id, whatsappId: team.connection.id, status: "pending" });
    const other = await createContact(team.company.id, { name: "Outra" });
    const closed = await createTicketRow(team.company.id, { contactId: other.id, whatsappId: team.connection.id, status: "closed" });
    const left = await inTenant(team.company.id, (db) => {
      for (const ticketId of [live.id, closed.id]) {
        db.insert(typebotSessions).values({ companyId: team.company.id, ticketId, integrationId: 1, sessionId: `s-${ticketId}`, lastAt: new Date() }).run();
      }
      tenantHousekeeping(db, new Date());
      return db.select({ ticketId: typebotSessions.ticketId }).from(typebotSessions).all();
    });
    expect(left).toEqual([{ ticketId: live.id }]);
  });

  it("drops automation rules' runs older than 30 days in a company's hub, and keeps the newer", async () => {
    const team = await inboxCompany();
    const company = team.company.id;
    const rule = await addRule(company, { trigger: "ticketCreated", actions: [{ type: "close" }] });
    const now = Date.now();
    await inTenant(company, (db) => {
      const run = (daysAgo: number) => ({ companyId: company, ruleId: rule.id, trigger: "ticketCreated" as const, outcome: "acted" as const, detail: [], createdAt: new Date(now - daysAgo * DAY) });
      db.insert(automationRuns).values([run(31), run(29)]).run();
      tenantHousekeeping(db, new Date(now));
    });
    const left = await inTenant(company, (db) => db.select().from(automationRuns).where(eq(automationRuns.ruleId, rule.id)).all());
    expect(left.map((r) => Math.round((now - r.createdAt.getTime()) / DAY))).toEqual([29]);
  });

  it("changes nothing when nothing is due", async () => {
    const company = await createCompany();
    const user = await createUser(company.id);
    const live = await sessionOf(user.id, company.id, {});
    await runHousekeeping(testEnv, new Date());
    await runHousekeeping(testEnv, new Date());
    const left = await inTenant(company.id, (db) => {
      tenantHousekeeping(db, new Date());
      tenantHousekeeping(db, new Date());
      return db.select().from(userSessions).where(eq(userSessions.id, live.id)).all();
    });
    expect(left).toHaveLength(1);
  });
});
