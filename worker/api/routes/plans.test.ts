import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { companies, plans } from "../../db/control";
import { call, companyWithTeam, control, createCompany, createPlan, inTenant, platformAdmin } from "../../testing/fixtures";

let superToken: string;
let team: Awaited<ReturnType<typeof companyWithTeam>>;
beforeAll(async () => {
  superToken = (await platformAdmin()).user.token;
  team = await companyWithTeam();
});

const planCount = async () => (await control.select({ n: count() }).from(plans).get())!.n;
const validPlan = (name: string) => ({ name, users: 5, connections: 2, queues: 4, value: 149.9 });

describe("GET /api/plans/list", () => {
  it("shows anyone, without logging in, the plans offered publicly and never the internal ones", async () => {
    const offered = await createPlan({ useInternal: true });
    const internal = await createPlan({ useInternal: false });
    const res = await call("GET", "/api/plans/list");
    expect(res.status).toBe(200);
    const ids = res.json.map((p: { id: number }) => p.id);
    expect(ids).toContain(offered.id);
    expect(ids).not.toContain(internal.id);
    expect(res.json.find((p: { id: number }) => p.id === offered.id)).toMatchObject({
      name: offered.name,
      users: offered.users,
      useCampaigns: true,
    });
  });
});

describe("GET /api/plans/register", () => {
  it("offers the public plans to the signup page without logging in", async () => {
    const offered = await createPlan({ useInternal: true });
    const internal = await createPlan({ useInternal: false });
    const res = await call("GET", "/api/plans/register");
    expect(res.status).toBe(200);
    const ids = res.json.map((p: { id: number }) => p.id);
    expect(ids).toContain(offered.id);
    expect(ids).not.toContain(internal.id);
  });
});

describe("GET /api/plans/all", () => {
  it("lists every plan, internal ones included, to a platform admin", async () => {
    const internal = await createPlan({ useInternal: false });
    const res = await call("GET", "/api/plans/all", { token: superToken });
    expect(res.status).toBe(200);
    expect(res.json.map((p: { id: number }) => p.id)).toContain(internal.id);
  });

  it("refuses a company admin with 403", async () => {
    const res = await call("GET", "/api/plans/all", { token: team.admin.token });
    expect(res.status).toBe(403);
    expect(res.json.error).toBe("ERR_NO_PERMISSION");
  });

  it("answers 401 without a token", async () => {
    expect((await call("GET", "/api/plans/all")).status).toBe(401);
  });
});

describe("GET /api/plans/:id", () => {
  it("shows one plan with its limits and flags to a platform admin", async () => {
    const plan = await createPlan({ useKanban: false });
    const res = await call("GET", `/api/plans/${plan.id}`, { token: superToken });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: plan.id, name: plan.name, useKanban: false, useInternal: true });
  });

  it("answers 404 for a plan that does not exist or a malformed id", async () => {
    expect((await call("GET", "/api/plans/999999", { token: superToken })).json.error).toBe("ERR_NO_PLAN_FOUND");
    expect((await call("GET", "/api/plans/abc", { token: superToken })).status).toBe(404);
  });

  it("refuses a company admin with 403 and an anonymous caller with 401", async () => {
    const plan = await createPlan();
    expect((await call("GET", `/api/plans/${plan.id}`, { token: team.admin.token })).status).toBe(403);
    expect((await call("GET", `/api/plans/${plan.id}`)).status).toBe(401);
  });
});

describe("POST /api/plans", () => {
  it("creates a plan, its flags on unless turned off", async () => {
    const res = await call("POST", "/api/plans", {
      token: superToken,
      body: { ...validPlan("Pro plan"), useOpenAi: false, useInternal: false },
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ name: "Pro plan", users: 5, value: 149.9, useOpenAi: false, useKanban: true, useInternal: false });
    const row = await control.select().from(plans).where(eq(plans.id, res.json.id)).get();
    expect(row?.connections).toBe(2);
  });

  it("refuses a name already used with 409 ERR_PLAN_NAME_IN_USE", async () => {
    const existing = await createPlan();
    const before = await planCount();
    const res = await call("POST", "/api/plans", { token: superToken, body: validPlan(existing.name) });
    expect(res.status).toBe(409);
    expect(res.json.error).toBe("ERR_PLAN_NAME_IN_USE");
    expect(await planCount()).toBe(before);
  });

  it("names the invalid fields and writes nothing", async () => {
    const before = await planCount();
    const res = await call("POST", "/api/plans", { token: superToken, body: { name: "", users: -1, connections: "2", value: 10 } });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe("ERR_VALIDATION");
    expect(Object.keys(res.json.fields)).toEqual(expect.arrayContaining(["name", "users", "connections", "queues"]));
    expect(await planCount()).toBe(before);
  });

  it("refuses a company admin with 403 and writes nothing", async () => {
    const before = await planCount();
    const res = await call("POST", "/api/plans", { token: team.admin.token, body: validPlan("Sneaky plan") });
    expect(res.status).toBe(403);
    expect(await planCount()).toBe(before);
  });

  it("answers 401 without a token", async () => {
    expect((await call("POST", "/api/plans", { body: validPlan("Anon plan") })).status).toBe(401);
  });
});

