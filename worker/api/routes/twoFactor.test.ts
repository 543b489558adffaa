import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, recoveryCodes, userSessions, users } from "../../db/tenant";
import { limits } from "../../domain/shared/rateLimit";
import { totpAt } from "../../lib/totp";
import { awayFromWindowEdge, call, companyWithTeam, createCompany, createUser, inTenant, loginAs, PASSWORD } from "../../testing/fixtures";

let ipSeq = 0;
const freshIp = () => `198.51.100.${(++ipSeq % 250) + 1}-${Date.now()}`;

/** The code of the app `steps` time steps from now. */
const codeAt = (secret: string, steps = 0) => totpAt(secret, Date.now() + steps * 30_000);

/** Two-factor codes are of 30-second steps: a test that counts on the present step starts well inside one. */
const inStep = () => awayFromWindowEdge(30, 4_000);

/** Enrols a logged-in user: the secret scanned, confirmed with the code of the step before this one. */
async function enrol(token: string) {
  const start = await call("POST", "/api/auth/two-factor/enrolment", { token });
  expect(start.status).toBe(200);
  const secret = new URL(start.json.uri).searchParams.get("secret")!;
  expect(secret).toBe(start.json.secret);
  await inStep();
  const confirm = await call("POST", "/api/auth/two-factor/enrolment/confirm", { token, body: { code: await codeAt(secret, -1) } });
  expect(confirm.status).toBe(200);
  expect(confirm.json.recoveryCodes).toHaveLength(10);
  return { secret, recoveryCodes: confirm.json.recoveryCodes as string[] };
}

async function passwordStep(email: string, ip = freshIp()) {
  const res = await call("POST", "/api/auth/login", { body: { email, password: PASSWORD }, ip });
  expect(res.status).toBe(200);
  expect(res.json).toEqual({ twoFactor: true, challenge: expect.any(String) });
  // No session yet: no cookies, no token.
  expect(res.headers.getSetCookie()).toEqual([]);
  return res.json.challenge as string;
}

const secondStep = (body: Record<string, unknown>, ip = freshIp()) => call("POST", "/api/auth/login/two-factor", { body, ip });

const auditActions = (companyId: number, userId: number) =>
  inTenant(companyId, (db) =>
    db
      .select({ action: auditLog.action, outcome: auditLog.outcome, actorId: auditLog.actorId, ip: auditLog.ip })
      .from(auditLog)
      .where(and(eq(auditLog.companyId, companyId), eq(auditLog.actorId, userId)))
      .orderBy(auditLog.id)
      .all(),
  );

