import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rateLimits, userSessions } from "../db/schema";
import { createCompany, createUser, db, testEnv } from "../testing/fixtures";
import { runHousekeeping } from "./housekeeping";

const DAY = 24 * 60 * 60 * 1000;

async function sessionOf(userId: number, companyId: number, values: Partial<typeof userSessions.$inferInsert>) {
  return db
    .insert(userSessions)
    .values({ id: crypto.randomUUID(), userId, companyId, refreshHash: crypto.randomUUID(), expiresAt: new Date(Date.now() + DAY), ...values })
    .returning()
    .get();
}

describe("the minute's housekeeping", () => {
  it("drops expired sessions, sessions revoked over a day ago and stale rate-limit windows, and keeps the rest", async () => {
    const company = await createCompany();
    const user = await createUser(company.id);
    const now = Date.now();
    const expired = await sessionOf(user.id, company.id, { expiresAt: new Date(now - 1000) });
    const revokedLongAgo = await sessionOf(user.id, company.id, { revokedAt: new Date(now - 2 * DAY), revokedReason: "logout" });
    const revokedToday = await sessionOf(user.id, company.id, { revokedAt: new Date(now - 1000), revokedReason: "logout" });
    const live = await sessionOf(user.id, company.id, {});
    const staleKey = `test:stale:${now}`;
    const freshKey = `test:fresh:${now}`;
    await db.insert(rateLimits).values([
      { key: staleKey, windowStart: Math.floor(now / 1000) - 7200, count: 3 },
      { key: freshKey, windowStart: Math.floor(now / 1000) - 60, count: 1 },
    ]);

    await runHousekeeping(testEnv, new Date(now));

    const left = await db
      .select({ id: userSessions.id })
      .from(userSessions)
      .where(inArray(userSessions.id, [expired.id, revokedLongAgo.id, revokedToday.id, live.id]));
    expect(left.map((s) => s.id).sort()).toEqual([revokedToday.id, live.id].sort());
    expect(await db.select().from(rateLimits).where(eq(rateLimits.key, staleKey))).toHaveLength(0);
    expect(await db.select().from(rateLimits).where(eq(rateLimits.key, freshKey))).toHaveLength(1);
  });

  it("changes nothing when nothing is due", async () => {
    const company = await createCompany();
    const user = await createUser(company.id);
    const live = await sessionOf(user.id, company.id, {});
    await runHousekeeping(testEnv, new Date());
    await runHousekeeping(testEnv, new Date());
    expect(await db.select().from(userSessions).where(eq(userSessions.id, live.id))).toHaveLength(1);
  });
});
