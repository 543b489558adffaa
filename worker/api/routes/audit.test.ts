import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { AuditAction, AuditActorKind } from "../../contracts/audit";
import { platformAuditLog, supportAccesses } from "../../db/control";
import { auditLog } from "../../db/tenant";
import { expireSupportAccesses, nextSupportAccessEnd } from "../../domain/audit/expireSupportAccesses";
import { pruneAuditLog } from "../../domain/audit/pruneAuditLog";
import { call, companyWithTeam, control, createPlan, inHub, inTenant, platformAdmin } from "../../testing/fixtures";

type Team = Awaited<ReturnType<typeof companyWithTeam>>;
let teamA: Team;
let teamB: Team;
let platform: Awaited<ReturnType<typeof platformAdmin>>;
beforeAll(async () => {
  platform = await platformAdmin();
  teamA = await companyWithTeam();
  teamB = await companyWithTeam();
});

const DAY = 24 * 60 * 60 * 1000;

/**
 * Entries written straight into a company's log, oldest first, in place of what it held (the team's sign-ins, as
 * companyWithTeam logs each user in), so that a test knows the whole log.
 */
async function seed(companyId: number, entries: { action: AuditAction; actorId?: number; actorKind?: AuditActorKind; at?: Date; label?: string }[]) {
  await inTenant(companyId, (db) => db.delete(auditLog).where(eq(auditLog.companyId, companyId)).run());
  return inTenant(companyId, (db) =>
    entries.map((e) =>
      db
        .insert(auditLog)
        .values({
          companyId,
          action: e.action,
          actorKind: e.actorKind ?? "user",
          actorId: e.actorId ?? null,
          actorName: "Someone",
          targetType: "thing",
          targetLabel: e.label ?? null,
          detail: { n: 1 },
          createdAt: e.at ?? new Date(),
        })
        .returning()
        .get(),
    ),
  );
}

const entriesOf = (companyId: number) => inTenant(companyId, (db) => db.select().from(auditLog).where(eq(auditLog.companyId, companyId)).all());

describe("GET /api/audit", () => {
  it("answers the company's entries newest first, filtered by who, what and when, a page at a time", async () => {
    const team = await companyWithTeam();
    const old = new Date(Date.now() - 10 * DAY);
    await seed(team.company.id, [
      { action: "queue.created", actorId: team.admin.id, at: old },
      { action: "user.created", actorId: team.admin.id },
      { action: "user.deleted", actorId: team.supervisor.id },
      { action: "setting.changed", actorId: team.admin.id },
    ]);
    await seed(teamB.company.id, [{ action: "user.created", actorId: teamB.admin.id }]);
    const token = team.admin.token;

    const all = await call("GET", "/api/audit", { token });
    expect(all.status).toBe(200);
    expect(all.json.items.map((e: { action: string }) => e.action)).toEqual(["setting.changed", "user.deleted", "user.created", "queue.created"]);
    expect(all.json.items[0]).toMatchObject({ actorKind: "user", actorId: team.admin.id, detail: { n: 1 } });
    expect(all.json.cursor).toBeNull();

    const byActor = await call("GET", `/api/audit?actorId=${team.supervisor.id}`, { token });
    expect(byActor.json.items.map((e: { action: string }) => e.action)).toEqual(["user.deleted"]);
    const byArea = await call("GET", "/api/audit?action=user.", { token });
    expect(byArea.json.items.map((e: { action: string }) => e.action)).toEqual(["user.deleted", "user.created"]);
    const byCodes = await call("GET", "/api/audit?action=queue.created,setting.changed", { token });
    expect(byCodes.json.items.map((e: { action: string }) => e.action)).toEqual(["setting.changed", "queue.created"]);
    const since = await call("GET", `/api/audit?from=${new Date(Date.now() - DAY).toISOString()}`, { token });
    expect(since.json.items).toHaveLength(3);
    const until = await call("GET", `/api/audit?to=${new Date(Date.now() - DAY).toISOString().slice(0, 10)}`, { token });
    expect(until.json.items.map((e: { action: string }) => e.action)).toEqual(["queue.created"]);

    const first = await call("GET", "/api/audit?limit=3", { token });
    expect(first.json.items).toHaveLength(3);
    expect(first.json.cursor).toBe(first.json.items[2].id);
    const next = await call("GET", `/api/audit?limit=3&cursor=${first.json.cursor}`, { token });
    expect(next.json.items.map((e: { action: string }) => e.action)).toEqual(["queue.created"]);
    expect(next.json.cursor).toBeNull();
  });

  it("refuses agents and supervisors with 403, whatever the query", async () => {
    for (const user of [teamA.agent, teamA.supervisor]) {
      expect((await call("GET", "/api/audit", { token: user.token })).status).toBe(403);
      expect((await call("GET", "/api/audit?action=nope", { token: user.token })).status).toBe(403);
      expect((await call("GET", "/api/audit/export", { token: user.token })).status).toBe(403);
      expect((await call("GET", "/api/audit/platform", { token: user.token })).status).toBe(403);
    }
    expect((await call("GET", "/api/audit")).status).toBe(401);
  });

  it("names a filter it cannot read (400) and never shows another company's log to an admin (404)", async () => {
    const bad = await call("GET", "/api/audit?action=user.created,nothing.here&from=yesterday", { token: teamA.admin.token });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.fields ?? {})).toEqual(expect.arrayContaining(["action", "from"]));
    const other = await call("GET", `/api/audit?companyId=${teamB.company.id}`, { token: teamA.admin.token });
    expect(other.status).toBe(404);
    const own = await call("GET", "/api/audit", { token: teamA.admin.token });
    expect(own.json.items.every((e: { actorId: number | null }) => e.actorId !== teamB.admin.id)).toBe(true);
    expect((await call("GET", "/api/audit/platform", { token: teamA.admin.token })).status).toBe(403);
  });
});

