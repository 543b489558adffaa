import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { userQueues, userSessions, users, whatsapps } from "../../db/schema";
import {
  call,
  companyWithTeam,
  connectWs,
  createCompany,
  createPlan,
  createQueue,
  createUser,
  db,
  loginAs,
  PASSWORD,
  platformAdmin,
  testEnv,
} from "../../testing/fixtures";
import { hubFor } from "../../hub/publish";

let teamA: Awaited<ReturnType<typeof companyWithTeam>>;
let teamB: Awaited<ReturnType<typeof companyWithTeam>>;
beforeAll(async () => {
  teamA = await companyWithTeam();
  teamB = await companyWithTeam();
});

let seq = 0;
const email = (name = "new") => `${name}.${Date.now().toString(36)}.${++seq}@team.dev`;
const userCount = async () => (await db.select({ n: count() }).from(users).get())!.n;
const userRow = (id: number) => db.select().from(users).where(eq(users.id, id)).get();
const queueIdsOf = async (userId: number) =>
  (await db.select({ id: userQueues.queueId }).from(userQueues).where(eq(userQueues.userId, userId))).map((q) => q.id).sort();
const createWhatsapp = (companyId: number) =>
  db.insert(whatsapps).values({ companyId, name: `Conn ${Date.now()} ${++seq}` }).returning().get();

describe("GET /api/users", () => {
  it("lists the company's users with their queues, 20 a page, searching name and email", async () => {
    const { company, admin } = await companyWithTeam();
    const queue = await createQueue(company.id, { name: "Sales" });
    const tag = `Zed${Date.now().toString(36)}`;
    for (let i = 0; i < 21; i++) await createUser(company.id, { name: `${tag} ${String(i).padStart(2, "0")}`, queueIds: i === 0 ? [queue.id] : [] });
    await createUser(company.id, { name: "Someone else", email: `${tag.toLowerCase()}@mail.dev` });

    const first = await call("GET", `/api/users?searchParam=${tag}`, { token: admin.token });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ count: 22, hasMore: true });
    expect(first.json.users).toHaveLength(20);
    // "Someone else" matched by email sorts first by name.
    expect(first.json.users[1]).toEqual({
      id: expect.any(Number),
      name: `${tag} 00`,
      email: expect.any(String),
      profile: "user",
      super: false,
      online: false,
      allTicket: "disabled",
      whatsappId: null,
      language: null,
      queues: [{ id: queue.id, name: "Sales", color: queue.color }],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(JSON.stringify(first.json)).not.toContain("passwordHash");
    const second = await call("GET", `/api/users?searchParam=${tag}&pageNumber=2`, { token: admin.token });
    expect(second.json).toMatchObject({ count: 22, hasMore: false });
    expect(second.json.users).toHaveLength(2);
  });

  it("never shows another company's users", async () => {
    const res = await call("GET", "/api/users", { token: teamB.admin.token });
    const ids = res.json.users.map((u: { id: number }) => u.id);
    expect(ids).toContain(teamB.agent.id);
    expect(ids).not.toContain(teamA.agent.id);
    const search = await call("GET", `/api/users?searchParam=${encodeURIComponent(teamA.agent.email)}`, { token: teamB.admin.token });
    expect(search.json).toMatchObject({ users: [], count: 0, hasMore: false });
  });

  it("names an invalid pageNumber", async () => {
    const res = await call("GET", "/api/users?pageNumber=0", { token: teamA.admin.token });
    expect(res.status).toBe(400);
    expect(Object.keys(res.json.fields)).toEqual(["pageNumber"]);
  });

  it("refuses an agent with 403 and an anonymous caller with 401", async () => {
    expect((await call("GET", "/api/users", { token: teamA.agent.token })).status).toBe(403);
    expect((await call("GET", "/api/users")).status).toBe(401);
  });
});

