import { count, eq } from "drizzle-orm";
import { runInDurableObject } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { companies, connectionRoutes, loginEmails } from "../../db/control";
import { settings, users } from "../../db/tenant";
import { companySettings } from "../../domain/settings/catalogue";
import { hubFor } from "../../hub/ports";
import {
  call,
  companyWithTeam,
  control,
  createCompany,
  createPlan,
  createUser,
  inTenant,
  loginAs,
  platformAdmin,
  setSetting,
  testEnv,
} from "../../testing/fixtures";

let platform: Awaited<ReturnType<typeof platformAdmin>>;
let superToken: string;
let teamA: Awaited<ReturnType<typeof companyWithTeam>>;
let teamB: Awaited<ReturnType<typeof companyWithTeam>>;
beforeAll(async () => {
  platform = await platformAdmin();
  superToken = platform.user.token;
  teamA = await companyWithTeam();
  teamB = await companyWithTeam();
});

/** The platform admin's support access to a company (issue 28), needed to read or change its own data. */
async function supportAccess(companyId: number) {
  const res = await call("POST", "/api/support-accesses", { token: superToken, body: { companyId, reason: "Tests of the companies API", minutes: 30 } });
  expect(res.status).toBe(201);
}

const companyCount = async () => (await control.select({ n: count() }).from(companies).get())!.n;
const companyRow = (id: number) => control.select().from(companies).where(eq(companies.id, id)).get();
const usersOf = (companyId: number) => inTenant(companyId, (db) => db.select().from(users).where(eq(users.companyId, companyId)).all());
let seq = 0;
const uniqueName = (prefix = "Acme") => `${prefix} ${Date.now().toString(36)} ${++seq}`;

const weekdays = [
  ["Segunda-feira", "monday"],
  ["Terça-feira", "tuesday"],
  ["Quarta-feira", "wednesday"],
  ["Quinta-feira", "thursday"],
  ["Sexta-feira", "friday"],
  ["Sábado", "saturday"],
  ["Domingo", "sunday"],
] as const;
const week = (start = "08:00", end = "18:00") =>
  weekdays.map(([weekday, weekdayEn]) => ({ weekday, weekdayEn, startTime: start, endTime: end }));

describe("GET /api/companies", () => {
  it("pages the companies 20 at a time with count and hasMore, searching name and email", async () => {
    const tag = `Paged${Date.now().toString(36)}`;
    for (let i = 0; i < 21; i++) await createCompany({ name: `${tag} ${String(i).padStart(2, "0")}` });
    await createCompany({ name: uniqueName("Zeta"), email: `${tag.toLowerCase()}@mail.dev` });

    const first = await call("GET", `/api/companies?searchParam=${tag}`, { token: superToken });
    expect(first.status).toBe(200);
    expect(first.json.count).toBe(22);
    expect(first.json.companies).toHaveLength(20);
    expect(first.json.hasMore).toBe(true);
    expect(first.json.companies[0]).toMatchObject({ name: `${tag} 00`, plan: { name: expect.any(String) }, status: true });

    const second = await call("GET", `/api/companies?searchParam=${tag}&pageNumber=2`, { token: superToken });
    expect(second.json.companies).toHaveLength(2);
    expect(second.json.hasMore).toBe(false);
  });

  it("treats % in the search as a character, not a wildcard", async () => {
    const res = await call("GET", `/api/companies?searchParam=${encodeURIComponent("%")}`, { token: superToken });
    expect(res.status).toBe(200);
    expect(res.json.count).toBe(0);
  });

  it("names an invalid pageNumber", async () => {
    const res = await call("GET", "/api/companies?pageNumber=abc", { token: superToken });
    expect(res.status).toBe(400);
    expect(Object.keys(res.json.fields)).toEqual(["pageNumber"]);
  });

  it("refuses a company admin with 403 and an anonymous caller with 401", async () => {
    expect((await call("GET", "/api/companies", { token: teamA.admin.token })).status).toBe(403);
    expect((await call("GET", "/api/companies")).status).toBe(401);
  });
});