describe("PUT /api/plans/:id", () => {
  it("changes the limits and flags sent and keeps the rest", async () => {
    const plan = await createPlan({ users: 3 });
    const res = await call("PUT", `/api/plans/${plan.id}`, { token: superToken, body: { users: 8, useSchedules: false } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: plan.id, name: plan.name, users: 8, connections: plan.connections, useSchedules: false });
  });

  it("reaches the hubs of the companies on the plan: their copy has the new limits at once", async () => {
    const plan = await createPlan({ users: 3, useKanban: true });
    const { company } = await companyWithTeam({ planId: plan.id });
    expect(await inTenant(company.id, (db) => db.query.plans.findFirst())).toMatchObject({ id: plan.id, users: 3, useKanban: true });
    const res = await call("PUT", `/api/plans/${plan.id}`, { token: superToken, body: { users: 9, useKanban: false } });
    expect(res.status).toBe(200);
    expect(await inTenant(company.id, (db) => db.query.plans.findFirst())).toMatchObject({ id: plan.id, users: 9, useKanban: false });
  });

  it("refuses another plan's name with 409", async () => {
    const [a, b] = [await createPlan(), await createPlan()];
    const res = await call("PUT", `/api/plans/${a.id}`, { token: superToken, body: { name: b.name } });
    expect(res.status).toBe(409);
    expect(res.json.error).toBe("ERR_PLAN_NAME_IN_USE");
  });

  it("keeps its own name without a conflict", async () => {
    const plan = await createPlan();
    expect((await call("PUT", `/api/plans/${plan.id}`, { token: superToken, body: { name: plan.name } })).status).toBe(200);
  });

  it("names an invalid field and leaves the plan unchanged", async () => {
    const plan = await createPlan({ users: 3 });
    const res = await call("PUT", `/api/plans/${plan.id}`, { token: superToken, body: { users: 2.5, value: -1 } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.json.fields)).toEqual(expect.arrayContaining(["users", "value"]));
    expect((await control.select().from(plans).where(eq(plans.id, plan.id)).get())?.users).toBe(3);
  });

  it("answers 404 for an unknown plan", async () => {
    expect((await call("PUT", "/api/plans/999999", { token: superToken, body: { users: 1 } })).status).toBe(404);
  });

  it("refuses a company admin with 403 and an anonymous caller with 401, leaving the plan as it was", async () => {
    const plan = await createPlan({ users: 3 });
    expect((await call("PUT", `/api/plans/${plan.id}`, { token: team.admin.token, body: { users: 99 } })).status).toBe(403);
    expect((await call("PUT", `/api/plans/${plan.id}`, { body: { users: 99 } })).status).toBe(401);
    expect((await control.select().from(plans).where(eq(plans.id, plan.id)).get())?.users).toBe(3);
  });
});

describe("DELETE /api/plans/:id", () => {
  it("deletes a plan no company uses", async () => {
    const plan = await createPlan();
    const res = await call("DELETE", `/api/plans/${plan.id}`, { token: superToken });
    expect(res.status).toBe(200);
    expect(await control.select().from(plans).where(eq(plans.id, plan.id)).get()).toBeUndefined();
  });

  it("refuses a plan companies use with 409 ERR_PLAN_IN_USE and keeps it", async () => {
    const plan = await createPlan();
    const company = await createCompany({ planId: plan.id });
    const res = await call("DELETE", `/api/plans/${plan.id}`, { token: superToken });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ error: "ERR_PLAN_IN_USE", companies: 1 });
    expect(await control.select().from(plans).where(eq(plans.id, plan.id)).get()).toBeDefined();
    expect((await control.select().from(companies).where(eq(companies.id, company.id)).get())?.planId).toBe(plan.id);
  });

  it("answers 404 for an unknown plan", async () => {
    const res = await call("DELETE", "/api/plans/999999", { token: superToken });
    expect(res.status).toBe(404);
    expect(res.json.error).toBe("ERR_NO_PLAN_FOUND");
  });

  it("refuses a company admin with 403 and an anonymous caller with 401", async () => {
    const plan = await createPlan();
    expect((await call("DELETE", `/api/plans/${plan.id}`, { token: team.admin.token })).status).toBe(403);
    expect((await call("DELETE", `/api/plans/${plan.id}`)).status).toBe(401);
    expect(await control.select().from(plans).where(eq(plans.id, plan.id)).get()).toBeDefined();
  });
});