describe("GET /api/users/list", () => {
  it("gives any user the names, profiles and presence of their colleagues, for the transfer dialog", async () => {
    const res = await call("GET", "/api/users/list", { token: teamA.agent.token });
    expect(res.status).toBe(200);
    expect(res.json).toHaveLength(3);
    expect(res.json).toEqual(
      expect.arrayContaining([{ id: teamA.admin.id, name: teamA.admin.name, profile: "admin", online: false }]),
    );
    expect(res.json.map((u: { id: number }) => u.id)).not.toContain(teamB.agent.id);
  });

  it("answers 401 without a token", async () => {
    expect((await call("GET", "/api/users/list")).status).toBe(401);
  });
});

describe("GET /api/users/:id", () => {
  it("shows an admin any user of the company", async () => {
    const res = await call("GET", `/api/users/${teamA.agent.id}`, { token: teamA.admin.token });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: teamA.agent.id, email: teamA.agent.email, profile: "user", queues: [] });
  });

  it("shows an agent themself but refuses them a colleague with 403", async () => {
    expect((await call("GET", `/api/users/${teamA.agent.id}`, { token: teamA.agent.token })).status).toBe(200);
    expect((await call("GET", `/api/users/${teamA.admin.id}`, { token: teamA.agent.token })).status).toBe(403);
  });

  it("answers 404 for another company's user, revealing nothing", async () => {
    const res = await call("GET", `/api/users/${teamB.agent.id}`, { token: teamA.admin.token });
    expect(res.status).toBe(404);
    expect(res.json.error).toBe("ERR_NO_USER_FOUND");
    expect(JSON.stringify(res.json)).not.toContain(teamB.agent.email);
  });

  it("answers 401 without a token", async () => {
    expect((await call("GET", `/api/users/${teamA.agent.id}`)).status).toBe(401);
  });
});