describe("GET /api/companies/list", () => {
  it("lists every company to a platform admin", async () => {
    const res = await call("GET", "/api/companies/list", { token: superToken });
    expect(res.status).toBe(200);
    const ids = res.json.map((c: { id: number }) => c.id);
    expect(ids).toEqual(expect.arrayContaining([platform.company.id, teamA.company.id, teamB.company.id]));
  });

  it("refuses a company admin with 403 and an anonymous caller with 401", async () => {
    expect((await call("GET", "/api/companies/list", { token: teamA.admin.token })).status).toBe(403);
    expect((await call("GET", "/api/companies/list")).status).toBe(401);
  });
});

describe("GET /api/companies/:id", () => {
  it("shows a platform admin any company during a support access, with its settings and defaults", async () => {
    await setSetting(teamA.company.id, "viewclosed", "enabled");
    // Another company's settings are its data: refused until a support access runs (issue 28).
    const refused = await call("GET", `/api/companies/${teamA.company.id}`, { token: superToken });
    expect(refused.status).toBe(403);
    expect(refused.json.error).toBe("ERR_SUPPORT_ACCESS_REQUIRED");
    await supportAccess(teamA.company.id);
    const res = await call("GET", `/api/companies/${teamA.company.id}`, { token: superToken });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: teamA.company.id, name: teamA.company.name, recurrence: "MENSAL" });
    expect(res.json.settings).toEqual(
      expect.arrayContaining([
        { key: "viewclosed", value: "enabled" },
        { key: "scheduleType", value: "disabled" },
      ]),
    );
  });

  it("shows a company admin their own company", async () => {
    const res = await call("GET", `/api/companies/${teamA.company.id}`, { token: teamA.admin.token });
    expect(res.status).toBe(200);
    expect(res.json.id).toBe(teamA.company.id);
  });

  it("answers 404 to an admin asking for another company, revealing nothing", async () => {
    const res = await call("GET", `/api/companies/${teamB.company.id}`, { token: teamA.admin.token });
    expect(res.status).toBe(404);
    expect(res.json.error).toBe("ERR_NO_COMPANY_FOUND");
    expect(JSON.stringify(res.json)).not.toContain(teamB.company.name);
  });

  it("refuses an agent their own company record with 403", async () => {
    expect((await call("GET", `/api/companies/${teamA.company.id}`, { token: teamA.agent.token })).status).toBe(403);
  });

  it("answers 404 for an unknown company and 401 without a token", async () => {
    expect((await call("GET", "/api/companies/999999", { token: superToken })).status).toBe(404);
    expect((await call("GET", `/api/companies/${teamA.company.id}`)).status).toBe(401);
  });
});