describe("two-factor sign-in", () => {
  it("enrols with a first code, then a login answers a challenge that a code turns into a session", async () => {
    const { company, agent } = await companyWithTeam();
    const before = await call("GET", "/api/auth/two-factor", { token: agent.token });
    expect(before.json).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });
    const { secret } = await enrol(agent.token);
    expect((await call("GET", "/api/auth/two-factor", { token: agent.token })).json).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });
    // The secret is kept sealed, never as typed.
    const row = await inTenant(company.id, (db) => db.select().from(users).where(eq(users.id, agent.id)).get());
    expect(row!.totpSecret).toMatch(/^v1\./);
    expect(row!.totpSecret).not.toContain(secret);

    const challenge = await passwordStep(agent.email);
    // The challenge is no access token.
    expect((await call("GET", "/api/auth/me", { token: challenge })).status).toBe(401);
    const res = await secondStep({ challenge, code: await codeAt(secret, 0) }, "203.0.113.77");
    expect(res.status).toBe(200);
    expect(res.json.user).toMatchObject({ id: agent.id, twoFactor: { enabled: true, required: false } });
    expect(res.headers.getSetCookie().join("\n")).toMatch(/zd_rt=/);
    const me = await call("GET", "/api/auth/me", { token: res.json.token });
    expect(me.status).toBe(200);
    // One live session: the one the fixture's login opened was replaced.
    expect((await call("GET", "/api/auth/me", { token: agent.token })).json.error).toBe("ERR_SESSION_REPLACED");

    const history = await call("GET", "/api/auth/sign-ins", { token: res.json.token, headers: { "user-agent": "x" } });
    expect(history.status).toBe(200);
    expect(history.json[0]).toMatchObject({ outcome: "ok", ip: "203.0.113.77", current: true, live: true });
    expect(history.json.filter((s: { current: boolean }) => s.current)).toHaveLength(1);

    const actions = (await auditActions(company.id, agent.id)).map((a) => `${a.action}:${a.outcome}`);
    expect(actions).toEqual(expect.arrayContaining(["auth.twoFactorEnabled:ok", "auth.signIn:ok"]));
  });

  it("refuses a code already used (no replay within its window), and a wrong one, recording the failure", async () => {
    const { company, agent } = await companyWithTeam();
    const { secret } = await enrol(agent.token);
    await inStep();
    const code = await codeAt(secret, 0);
    expect((await secondStep({ challenge: await passwordStep(agent.email), code })).status).toBe(200);
    const replay = await secondStep({ challenge: await passwordStep(agent.email), code });
    expect(replay.status).toBe(400);
    expect(replay.json.error).toBe("ERR_TWO_FACTOR_INVALID_CODE");
    // The enrolment's own code cannot be used either (an earlier step).
    expect((await secondStep({ challenge: await passwordStep(agent.email), code: await codeAt(secret, -1) })).json.error).toBe("ERR_TWO_FACTOR_INVALID_CODE");
    // The next step's code still works.
    expect((await secondStep({ challenge: await passwordStep(agent.email), code: await codeAt(secret, 1) })).status).toBe(200);
    const failures = (await auditActions(company.id, agent.id)).filter((a) => a.action === "auth.twoFactorFailed");
    expect(failures).toHaveLength(2);
    expect(failures.every((f) => f.outcome === "failed")).toBe(true);
  });

  it("takes a recovery code once", async () => {
    const { company, agent } = await companyWithTeam();
    const { recoveryCodes: codes } = await enrol(agent.token);
    const first = await secondStep({ challenge: await passwordStep(agent.email), recoveryCode: codes[3]!.toUpperCase() });
    expect(first.status).toBe(200);
    const again = await secondStep({ challenge: await passwordStep(agent.email), recoveryCode: codes[3] });
    expect(again.json.error).toBe("ERR_TWO_FACTOR_INVALID_CODE");
    expect((await call("GET", "/api/auth/two-factor", { token: first.json.token })).json.recoveryCodesLeft).toBe(9);
    const actions = (await auditActions(company.id, agent.id)).map((a) => a.action);
    expect(actions.filter((a) => a === "auth.recoveryCodeUsed")).toHaveLength(1);
    // Only hashes are kept.
    const stored = await inTenant(company.id, (db) => db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, agent.id)).all());
    expect(stored.map((r) => r.codeHash)).not.toContain(codes[0]);
  });

  it("counts wrong codes per user as passwords are: past the limit even the right code is refused", async () => {
    const { agent } = await companyWithTeam();
    const { secret } = await enrol(agent.token);
    await awayFromWindowEdge(limits.twoFactorPerUser.windowSeconds);
    const challenge = await passwordStep(agent.email);
    for (let i = 0; i < limits.twoFactorPerUser.max; i++) {
      // From a new address each time: the count is the user's.
      const res = await secondStep({ challenge, code: "000000" === (await codeAt(secret, 0)) ? "111111" : "000000" });
      expect(res.json.error).toBe("ERR_TWO_FACTOR_INVALID_CODE");
    }
    await inStep();
    const refused = await secondStep({ challenge, code: await codeAt(secret, 0) });
    expect(refused.status).toBe(429);
    expect(refused.json.error).toBe("ERR_RATE_LIMITED");
  });

  it("refuses a challenge that is not one, and a body with neither code nor recovery code", async () => {
    const { agent } = await companyWithTeam();
    expect((await secondStep({ challenge: agent.token, code: "123456" })).json.error).toBe("ERR_TWO_FACTOR_CHALLENGE_EXPIRED");
    const bad = await secondStep({ challenge: "x" });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe("ERR_VALIDATION");
    expect(Object.keys(bad.json.fields)).toContain("code");
  });

  it("turns off only with a current code, and regenerating replaces the recovery codes", async () => {
    const { company, agent } = await companyWithTeam();
    const { secret, recoveryCodes: old } = await enrol(agent.token);
    await inStep();
    const wrong = await call("POST", "/api/auth/two-factor/recovery-codes", { token: agent.token, body: { code: "12345" } });
    expect(wrong.status).toBe(400);
    expect(wrong.json.fields).toHaveProperty("code");
    const fresh = await call("POST", "/api/auth/two-factor/recovery-codes", { token: agent.token, body: { code: await codeAt(secret, 0) } });
    expect(fresh.status).toBe(200);
    expect(fresh.json.recoveryCodes).toHaveLength(10);
    expect(fresh.json.recoveryCodes).not.toContain(old[0]);
    expect((await secondStep({ challenge: await passwordStep(agent.email), recoveryCode: old[0] })).json.error).toBe("ERR_TWO_FACTOR_INVALID_CODE");

    const refused = await call("POST", "/api/auth/two-factor/disable", { token: agent.token, body: { code: await codeAt(secret, 0) } });
    expect(refused.json.error).toBe("ERR_TWO_FACTOR_INVALID_CODE");
    const off = await call("POST", "/api/auth/two-factor/disable", { token: agent.token, body: { code: await codeAt(secret, 1) } });
    expect(off.status).toBe(200);
    expect((await call("GET", "/api/auth/two-factor", { token: agent.token })).json.enabled).toBe(false);
    // A plain login again.
    expect(typeof (await loginAs(agent.email))).toBe("string");
    const actions = (await auditActions(company.id, agent.id)).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(["auth.twoFactorDisabled", "auth.twoFactorFailed"]));
  });

  it("a company that requires it lets a user who has not enrolled do nothing but enrol, on the server", async () => {
    const { company, admin, agent } = await companyWithTeam();
    // An agent cannot switch the requirement.
    const forbidden = await call("PUT", "/api/settings/requireTwoFactor", { token: agent.token, body: { value: "enabled" } });
    expect(forbidden.status).toBe(403);
    // The admin enrols first (or they would shut themselves out of the settings too), then requires it.
    await enrol(admin.token);
    const admin2 = await loginWithCode(admin.email);
    expect((await call("PUT", "/api/settings/requireTwoFactor", { token: admin2, body: { value: "enabled" } })).status).toBe(200);

    const refused = await call("GET", "/api/tickets", { token: agent.token });
    expect(refused.status).toBe(403);
    expect(refused.json.error).toBe("ERR_TWO_FACTOR_REQUIRED");
    expect((await call("GET", "/api/contacts", { token: agent.token })).json.error).toBe("ERR_TWO_FACTOR_REQUIRED");
    const me = await call("GET", "/api/auth/me", { token: agent.token });
    expect(me.json.twoFactor).toEqual({ enabled: false, required: true });
    // A fresh password login gives a session of the same kind, not a way around.
    const fresh = await loginAs(agent.email);
    expect((await call("GET", "/api/tickets", { token: fresh })).json.error).toBe("ERR_TWO_FACTOR_REQUIRED");
    const { secret } = await enrol(fresh);
    expect((await call("GET", "/api/tickets", { token: fresh })).status).toBe(200);
    // Required: it cannot be turned off.
    await inStep();
    const off = await call("POST", "/api/auth/two-factor/disable", { token: fresh, body: { code: await codeAt(secret, 0) } });
    expect(off.json.error).toBe("ERR_TWO_FACTOR_REQUIRED_BY_COMPANY");
    expect(company.id).toBeGreaterThan(0);
  });

  it("lists failed sign-ins too, and ends another live session of one's own, not another user's", async () => {
    const { company, agent, supervisor } = await companyWithTeam();
    const wrong = await call("POST", "/api/auth/login", { body: { email: agent.email, password: "wrong-password" }, ip: freshIp() });
    expect(wrong.json.error).toBe("ERR_INVALID_CREDENTIALS");
    const token = await loginAs(agent.email);
    const history = (await call("GET", "/api/auth/sign-ins", { token })).json;
    expect(history.map((h: { outcome: string }) => h.outcome).slice(0, 2)).toEqual(["ok", "wrongPassword"]);
    expect((await auditActions(company.id, agent.id)).map((a) => `${a.action}:${a.outcome}`)).toContain("auth.signInFailed:failed");

    // A second live session (one a login elsewhere has not replaced yet: made here directly).
    const otherId = crypto.randomUUID();
    await inTenant(company.id, (db) =>
      db.insert(userSessions).values({ id: otherId, userId: agent.id, companyId: company.id, refreshHash: "x", expiresAt: new Date(Date.now() + 3_600_000) }).run(),
    );
    // The supervisor cannot end it (not found), nor can the agent end their own current one.
    expect((await call("DELETE", `/api/auth/sessions/${otherId}`, { token: supervisor.token })).status).toBe(404);
    const currentId = history[0].sessionId;
    expect((await call("DELETE", `/api/auth/sessions/${currentId}`, { token })).json.error).toBe("ERR_SESSION_NOT_ENDABLE");
    const ended = await call("DELETE", `/api/auth/sessions/${otherId}`, { token });
    expect(ended.status).toBe(200);
    const row = await inTenant(company.id, (db) => db.select().from(userSessions).where(eq(userSessions.id, otherId)).get());
    expect(row!.revokedAt).not.toBeNull();
    expect((await call("GET", "/api/auth/me", { token })).status).toBe(200);
    expect((await auditActions(company.id, agent.id)).map((a) => a.action)).toContain("auth.sessionEnded");
  });

  it("another company's user cannot end this company's sessions (not found)", async () => {
    const { company, agent } = await companyWithTeam();
    const other = await createCompany();
    const stranger = await createUser(other.id, { profile: "admin" });
    const strangerToken = await loginAs(stranger.email);
    const session = await inTenant(company.id, (db) => db.select({ id: userSessions.id }).from(userSessions).where(eq(userSessions.userId, agent.id)).get());
    expect((await call("DELETE", `/api/auth/sessions/${session!.id}`, { token: strangerToken })).status).toBe(404);
    // Their own status is their own: enrolling touches nobody else.
    expect((await call("GET", "/api/auth/two-factor", { token: strangerToken })).json.enabled).toBe(false);
  });
});