describe("POST /api/users", () => {
  it("adds a user with queues and a default connection, who can then log in", async () => {
    const [q1, q2] = [await createQueue(teamA.company.id), await createQueue(teamA.company.id)];
    const conn = await createWhatsapp(teamA.company.id);
    const address = email("maria");
    const res = await call("POST", "/api/users", {
      token: teamA.admin.token,
      body: { name: "Maria", email: address.toUpperCase(), password: "abcde", profile: "admin", allTicket: "enabled", queueIds: [q1.id, q2.id, q1.id], whatsappId: conn.id },
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ name: "Maria", email: address, profile: "admin", allTicket: "enabled", whatsappId: conn.id, super: false });
    expect(res.json.queues.map((q: { id: number }) => q.id).sort()).toEqual([q1.id, q2.id].sort());
    expect((await userRow(res.json.id))?.companyId).toBe(teamA.company.id);
    await loginAs(address, "abcde");
  });

  it("gives a new user profile user and allTicket disabled by default", async () => {
    const res = await call("POST", "/api/users", { token: teamA.admin.token, body: { name: "João", email: email(), password: "abcde" } });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ profile: "user", allTicket: "disabled", queues: [], whatsappId: null, language: null });
  });

  it("names the invalid fields with the form's messages and writes nothing", async () => {
    const before = await userCount();
    const tooShort = await call("POST", "/api/users", { token: teamA.admin.token, body: { name: "A", email: "nope", password: "1234" } });
    expect(tooShort.status).toBe(400);
    expect(tooShort.json.fields).toEqual({ name: "Too Short!", email: "Invalid email", password: "Too Short!" });
    const missing = await call("POST", "/api/users", { token: teamA.admin.token, body: { name: "x".repeat(51), profile: "boss" } });
    expect(missing.json.fields).toMatchObject({ name: "Too Long!", email: "Required", password: "Required" });
    expect(Object.keys(missing.json.fields)).toContain("profile");
    expect(await userCount()).toBe(before);
  });

  it("answers 400 naming queueIds or whatsappId that belong to another company, writing nothing", async () => {
    const before = await userCount();
    const foreignQueue = await createQueue(teamB.company.id);
    const foreignConn = await createWhatsapp(teamB.company.id);
    const res = await call("POST", "/api/users", {
      token: teamA.admin.token,
      body: { name: "Pedro", email: email(), password: "abcde", queueIds: [foreignQueue.id], whatsappId: foreignConn.id },
    });
    expect(res.status).toBe(400);
    expect(res.json.fields).toEqual({ queueIds: "Unknown queue", whatsappId: "Unknown connection" });
    expect(await userCount()).toBe(before);
  });

  it("refuses an email already in use, in any company, with 409", async () => {
    const before = await userCount();
    const res = await call("POST", "/api/users", { token: teamA.admin.token, body: { name: "Copy", email: teamB.agent.email, password: "abcde" } });
    expect(res.status).toBe(409);
    expect(res.json.error).toBe("ERR_EMAIL_IN_USE");
    expect(await userCount()).toBe(before);
  });

  it("refuses a user beyond the plan's limit with 403 ERR_PLAN_LIMIT_REACHED", async () => {
    const plan = await createPlan({ users: 3 });
    const { admin } = await companyWithTeam({ planId: plan.id });
    const before = await userCount();
    const res = await call("POST", "/api/users", { token: admin.token, body: { name: "Fourth", email: email(), password: "abcde" } });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ error: "ERR_PLAN_LIMIT_REACHED", limit: 3, resource: "users" });
    expect(await userCount()).toBe(before);
  });

  it("refuses a company admin creating a platform admin (super) with 403", async () => {
    const before = await userCount();
    const res = await call("POST", "/api/users", { token: teamA.admin.token, body: { name: "Root", email: email(), password: "abcde", super: true } });
    expect(res.status).toBe(403);
    expect(await userCount()).toBe(before);
  });

  it("lets a platform admin create another platform admin", async () => {
    const platform = await platformAdmin();
    const res = await call("POST", "/api/users", { token: platform.user.token, body: { name: "Root Two", email: email(), password: "abcde", profile: "admin", super: true } });
    expect(res.status).toBe(201);
    expect(res.json.super).toBe(true);
  });

  it("refuses an agent with 403 and an anonymous caller with 401, writing nothing", async () => {
    const before = await userCount();
    const body = { name: "Sneaky", email: email(), password: "abcde" };
    expect((await call("POST", "/api/users", { token: teamA.agent.token, body })).status).toBe(403);
    expect((await call("POST", "/api/users", { body })).status).toBe(401);
    expect(await userCount()).toBe(before);
  });
});