describe("POST /api/companies", () => {
  it("registers a company with its first admin, who can then log in", async () => {
    const plan = await createPlan();
    const name = uniqueName();
    const email = `Owner.${Date.now()}@Acme.dev`;
    const res = await call("POST", "/api/companies", {
      token: superToken,
      body: {
        name,
        email,
        phone: "(11) 99999-0000",
        planId: plan.id,
        status: true,
        dueDate: "2099-12-31",
        recurrence: "MENSAL",
        campaignsEnabled: true,
        timezone: "America/Manaus",
        password: "First-pass1",
      },
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      name,
      email: email.toLowerCase(),
      planId: plan.id,
      plan: { id: plan.id, name: plan.name },
      dueDate: "2099-12-31",
      campaignsEnabled: true,
      timezone: "America/Manaus",
    });
    const admins = await usersOf(res.json.id);
    expect(admins).toHaveLength(1);
    expect(admins[0]).toMatchObject({ email: email.toLowerCase(), profile: "admin", super: false });
    const route = await control.select().from(loginEmails).where(eq(loginEmails.email, email.toLowerCase())).get();
    expect(route).toEqual({ email: email.toLowerCase(), companyId: res.json.id, userId: admins[0]!.id });
    const savedSettings = await inTenant(res.json.id, (db) => db.select().from(settings).where(eq(settings.companyId, res.json.id)).all());
    expect(savedSettings).toHaveLength(Object.keys(companySettings).length);

    const login = await call("POST", "/api/auth/login", { body: { email, password: "First-pass1" } });
    expect(login.status).toBe(200);
    expect(login.json.user).toMatchObject({ profile: "admin", company: { id: res.json.id } });
  });

  it("registers a company without users when no password is given, an empty dueDate meaning none", async () => {
    const plan = await createPlan();
    const res = await call("POST", "/api/companies", {
      token: superToken,
      body: { name: uniqueName(), email: "billing@acme.dev", planId: plan.id, dueDate: "" },
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ dueDate: null, status: true, recurrence: "MENSAL", timezone: "America/Sao_Paulo" });
    expect(await usersOf(res.json.id)).toHaveLength(0);
  });

  it("names the invalid fields and writes nothing", async () => {
    const before = await companyCount();
    const res = await call("POST", "/api/companies", {
      token: superToken,
      body: { name: "A", email: "nope", planId: "x", dueDate: "2024-02-30", timezone: "Mars/Olympus", recurrence: "DAILY", password: "123" },
    });
    expect(res.status).toBe(400);
    expect(res.json.fields).toMatchObject({ name: "Too Short!", email: "Invalid email", password: "At least 8 characters with an uppercase letter, a lowercase letter and a digit" });
    expect(Object.keys(res.json.fields)).toEqual(
      expect.arrayContaining(["planId", "dueDate", "timezone", "recurrence"]),
    );
    expect(await companyCount()).toBe(before);
  });

  it("answers 400 naming planId for a plan that does not exist", async () => {
    const before = await companyCount();
    const res = await call("POST", "/api/companies", {
      token: superToken,
      body: { name: uniqueName(), email: "x@acme.dev", planId: 999999 },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.json.fields)).toEqual(["planId"]);
    expect(await companyCount()).toBe(before);
  });

  it("refuses a name already used with 409 ERR_COMPANY_NAME_IN_USE", async () => {
    const before = await companyCount();
    const res = await call("POST", "/api/companies", {
      token: superToken,
      body: { name: teamA.company.name, email: "x@acme.dev", planId: teamA.company.planId },
    });
    expect(res.status).toBe(409);
    expect(res.json.error).toBe("ERR_COMPANY_NAME_IN_USE");
    expect(await companyCount()).toBe(before);
  });

  it("refuses an admin email already in use with 409 and creates no company", async () => {
    const before = await companyCount();
    const res = await call("POST", "/api/companies", {
      token: superToken,
      body: { name: uniqueName(), email: teamA.agent.email, planId: teamA.company.planId, password: "First-pass1" },
    });
    expect(res.status).toBe(409);
    expect(res.json.error).toBe("ERR_EMAIL_IN_USE");
    expect(await companyCount()).toBe(before);
  });

  it("refuses a company admin with 403 and an anonymous caller with 401, writing nothing", async () => {
    const before = await companyCount();
    const body = { name: uniqueName(), email: "x@acme.dev", planId: teamA.company.planId };
    expect((await call("POST", "/api/companies", { token: teamA.admin.token, body })).status).toBe(403);
    expect((await call("POST", "/api/companies", { body })).status).toBe(401);
    expect(await companyCount()).toBe(before);
  });
});