describe("GET /api/audit/export", () => {
  it("sends the filtered entries as CSV in the reader's dialect, and records the export", async () => {
    const team = await companyWithTeam();
    await seed(team.company.id, [
      { action: "queue.created", actorId: team.admin.id, label: "Vendas; SP" },
      { action: "user.created", actorId: team.admin.id, label: "=cmd" },
      { action: "queue.deleted", actorId: team.admin.id, label: "Suporte" },
    ]);
    const res = await call("GET", "/api/audit/export?action=queue.&lang=pt-BR", { token: team.admin.token, headers: { "user-agent": "Exporter" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    const lines = String(res.json).replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines[0]).toContain("Quando (UTC);Tipo de autor;Autor");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain("queue.deleted");
    expect(lines[2]).toContain('"Vendas; SP"');

    const en = await call("GET", "/api/audit/export?action=user.created&lang=en", { token: team.admin.token });
    const enLines = String(en.json).replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(enLines[0]).toContain("When (UTC),Actor kind,Actor");
    expect(enLines[1]).toContain("'=cmd");

    const exported = (await entriesOf(team.company.id)).filter((e) => e.action === "audit.exported");
    expect(exported).toHaveLength(2);
    expect(exported[0]).toMatchObject({ actorKind: "user", actorId: team.admin.id, userAgent: "Exporter", detail: expect.objectContaining({ action: "queue." }) });
  });
});

describe("audit log retention", () => {
  it("removes only the entries older than the company's retention, in slices", async () => {
    const team = await companyWithTeam();
    const now = Date.now();
    await seed(team.company.id, [
      { action: "user.created", at: new Date(now - 400 * DAY) },
      { action: "user.updated", at: new Date(now - 366 * DAY) },
      { action: "user.deleted", at: new Date(now - 364 * DAY) },
      { action: "queue.created", at: new Date(now - 40 * DAY) },
      { action: "queue.updated", at: new Date(now - DAY) },
    ]);
    const prune = () => inHub(team.company.id, (hub) => pruneAuditLog({ ctx: hub.systemCtx(team.company.id), input: { now }, serially: (task) => task() }));
    expect(await prune()).toBe(2);
    expect((await entriesOf(team.company.id)).map((e) => e.action)).toEqual(["user.deleted", "queue.created", "queue.updated"]);

    // A shorter retention, set as an admin sets it.
    const set = await call("PUT", "/api/settings/auditRetentionDays", { token: team.admin.token, body: { value: "30" } });
    expect(set.status).toBe(200);
    expect(await prune()).toBe(2);
    expect((await entriesOf(team.company.id)).map((e) => e.action)).toContain("queue.updated");
    expect((await entriesOf(team.company.id)).map((e) => e.action)).not.toContain("queue.created");

    const refused = await call("PUT", "/api/settings/auditRetentionDays", { token: team.admin.token, body: { value: "7" } });
    expect(refused.status).toBe(400);
  });
});

describe("support access", () => {
  it("lets a super admin read and change a company's data only during an access, recorded on both sides", async () => {
    const team = await companyWithTeam();
    const superToken = platform.user.token;
    const companyId = team.company.id;

    // Without an access: the company's log, settings and hours are refused.
    const before = await call("GET", `/api/audit?companyId=${companyId}`, { token: superToken });
    expect(before.status).toBe(403);
    expect(before.json.error).toBe("ERR_SUPPORT_ACCESS_REQUIRED");
    expect((await call("GET", `/api/companies/${companyId}`, { token: superToken })).status).toBe(403);

    const short = await call("POST", "/api/support-accesses", { token: superToken, body: { companyId, reason: "short", minutes: 5 } });
    expect(short.status).toBe(400);
    expect(Object.keys(short.json.fields)).toEqual(expect.arrayContaining(["reason", "minutes"]));

    const started = await call("POST", "/api/support-accesses", {
      token: superToken,
      body: { companyId, reason: "Customer asked for help with queues", minutes: 30 },
      headers: { "user-agent": "Support browser" },
    });
    expect(started.status).toBe(201);
    expect(started.json).toMatchObject({ companyId, superUserId: platform.user.id, active: true });

    // The company's admins see it running, and in their log.
    const running = await call("GET", "/api/audit/support", { token: team.admin.token });
    expect(running.json.map((a: { id: number }) => a.id)).toEqual([started.json.id]);
    const adminLog = await call("GET", "/api/audit?action=support.", { token: team.admin.token });
    expect(adminLog.json.items[0]).toMatchObject({
      action: "support.accessStarted",
      actorKind: "super",
      actorId: platform.user.id,
      userAgent: "Support browser",
      detail: expect.objectContaining({ reason: "Customer asked for help with queues", minutes: 30 }),
    });

    // During it: the super admin reads the company's log and changes its hours, which its log shows as theirs.
    const read = await call("GET", `/api/audit?companyId=${companyId}`, { token: superToken });
    expect(read.status).toBe(200);
    expect(read.json.items[0].action).toBe("support.accessStarted");
    const hours = await call("PUT", `/api/companies/${companyId}/schedules`, { token: superToken, body: { schedules: [] } });
    expect([200, 400]).toContain(hours.status);
    expect((await call("GET", `/api/companies/${companyId}`, { token: superToken })).status).toBe(200);
    const csv = await call("GET", `/api/audit/export?companyId=${companyId}&lang=en`, { token: superToken });
    expect(csv.status).toBe(200);
    const exported = (await entriesOf(companyId)).find((e) => e.action === "audit.exported");
    expect(exported).toMatchObject({ actorKind: "super", actorId: platform.user.id });

    // Ended early: refused again, and the end is on both sides.
    const ended = await call("POST", `/api/support-accesses/${started.json.id}/end`, { token: superToken });
    expect(ended.status).toBe(200);
    expect(ended.json.active).toBe(false);
    expect((await call("GET", `/api/audit?companyId=${companyId}`, { token: superToken })).status).toBe(403);
    expect((await entriesOf(companyId)).filter((e) => e.action === "support.accessEnded")).toHaveLength(1);
    const platformLog = await call("GET", `/api/audit/platform?companyId=${companyId}`, { token: superToken });
    expect(platformLog.json.items.map((e: { action: string }) => e.action)).toEqual(["support.accessEnded", "audit.exported", "support.accessStarted"]);
    expect(platformLog.json.items[2]).toMatchObject({ actorKind: "super", targetId: String(started.json.id), companyId });
    // Ending it again records nothing more.
    await call("POST", `/api/support-accesses/${started.json.id}/end`, { token: superToken });
    expect((await entriesOf(companyId)).filter((e) => e.action === "support.accessEnded")).toHaveLength(1);
  });

  it("refuses an access past its time, and the company's hub records its end", async () => {
    const team = await companyWithTeam();
    const superToken = platform.user.token;
    const companyId = team.company.id;
    const started = await call("POST", "/api/support-accesses", { token: superToken, body: { companyId, reason: "Checking the billing issue", minutes: 15 } });
    expect(started.status).toBe(201);
    const expiresAt = new Date(started.json.expiresAt).getTime();
    expect(await inHub(companyId, (hub) => nextSupportAccessEnd(hub.systemCtx(companyId).db, companyId, Date.now()))).toBe(expiresAt);

    // Its time passes (moved back, as the clock cannot be).
    await control.update(supportAccesses).set({ startedAt: new Date(Date.now() - 20 * 60_000), expiresAt: new Date(Date.now() - 1000) }).where(eq(supportAccesses.id, started.json.id));
    const refused = await call("GET", `/api/audit?companyId=${companyId}`, { token: superToken });
    expect(refused.status).toBe(403);
    expect(refused.json.error).toBe("ERR_SUPPORT_ACCESS_REQUIRED");

    const ended = await inHub(companyId, (hub) => expireSupportAccesses({ ctx: hub.systemCtx(companyId), input: { now: expiresAt + 1 } }));
    expect(ended).toBe(1);
    const entries = (await entriesOf(companyId)).filter((e) => e.action === "support.accessEnded");
    expect(entries).toMatchObject([{ actorKind: "system", targetId: String(started.json.id), detail: { reason: "expired" } }]);
    expect((await control.select().from(supportAccesses).where(eq(supportAccesses.id, started.json.id)).get())?.endedAt).not.toBeNull();
    const platformEnds = await control.select().from(platformAuditLog).where(eq(platformAuditLog.targetId, String(started.json.id)));
    expect(platformEnds.map((e) => e.action).sort()).toEqual(["support.accessEnded", "support.accessStarted"]);
    // Nothing left to end.
    expect(await inHub(companyId, (hub) => nextSupportAccessEnd(hub.systemCtx(companyId).db, companyId, Date.now()))).toBeNull();
    expect(await inHub(companyId, (hub) => expireSupportAccesses({ ctx: hub.systemCtx(companyId), input: { now: expiresAt + 2 } }))).toBe(0);
  });

  it("is the super admins' alone: a company admin gets 403, an unknown company 404", async () => {
    const body = { companyId: teamB.company.id, reason: "Trying to sneak in here", minutes: 60 };
    expect((await call("POST", "/api/support-accesses", { token: teamA.admin.token, body })).status).toBe(403);
    expect((await call("POST", "/api/support-accesses", { token: teamA.admin.token, body: {} })).status).toBe(403);
    expect((await call("GET", "/api/support-accesses", { token: teamA.admin.token })).status).toBe(403);
    const unknown = await call("POST", "/api/support-accesses", { token: platform.user.token, body: { ...body, companyId: 999_999 } });
    expect(unknown.status).toBe(404);
    expect((await call("POST", "/api/support-accesses/999999/end", { token: platform.user.token })).status).toBe(404);
  });
});

describe("the platform's log", () => {
  it("records plans and companies changed by super admins with their change", async () => {
    const superToken = platform.user.token;
    const name = `Plan audit ${Date.now().toString(36)}`;
    const plan = await call("POST", "/api/plans", { token: superToken, body: { name, users: 3, connections: 1, queues: 2, value: 10 } });
    expect(plan.status).toBe(201);
    const updated = await call("PUT", `/api/plans/${plan.json.id}`, { token: superToken, body: { value: 12 } });
    expect(updated.status).toBe(200);
    const used = await createPlan();
    const team = await companyWithTeam({ planId: used.id });
    expect((await call("DELETE", `/api/plans/${used.id}`, { token: superToken })).status).toBe(409);
    expect((await call("DELETE", `/api/plans/${plan.json.id}`, { token: superToken })).status).toBe(200);
    const company = await call("PUT", `/api/companies/${team.company.id}`, { token: superToken, body: { name: `${name} Co` } });
    expect(company.status).toBe(200);

    const log = await call("GET", "/api/audit/platform?action=plan.,company.", { token: superToken });
    const mine = log.json.items.filter((e: { targetId: string; companyId: number | null }) => e.targetId === String(plan.json.id) || e.targetId === String(used.id) || e.companyId === team.company.id);
    expect(mine.map((e: { action: string }) => e.action)).toEqual(["company.updated", "plan.deleted", "plan.updated", "plan.created"]);
    expect(mine[0]).toMatchObject({ actorKind: "super", actorId: platform.user.id, detail: expect.objectContaining({ fields: "name" }) });
    // The company's admins see the change in their own log.
    const own = await call("GET", "/api/audit?action=company.", { token: team.admin.token });
    expect(own.json.items[0]).toMatchObject({ action: "company.updated", actorKind: "super" });

    const csv = await call("GET", "/api/audit/platform/export?action=plan.&lang=en", { token: superToken });
    expect(csv.status).toBe(200);
    expect(String(csv.json)).toContain("plan.created");
  });
});