describe("PUT /api/users/:id", () => {
  it("lets an admin change a user's name, profile, queues and allTicket", async () => {
    const { company, admin } = await companyWithTeam();
    const [q1, q2] = [await createQueue(company.id), await createQueue(company.id)];
    const user = await createUser(company.id, { queueIds: [q1.id] });
    const res = await call("PUT", `/api/users/${user.id}`, {
      token: admin.token,
      body: { name: "Renamed", profile: "supervisor", allTicket: "enabled", queueIds: [q2.id], language: "es" },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: user.id, name: "Renamed", profile: "supervisor", allTicket: "enabled", language: "es" });
    expect(res.json.queues).toEqual([{ id: q2.id, name: q2.name, color: q2.color }]);
    expect(await queueIdsOf(user.id)).toEqual([q2.id]);
  });

  it("publishes a user event to the company's open tabs, and only that company's", async () => {
    const { admin, agent } = await companyWithTeam();
    const other = await companyWithTeam();
    const mine = await connectWs(agent.token);
    const theirs = await connectWs(other.agent.token);
    try {
      const res = await call("PUT", `/api/users/${agent.id}`, { token: admin.token, body: { name: "Agent Smith" } });
      expect(res.status).toBe(200);
      // (Connecting already published this agent coming online; wait for the edit itself.)
      const event = await mine.waitFor((e) => e.type === "user" && e.action === "update" && e.user?.name === "Agent Smith");
      expect(event.user).toMatchObject({ id: agent.id, name: "Agent Smith", email: agent.email, profile: "user" });
      await new Promise((r) => setTimeout(r, 100));
      expect(theirs.events.filter((e) => e.type === "user" && e.userId === agent.id)).toEqual([]);
    } finally {
      mine.close();
      theirs.close();
    }
  });

  it("lets a promoted agent's open tab receive what admins receive, without reconnecting", async () => {
    const { company, admin, agent } = await companyWithTeam();
    const tab = await connectWs(agent.token);
    try {
      const res = await call("PUT", `/api/users/${agent.id}`, { token: admin.token, body: { profile: "admin" } });
      expect(res.status).toBe(200);
      await hubFor(testEnv, company.id).publish([
        { audience: { kind: "admins" }, event: { type: "settings", action: "update", key: "probe", value: "admins-only" } },
      ]);
      await tab.waitFor((e) => e.type === "settings" && e.value === "admins-only");
    } finally {
      tab.close();
    }
  });

  it("lets an agent edit their own name, email, password and language, and ignores their profile and queues", async () => {
    const { company, agent } = await companyWithTeam();
    const queue = await createQueue(company.id);
    const newEmail = email("me");
    const res = await call("PUT", `/api/users/${agent.id}`, {
      token: agent.token,
      body: { name: "My Name", email: newEmail, password: "new-pass", language: "en", profile: "admin", queueIds: [queue.id], allTicket: "enabled", super: true },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ name: "My Name", email: newEmail, language: "en", profile: "user", allTicket: "disabled", super: false, queues: [] });
    // Their own session survives their own password change.
    expect((await call("GET", "/api/auth/me", { token: agent.token })).status).toBe(200);
    await loginAs(newEmail, "new-pass");
  });

  it("refuses an agent editing a colleague with 403 and leaves them unchanged", async () => {
    const res = await call("PUT", `/api/users/${teamA.supervisor.id}`, { token: teamA.agent.token, body: { name: "Hacked" } });
    expect(res.status).toBe(403);
    expect((await userRow(teamA.supervisor.id))?.name).toBe(teamA.supervisor.name);
  });

  it("ends the user's sessions when an admin sets a new password", async () => {
    const { admin, agent } = await companyWithTeam();
    const res = await call("PUT", `/api/users/${agent.id}`, { token: admin.token, body: { password: "brand-new" } });
    expect(res.status).toBe(200);
    expect((await call("GET", "/api/auth/me", { token: agent.token })).status).toBe(401);
    const revoked = await db.select().from(userSessions).where(eq(userSessions.userId, agent.id));
    expect(revoked.every((s) => s.revokedReason === "password" || s.revokedReason === "replaced")).toBe(true);
    await loginAs(agent.email, "brand-new");
  });

  it("names invalid fields and leaves the user unchanged", async () => {
    const res = await call("PUT", `/api/users/${teamA.agent.id}`, { token: teamA.admin.token, body: { name: "A", email: "bad", password: "1", language: "fr" } });
    expect(res.status).toBe(400);
    expect(res.json.fields).toMatchObject({ name: "Too Short!", email: "Invalid email", password: "Too Short!" });
    expect(Object.keys(res.json.fields)).toContain("language");
    expect(await userRow(teamA.agent.id)).toMatchObject({ name: teamA.agent.name, email: teamA.agent.email, passwordHash: teamA.agent.passwordHash });
  });

  it("answers 400 naming queueIds of another company and keeps the user's queues", async () => {
    const queue = await createQueue(teamA.company.id);
    const user = await createUser(teamA.company.id, { queueIds: [queue.id] });
    const foreign = await createQueue(teamB.company.id);
    const res = await call("PUT", `/api/users/${user.id}`, { token: teamA.admin.token, body: { queueIds: [foreign.id] } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.json.fields)).toEqual(["queueIds"]);
    expect(await queueIdsOf(user.id)).toEqual([queue.id]);
  });

  it("refuses an email another user has with 409", async () => {
    const res = await call("PUT", `/api/users/${teamA.agent.id}`, { token: teamA.admin.token, body: { email: teamB.admin.email } });
    expect(res.status).toBe(409);
    expect(res.json.error).toBe("ERR_EMAIL_IN_USE");
  });

  it("answers 404 to an admin editing another company's user and changes nothing", async () => {
    const res = await call("PUT", `/api/users/${teamB.agent.id}`, { token: teamA.admin.token, body: { name: "Stolen", profile: "admin" } });
    expect(res.status).toBe(404);
    expect(await userRow(teamB.agent.id)).toMatchObject({ name: teamB.agent.name, profile: "user" });
  });

  it("refuses a company admin granting super with 403", async () => {
    const res = await call("PUT", `/api/users/${teamA.agent.id}`, { token: teamA.admin.token, body: { super: true } });
    expect(res.status).toBe(403);
    expect((await userRow(teamA.agent.id))?.super).toBe(false);
  });

  it("refuses a company admin editing a platform admin with 403", async () => {
    const platform = await platformAdmin();
    const admin = await createUser(platform.company.id, { profile: "admin" });
    const res = await call("PUT", `/api/users/${platform.user.id}`, { token: await loginAs(admin.email), body: { password: "takeover" } });
    expect(res.status).toBe(403);
  });

  it("answers 401 without a token", async () => {
    expect((await call("PUT", `/api/users/${teamA.agent.id}`, { body: { name: "Anon" } })).status).toBe(401);
  });
});