describe("PUT /api/companies/:id", () => {
  it("renews a company by moving its due date, and changes its plan and status", async () => {
    const company = await createCompany({ dueDate: "2020-01-01" });
    const plan = await createPlan();
    const res = await call("PUT", `/api/companies/${company.id}`, {
      token: superToken,
      body: { dueDate: "2099-01-31", planId: plan.id, status: false, recurrence: "ANUAL" },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: company.id, name: company.name, dueDate: "2099-01-31", planId: plan.id, status: false, recurrence: "ANUAL" });
  });

  it("lets a renewed company's users log in again", async () => {
    const company = await createCompany({ dueDate: "2020-01-01" });
    const user = await createUser(company.id);
    expect((await call("POST", "/api/auth/login", { body: { email: user.email, password: "Secret123" } })).status).toBe(401);
    await call("PUT", `/api/companies/${company.id}`, { token: superToken, body: { dueDate: "2099-01-31" } });
    await loginAs(user.email);
  });

  it("is seen by the company's users on their next request: the hub's copy is refreshed", async () => {
    const { company, agent } = await companyWithTeam({ dueDate: "2099-01-01" });
    expect((await call("GET", "/api/auth/me", { token: agent.token })).status).toBe(200);

    const expired = await call("PUT", `/api/companies/${company.id}`, { token: superToken, body: { dueDate: "2020-01-01" } });
    expect(expired.status).toBe(200);
    expect(await inTenant(company.id, (db) => db.query.companies.findFirst())).toMatchObject({ dueDate: "2020-01-01" });
    expect((await call("GET", "/api/auth/me", { token: agent.token })).status).not.toBe(200);

    await call("PUT", `/api/companies/${company.id}`, { token: superToken, body: { dueDate: "2099-01-01", status: false } });
    expect(await inTenant(company.id, (db) => db.query.companies.findFirst())).toMatchObject({ dueDate: "2099-01-01", status: false });
    expect((await call("GET", "/api/auth/me", { token: agent.token })).status).not.toBe(200);

    await call("PUT", `/api/companies/${company.id}`, { token: superToken, body: { status: true } });
    expect((await call("GET", "/api/auth/me", { token: agent.token })).status).toBe(200);
  });

  it("puts a company on a new plan whose flags and limits apply from its users' next request", async () => {
    const generous = await createPlan({ useKanban: true, queues: 10 });
    const strict = await createPlan({ useKanban: false, queues: 0 });
    const { company, admin } = await companyWithTeam({ planId: generous.id });
    expect((await call("GET", "/api/ticket/kanban", { token: admin.token })).status).toBe(200);

    const moved = await call("PUT", `/api/companies/${company.id}`, { token: superToken, body: { planId: strict.id } });
    expect(moved.status).toBe(200);
    expect(moved.json.plan).toEqual({ id: strict.id, name: strict.name });
    const kanban = await call("GET", "/api/ticket/kanban", { token: admin.token });
    expect(kanban.status).toBe(403);
    expect(kanban.json).toMatchObject({ error: "ERR_PLAN_FEATURE_DISABLED", feature: "useKanban" });
    const queue = await call("POST", "/api/queue", { token: admin.token, body: { name: "Vendas", color: "#123456" } });
    expect(queue.status).toBe(403);
    expect(queue.json).toMatchObject({ error: "ERR_PLAN_LIMIT_REACHED", resource: "queues" });

    await call("PUT", `/api/companies/${company.id}`, { token: superToken, body: { planId: generous.id } });
    expect((await call("GET", "/api/ticket/kanban", { token: admin.token })).status).toBe(200);
  });

  it("refuses another company's name with 409 and keeps the name", async () => {
    const company = await createCompany();
    const res = await call("PUT", `/api/companies/${company.id}`, { token: superToken, body: { name: teamB.company.name } });
    expect(res.status).toBe(409);
    expect(res.json.error).toBe("ERR_COMPANY_NAME_IN_USE");
    expect((await companyRow(company.id))?.name).toBe(company.name);
  });

  it("names invalid fields and leaves the company unchanged", async () => {
    const company = await createCompany({ dueDate: "2030-01-01" });
    const res = await call("PUT", `/api/companies/${company.id}`, {
      token: superToken,
      body: { dueDate: "31/01/2030", timezone: "Nowhere", planId: 999999 },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.json.fields)).toEqual(expect.arrayContaining(["dueDate", "timezone"]));
    const unknownPlan = await call("PUT", `/api/companies/${company.id}`, { token: superToken, body: { planId: 999999 } });
    expect(unknownPlan.status).toBe(400);
    expect(Object.keys(unknownPlan.json.fields)).toEqual(["planId"]);
    expect(await companyRow(company.id)).toMatchObject({ dueDate: "2030-01-01", planId: company.planId, timezone: company.timezone });
  });

  it("answers 404 for an unknown company", async () => {
    expect((await call("PUT", "/api/companies/999999", { token: superToken, body: { status: false } })).status).toBe(404);
  });

  it("refuses a company admin (even for their own company) with 403 and an anonymous caller with 401", async () => {
    const own = await call("PUT", `/api/companies/${teamA.company.id}`, { token: teamA.admin.token, body: { dueDate: "2999-01-01" } });
    expect(own.status).toBe(403);
    expect((await call("PUT", `/api/companies/${teamA.company.id}`, { body: { status: false } })).status).toBe(401);
    expect((await companyRow(teamA.company.id))?.dueDate).toBe(teamA.company.dueDate);
  });
});