async function loginWithCode(email: string): Promise<string> {
  const row = await findUser(email);
  const { openTotpSecret } = await import("../../domain/twoFactor/secondFactor");
  const { testEnv } = await import("../../testing/fixtures");
  const secret = (await openTotpSecret(testEnv, row))!;
  await inStep();
  const res = await secondStep({ challenge: await passwordStep(email), code: await codeAt(secret, 0) });
  expect(res.status).toBe(200);
  return res.json.token;
}

async function findUser(email: string) {
  const { control } = await import("../../testing/fixtures");
  const { loginEmails } = await import("../../db/control");
  const route = await control.select().from(loginEmails).where(eq(loginEmails.email, email)).get();
  return (await inTenant(route!.companyId, (db) => db.select().from(users).where(eq(users.email, email)).get()))!;
}

describe("a password changed by its user", () => {
  it("is recorded in the audit log", async () => {
    const { company, agent } = await companyWithTeam();
    const res = await call("PUT", `/api/users/${agent.id}`, { token: agent.token, body: { password: "Another-123", currentPassword: PASSWORD } });
    expect(res.status).toBe(200);
    const entries = await inTenant(company.id, (db) => db.select().from(auditLog).where(and(eq(auditLog.companyId, company.id), eq(auditLog.action, "auth.passwordChanged"))).all());
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: agent.id, targetId: String(agent.id), outcome: "ok" });
  });
});