describe("DELETE /api/users/:id", () => {
  it("deletes a user and ends their session and open tabs", async () => {
    const { admin, agent } = await companyWithTeam();
    const adminTab = await connectWs(admin.token);
    const agentTab = await connectWs(agent.token);
    try {
      const res = await call("DELETE", `/api/users/${agent.id}`, { token: admin.token });
      expect(res.status).toBe(200);
      expect(await userRow(agent.id)).toBeUndefined();
      const me = await call("GET", "/api/auth/me", { token: agent.token });
      expect(me.status).toBe(401);
      await agentTab.waitFor((e) => e.type === "auth" && e.action === "revoked");
      await adminTab.waitFor((e) => e.type === "user" && e.action === "delete" && e.userId === agent.id);
    } finally {
      adminTab.close();
    }
  });

  it("refuses an admin deleting themself with 409", async () => {
    const res = await call("DELETE", `/api/users/${teamA.admin.id}`, { token: teamA.admin.token });
    expect(res.status).toBe(409);
    expect(res.json.error).toBe("ERR_CANNOT_DELETE_SELF");
    expect(await userRow(teamA.admin.id)).toBeDefined();
  });

  it("answers 404 for another company's user and deletes nothing", async () => {
    const res = await call("DELETE", `/api/users/${teamB.agent.id}`, { token: teamA.admin.token });
    expect(res.status).toBe(404);
    expect(await userRow(teamB.agent.id)).toBeDefined();
  });

  it("refuses an agent with 403 and an anonymous caller with 401", async () => {
    expect((await call("DELETE", `/api/users/${teamA.supervisor.id}`, { token: teamA.agent.token })).status).toBe(403);
    expect((await call("DELETE", `/api/users/${teamA.supervisor.id}`)).status).toBe(401);
    expect(await userRow(teamA.supervisor.id)).toBeDefined();
  });
});

describe("a company created without a plan", () => {
  it("is not limited (only the seeded platform company can lack one)", async () => {
    const company = await createCompany();
    const { companies } = await import("../../db/schema");
    await db.update(companies).set({ planId: null }).where(eq(companies.id, company.id));
    const admin = await createUser(company.id, { profile: "admin" });
    const res = await call("POST", "/api/users", { token: await loginAs(admin.email, PASSWORD), body: { name: "Free", email: email(), password: "abcde" } });
    expect(res.status).toBe(201);
  });
});