describe("DELETE /api/companies/:id", () => {
  it("deletes a company with everything it owns; its users are logged out", async () => {
    const { company, agent } = await companyWithTeam();
    await testEnv.MEDIA.put(`companies/${company.id}/messages/a/file.txt`, "hello");
    await control.insert(connectionRoutes).values({ whatsappId: company.id * 1000 + 1, companyId: company.id, name: "Main", status: "DISCONNECTED" });
    const res = await call("DELETE", `/api/companies/${company.id}`, { token: superToken });
    expect(res.status).toBe(200);
    expect(await companyRow(company.id)).toBeUndefined();
    expect(await control.select().from(loginEmails).where(eq(loginEmails.companyId, company.id))).toHaveLength(0);
    expect(await control.select().from(connectionRoutes).where(eq(connectionRoutes.companyId, company.id))).toHaveLength(0);
    expect((await testEnv.MEDIA.list({ prefix: `companies/${company.id}/` })).objects).toHaveLength(0);
    // The hub's storage is gone: no user table (nor any other of the company's tables) is left.
    const tables = await runInDurableObject(hubFor(testEnv, company.id), (_hub, state) =>
      state.storage.sql.exec<{ name: string }>("select name from sqlite_master where type = 'table' and name in ('users', 'companies', 'settings')").toArray(),
    );
    expect(tables).toEqual([]);
    expect((await call("GET", "/api/auth/me", { token: agent.token })).status).toBe(401);
    expect((await call("POST", "/api/auth/login", { body: { email: agent.email, password: "Secret123" } })).status).toBe(401);
    // Asking again finds nothing left to delete.
    expect((await call("DELETE", `/api/companies/${company.id}`, { token: superToken })).status).toBe(404);
  });

  it("refuses to delete the platform admin's own company with 409", async () => {
    const res = await call("DELETE", `/api/companies/${platform.company.id}`, { token: superToken });
    expect(res.status).toBe(409);
    expect(res.json.error).toBe("ERR_CANNOT_DELETE_OWN_COMPANY");
    expect(await companyRow(platform.company.id)).toBeDefined();
  });

  it("answers 404 for an unknown company", async () => {
    expect((await call("DELETE", "/api/companies/999999", { token: superToken })).status).toBe(404);
  });

  it("refuses a company admin with 403 and an anonymous caller with 401, deleting nothing", async () => {
    expect((await call("DELETE", `/api/companies/${teamB.company.id}`, { token: teamA.admin.token })).status).toBe(403);
    expect((await call("DELETE", `/api/companies/${teamB.company.id}`)).status).toBe(401);
    expect(await companyRow(teamB.company.id)).toBeDefined();
  });
});

describe("PUT /api/companies/:id/schedules", () => {
  it("saves the service hours of the seven weekdays for the company's own admin", async () => {
    const res = await call("PUT", `/api/companies/${teamA.company.id}/schedules`, {
      token: teamA.admin.token,
      body: { id: teamA.company.id, schedules: week("09:00", "17:30") },
    });
    expect(res.status).toBe(200);
    expect(res.json.schedules).toHaveLength(7);
    expect(res.json.schedules[0]).toEqual({ weekday: "Segunda-feira", weekdayEn: "monday", startTime: "09:00", endTime: "17:30" });
    expect((await companyRow(teamA.company.id))?.schedules[6]?.weekdayEn).toBe("sunday");
  });

  it("lets a platform admin set any company's hours during a support access, a closed day having no times", async () => {
    const schedules = week();
    schedules[6] = { ...schedules[6]!, startTime: "", endTime: "" };
    expect((await call("PUT", `/api/companies/${teamB.company.id}/schedules`, { token: superToken, body: { schedules } })).json.error).toBe("ERR_SUPPORT_ACCESS_REQUIRED");
    await supportAccess(teamB.company.id);
    const res = await call("PUT", `/api/companies/${teamB.company.id}/schedules`, { token: superToken, body: { schedules } });
    expect(res.status).toBe(200);
    expect(res.json.schedules[6]).toMatchObject({ weekdayEn: "sunday", startTime: "", endTime: "" });
  });

  it("names invalid times and missing weekdays and leaves the hours unchanged", async () => {
    const company = await createCompany({ schedules: week() });
    const { token } = { token: superToken };
    await supportAccess(company.id);
    const badTime = week();
    badTime[0] = { ...badTime[0]!, startTime: "25:00" };
    const res = await call("PUT", `/api/companies/${company.id}/schedules`, { token, body: { schedules: badTime } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.json.fields)).toEqual(["schedules.0.startTime"]);
    const sixDays = await call("PUT", `/api/companies/${company.id}/schedules`, { token, body: { schedules: week().slice(1) } });
    expect(sixDays.status).toBe(400);
    expect(Object.keys(sixDays.json.fields)).toEqual(["schedules"]);
    expect((await companyRow(company.id))?.schedules).toEqual(week());
  });

  it("answers 404 to an admin of another company and changes nothing", async () => {
    const before = (await companyRow(teamB.company.id))?.schedules;
    const res = await call("PUT", `/api/companies/${teamB.company.id}/schedules`, { token: teamA.admin.token, body: { schedules: week("01:00", "02:00") } });
    expect(res.status).toBe(404);
    expect((await companyRow(teamB.company.id))?.schedules).toEqual(before);
  });

  it("refuses an agent of the company with 403 and an anonymous caller with 401", async () => {
    const body = { schedules: week() };
    expect((await call("PUT", `/api/companies/${teamA.company.id}/schedules`, { token: teamA.agent.token, body })).status).toBe(403);
    expect((await call("PUT", `/api/companies/${teamA.company.id}/schedules`, { body })).status).toBe(401);
  });
});

describe("GET /api/companies/listPlan/:companyId", () => {
  it("shows any user of the company its plan with limits and flags", async () => {
    const plan = await createPlan({ useKanban: false, users: 7 });
    const { company, agent } = await companyWithTeam({ planId: plan.id });
    const res = await call("GET", `/api/companies/listPlan/${company.id}`, { token: agent.token });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: plan.id, name: plan.name, users: 7, useKanban: false, useCampaigns: true });
  });

  it("shows a platform admin any company's plan", async () => {
    const res = await call("GET", `/api/companies/listPlan/${teamB.company.id}`, { token: superToken });
    expect(res.status).toBe(200);
    expect(res.json.id).toBe(teamB.company.planId);
  });

  it("answers 404 to a user asking for another company's plan", async () => {
    const res = await call("GET", `/api/companies/listPlan/${teamB.company.id}`, { token: teamA.agent.token });
    expect(res.status).toBe(404);
    expect(res.json.error).toBe("ERR_NO_COMPANY_FOUND");
  });

  it("answers 401 without a token", async () => {
    expect((await call("GET", `/api/companies/listPlan/${teamA.company.id}`)).status).toBe(401);
  });
});
