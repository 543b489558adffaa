import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { companies, loginEmails } from "../../db/control";
import { userQueues, userSessions, users, whatsapps } from "../../db/tenant";
import {
  call,
  companyWithTeam,
  connectWs,
  createCompany,
  createPlan,
  createQueue,
  control,
  createUser,
  awayFromWindowEdge,
  inTenant,
  loginAs,
  PASSWORD,
  platformAdmin,
  testEnv,
} from "../../testing/fixtures";
import { hubFor } from "../../hub/ports";

let teamA: Awaited<ReturnType<typeof companyWithTeam>>;
let teamB: Awaited<ReturnType<typeof companyWithTeam>>;
beforeAll(async () => {
  teamA = await companyWithTeam();
  teamB = await companyWithTeam();
});

let seq = 0;
const email = (name = "new") => `${name}.${Date.now().toString(36)}.${++seq}@team.dev`;
const userCount = (companyId: number) => inTenant(companyId, (db) => db.select({ n: count() }).from(users).get()!.n);
const userRow = (companyId: number, id: number) => inTenant(companyId, (db) => db.select().from(users).where(eq(users.id, id)).get());
const queueIdsOf = (companyId: number, userId: number) =>
  inTenant(companyId, (db) =>
    db.select({ id: userQueues.queueId }).from(userQueues).where(eq(userQueues.userId, userId)).all().map((q) => q.id).sort(),
  );
const createWhatsapp = (companyId: number) =>
  inTenant(companyId, (db) => db.insert(whatsapps).values({ companyId, name: `Conn ${Date.now()} ${++seq}` }).returning().get());
/** The login index's entry for an address (control database), or undefined. */
const indexEntry = (address: string) => control.select().from(loginEmails).where(eq(loginEmails.email, address)).get();
/** A login attempt from an address of its own (the per-IP limit is not what these tests are about). */
const tryLogin = (address: string, password = PASSWORD) =>
  call("POST", "/api/auth/login", { body: { email: address, password }, ip: `10.9.${seq % 250}.${++seq % 250}` });

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
      maxOpenTickets: null,
      assignmentPaused: false,
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
      body: { name: "Maria", email: address.toUpperCase(), password: "Abcdef12", profile: "admin", allTicket: "enabled", queueIds: [q1.id, q2.id, q1.id], whatsappId: conn.id },
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ name: "Maria", email: address, profile: "admin", allTicket: "enabled", whatsappId: conn.id, super: false });
    expect(res.json.queues.map((q: { id: number }) => q.id).sort()).toEqual([q1.id, q2.id].sort());
    expect((await userRow(teamA.company.id, res.json.id))?.companyId).toBe(teamA.company.id);
    expect(await indexEntry(address)).toEqual({ email: address, companyId: teamA.company.id, userId: res.json.id });
    await loginAs(address, "Abcdef12");
  });

  it("gives a new user profile user and allTicket disabled by default", async () => {
    const res = await call("POST", "/api/users", { token: teamA.admin.token, body: { name: "João", email: email(), password: "Abcdef12" } });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ profile: "user", allTicket: "disabled", queues: [], whatsappId: null, language: null });
  });

  it("names the invalid fields with the form's messages and writes nothing", async () => {
    const before = await userCount(teamA.company.id);
    const tooShort = await call("POST", "/api/users", { token: teamA.admin.token, body: { name: "A", email: "nope", password: "1234" } });
    expect(tooShort.status).toBe(400);
    expect(tooShort.json.fields).toEqual({ name: "Too Short!", email: "Invalid email", password: "At least 8 characters with an uppercase letter, a lowercase letter and a digit" });
    const missing = await call("POST", "/api/users", { token: teamA.admin.token, body: { name: "x".repeat(51), profile: "boss" } });
    expect(missing.json.fields).toMatchObject({ name: "Too Long!", email: "Required", password: "Required" });
    expect(Object.keys(missing.json.fields)).toContain("profile");
    expect(await userCount(teamA.company.id)).toBe(before);
  });

  it("answers 400 naming queueIds or whatsappId that belong to another company, writing nothing", async () => {
    const before = await userCount(teamA.company.id);
    const foreignQueue = await createQueue(teamB.company.id);
    const foreignConn = await createWhatsapp(teamB.company.id);
    const res = await call("POST", "/api/users", {
      token: teamA.admin.token,
      body: { name: "Pedro", email: email(), password: "Abcdef12", queueIds: [foreignQueue.id], whatsappId: foreignConn.id },
    });
    expect(res.status).toBe(400);
    expect(res.json.fields).toEqual({ queueIds: "Unknown queue", whatsappId: "Unknown connection" });
    expect(await userCount(teamA.company.id)).toBe(before);
  });

  it("refuses an email already in use, in any company, with 409", async () => {
    const before = await userCount(teamA.company.id);
    const res = await call("POST", "/api/users", { token: teamA.admin.token, body: { name: "Copy", email: teamB.agent.email, password: "Abcdef12" } });
    expect(res.status).toBe(409);
    expect(res.json.error).toBe("ERR_EMAIL_IN_USE");
    expect(await userCount(teamA.company.id)).toBe(before);
  });

  it("keeps an email unique across companies: another company's address is 409, and nothing is written anywhere", async () => {
    const a = await companyWithTeam();
    const b = await companyWithTeam();
    const address = email("owned");
    const made = await call("POST", "/api/users", { token: a.admin.token, body: { name: "Owner", email: address, password: "Abcdef12" } });
    expect(made.status).toBe(201);
    const entry = await indexEntry(address);
    expect(entry).toEqual({ email: address, companyId: a.company.id, userId: made.json.id });
    const [countA, countB] = [await userCount(a.company.id), await userCount(b.company.id)];

    const res = await call("POST", "/api/users", { token: b.admin.token, body: { name: "Thief", email: address.toUpperCase(), password: "Abcdef12" } });
    expect(res.status).toBe(409);
    expect(res.json.error).toBe("ERR_EMAIL_IN_USE");
    expect(await userCount(a.company.id)).toBe(countA);
    expect(await userCount(b.company.id)).toBe(countB);
    expect(await inTenant(b.company.id, (db) => db.select().from(users).where(eq(users.email, address)).get())).toBeUndefined();
    expect(await indexEntry(address)).toEqual(entry);
    // The owner still signs in with it.
    expect((await tryLogin(address, "Abcdef12")).status).toBe(200);
  });

  it("lets a company learn only so fast which addresses other companies use: 20 conflicts an hour, then 429 whatever the address", async () => {
    // The budget's window is an hour.
    await awayFromWindowEdge(60 * 60, 30_000);
    const prober = await companyWithTeam();
    const owner = await createCompany();
    const taken: string[] = [];
    for (let i = 0; i < 22; i++) taken.push((await createUser(owner.id)).email);
    const create = (address: string) => call("POST", "/api/users", { token: prober.admin.token, body: { name: "Probe", email: address, password: "Abcdef12" } });
    const changeOwn = (address: string) => call("PUT", `/api/users/${prober.agent.id}`, { token: prober.agent.token, body: { email: address } });
    // Free addresses do not use the budget (a company adds its users as fast as it likes).
    for (let i = 0; i < 3; i++) expect((await create(email("free"))).status).toBe(201);
    // Conflicts do, whether asked by creating a user or by changing one's own e-mail.
    for (const [i, address] of taken.slice(0, 20).entries()) {
      const res = await (i % 2 ? changeOwn(address) : create(address));
      expect(res.status, address).toBe(409);
      expect(res.json.error).toBe("ERR_EMAIL_IN_USE");
    }
    // Spent: a taken address and a free one get the same answer, so the refusal tells nothing.
    for (const res of [await create(taken[20]!), await create(email("free")), await changeOwn(taken[21]!), await changeOwn(email("free"))]) {
      expect(res.status).toBe(429);
      expect(res.json.error).toBe("ERR_RATE_LIMITED");
    }
    // Another company's budget is its own.
    expect((await call("POST", "/api/users", { token: teamB.admin.token, body: { name: "Probe", email: taken[20]!, password: "Abcdef12" } })).status).toBe(409);
  });

  it("refuses an email a colleague has with 409 and leaves their index entry as it was", async () => {
    const before = await userCount(teamA.company.id);
    const entry = await indexEntry(teamA.agent.email);
    expect(entry).toEqual({ email: teamA.agent.email, companyId: teamA.company.id, userId: teamA.agent.id });
    const res = await call("POST", "/api/users", { token: teamA.admin.token, body: { name: "Twin", email: teamA.agent.email, password: "Abcdef12" } });
    expect(res.status).toBe(409);
    expect(res.json.error).toBe("ERR_EMAIL_IN_USE");
    expect(await userCount(teamA.company.id)).toBe(before);
    expect(await indexEntry(teamA.agent.email)).toEqual(entry);
  });

  it("refuses a user beyond the plan's limit with 403 ERR_PLAN_LIMIT_REACHED", async () => {
    const plan = await createPlan({ users: 3 });
    const { company, admin } = await companyWithTeam({ planId: plan.id });
    const before = await userCount(company.id);
    const address = email();
    const res = await call("POST", "/api/users", { token: admin.token, body: { name: "Fourth", email: address, password: "Abcdef12" } });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ error: "ERR_PLAN_LIMIT_REACHED", limit: 3, resource: "users" });
    expect(await userCount(company.id)).toBe(before);
    expect(await indexEntry(address)).toBeUndefined();
  });

  it("ends 20 concurrent creations on a plan of 3 users with exactly 3 users, the others refused and their addresses free", async () => {
    const plan = await createPlan({ users: 3 });
    const company = await createCompany({ planId: plan.id });
    const admin = await createUser(company.id, { profile: "admin" });
    const token = await loginAs(admin.email);
    const addresses = Array.from({ length: 20 }, () => email("burst"));
    const answers = await Promise.all(addresses.map((address) => call("POST", "/api/users", { token, body: { name: "Burst", email: address, password: "Abcdef12" } })));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(2);
    expect(answers.filter((r) => r.status === 403).map((r) => r.json.error)).toEqual(Array(18).fill("ERR_PLAN_LIMIT_REACHED"));
    expect(await userCount(company.id)).toBe(3);
    // The login index follows the hub: the refused addresses are not held, the created ones route to their user.
    for (const [i, address] of addresses.entries()) {
      const created = answers[i]!.status === 201;
      expect(await indexEntry(address)).toEqual(created ? { email: address, companyId: company.id, userId: answers[i]!.json.id } : undefined);
    }
  });

  it("refuses a company admin creating a platform admin (super) with 403", async () => {
    const before = await userCount(teamA.company.id);
    const res = await call("POST", "/api/users", { token: teamA.admin.token, body: { name: "Root", email: email(), password: "Abcdef12", super: true } });
    expect(res.status).toBe(403);
    expect(await userCount(teamA.company.id)).toBe(before);
  });

  it("lets a platform admin create another platform admin", async () => {
    const platform = await platformAdmin();
    const res = await call("POST", "/api/users", { token: platform.user.token, body: { name: "Root Two", email: email(), password: "Abcdef12", profile: "admin", super: true } });
    expect(res.status).toBe(201);
    expect(res.json.super).toBe(true);
  });

  it("refuses an agent with 403 and an anonymous caller with 401, writing nothing", async () => {
    const before = await userCount(teamA.company.id);
    const body = { name: "Sneaky", email: email(), password: "Abcdef12" };
    expect((await call("POST", "/api/users", { token: teamA.agent.token, body })).status).toBe(403);
    expect((await call("POST", "/api/users", { body })).status).toBe(401);
    expect(await userCount(teamA.company.id)).toBe(before);
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
    expect(await queueIdsOf(company.id, user.id)).toEqual([q2.id]);
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
      body: {
        name: "My Name",
        email: newEmail,
        password: "New-pass1",
        currentPassword: PASSWORD,
        language: "en",
        profile: "admin",
        queueIds: [queue.id],
        allTicket: "enabled",
        super: true,
      },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ name: "My Name", email: newEmail, language: "en", profile: "user", allTicket: "disabled", super: false, queues: [] });
    // Their own session survives their own password change.
    expect((await call("GET", "/api/auth/me", { token: agent.token })).status).toBe(200);
    await loginAs(newEmail, "New-pass1");
  });

  it("asks for the current password when users change their own, and changes nothing without it", async () => {
    const { company, admin, agent } = await companyWithTeam();
    for (const me of [agent, admin]) {
      const missing = await call("PUT", `/api/users/${me.id}`, { token: me.token, body: { name: "Taken Over", password: "Attacker1" } });
      expect(missing.status).toBe(400);
      expect(missing.json).toMatchObject({ error: "ERR_VALIDATION", fields: { currentPassword: "Required" } });
      const wrong = await call("PUT", `/api/users/${me.id}`, {
        token: me.token,
        body: { name: "Taken Over", password: "Attacker1", currentPassword: "a-guess" },
      });
      expect(wrong.status).toBe(400);
      expect(wrong.json.error).toBe("ERR_WRONG_CURRENT_PASSWORD");
      expect(await userRow(company.id, me.id)).toMatchObject({ name: me.name, passwordHash: me.passwordHash });
    }
    // The owner's own password still opens the account; the attacker's does not.
    expect((await tryLogin(agent.email, "Attacker1")).status).toBe(401);
    expect((await tryLogin(agent.email)).status).toBe(200);
  });

  it("refuses an agent editing a colleague with 403 and leaves them unchanged", async () => {
    const res = await call("PUT", `/api/users/${teamA.supervisor.id}`, { token: teamA.agent.token, body: { name: "Hacked" } });
    expect(res.status).toBe(403);
    expect((await userRow(teamA.company.id, teamA.supervisor.id))?.name).toBe(teamA.supervisor.name);
  });

  it("lets an admin set another user's password without knowing it, ending that user's sessions", async () => {
    const { company, admin, agent } = await companyWithTeam();
    const res = await call("PUT", `/api/users/${agent.id}`, { token: admin.token, body: { password: "Brand-new1" } });
    expect(res.status).toBe(200);
    expect((await call("GET", "/api/auth/me", { token: agent.token })).status).toBe(401);
    const revoked = await inTenant(company.id, (db) => db.select().from(userSessions).where(eq(userSessions.userId, agent.id)).all());
    expect(revoked.every((s) => s.revokedReason === "password" || s.revokedReason === "replaced")).toBe(true);
    await loginAs(agent.email, "Brand-new1");
  });

  it("names invalid fields and leaves the user unchanged", async () => {
    const res = await call("PUT", `/api/users/${teamA.agent.id}`, { token: teamA.admin.token, body: { name: "A", email: "bad", password: "1", language: "fr" } });
    expect(res.status).toBe(400);
    expect(res.json.fields).toMatchObject({ name: "Too Short!", email: "Invalid email", password: "At least 8 characters with an uppercase letter, a lowercase letter and a digit" });
    expect(Object.keys(res.json.fields)).toContain("language");
    expect(await userRow(teamA.company.id, teamA.agent.id)).toMatchObject({ name: teamA.agent.name, email: teamA.agent.email, passwordHash: teamA.agent.passwordHash });
  });

  it("answers 400 naming queueIds of another company and keeps the user's queues", async () => {
    const queue = await createQueue(teamA.company.id);
    const user = await createUser(teamA.company.id, { queueIds: [queue.id] });
    const foreign = await createQueue(teamB.company.id);
    const res = await call("PUT", `/api/users/${user.id}`, { token: teamA.admin.token, body: { queueIds: [foreign.id] } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.json.fields)).toEqual(["queueIds"]);
    expect(await queueIdsOf(teamA.company.id, user.id)).toEqual([queue.id]);
  });

  it("refuses an email another user has with 409", async () => {
    const res = await call("PUT", `/api/users/${teamA.agent.id}`, { token: teamA.admin.token, body: { email: teamB.admin.email } });
    expect(res.status).toBe(409);
    expect(res.json.error).toBe("ERR_EMAIL_IN_USE");
    // Nothing moved: both addresses stay where they were, in the tenant rows and in the login index.
    expect((await userRow(teamA.company.id, teamA.agent.id))?.email).toBe(teamA.agent.email);
    expect(await indexEntry(teamB.admin.email)).toEqual({ email: teamB.admin.email, companyId: teamB.company.id, userId: teamB.admin.id });
    expect(await indexEntry(teamA.agent.email)).toEqual({ email: teamA.agent.email, companyId: teamA.company.id, userId: teamA.agent.id });
    const colleague = await call("PUT", `/api/users/${teamA.agent.id}`, { token: teamA.admin.token, body: { email: teamA.supervisor.email } });
    expect(colleague.status).toBe(409);
    expect(await indexEntry(teamA.supervisor.email)).toEqual({ email: teamA.supervisor.email, companyId: teamA.company.id, userId: teamA.supervisor.id });
  });

  it("moves a changed email's login index entry: the new address signs in, the old one no longer does", async () => {
    const { company, admin, agent } = await companyWithTeam();
    const newEmail = email("moved");
    const res = await call("PUT", `/api/users/${agent.id}`, { token: admin.token, body: { email: newEmail } });
    expect(res.status).toBe(200);
    expect(res.json.email).toBe(newEmail);
    expect(await indexEntry(newEmail)).toEqual({ email: newEmail, companyId: company.id, userId: agent.id });
    expect(await indexEntry(agent.email)).toBeUndefined();
    expect((await tryLogin(newEmail)).status).toBe(200);
    const old = await tryLogin(agent.email);
    expect(old.status).toBe(401);
    expect(old.json.error).toBe("ERR_INVALID_CREDENTIALS");
    // The address it left is free again, for any company.
    const other = await companyWithTeam();
    const taken = await call("POST", "/api/users", { token: other.admin.token, body: { name: "Heir", email: agent.email, password: "Abcdef12" } });
    expect(taken.status).toBe(201);
    expect(await indexEntry(agent.email)).toEqual({ email: agent.email, companyId: other.company.id, userId: taken.json.id });
  });

  it("leaves the login index alone when the email is sent unchanged", async () => {
    const { company, admin, agent } = await companyWithTeam();
    const res = await call("PUT", `/api/users/${agent.id}`, { token: admin.token, body: { email: agent.email, name: "Same Mail" } });
    expect(res.status).toBe(200);
    expect(await indexEntry(agent.email)).toEqual({ email: agent.email, companyId: company.id, userId: agent.id });
  });

  it("answers 404 to an admin editing another company's user and changes nothing", async () => {
    const res = await call("PUT", `/api/users/${teamB.agent.id}`, { token: teamA.admin.token, body: { name: "Stolen", profile: "admin" } });
    expect(res.status).toBe(404);
    expect(await userRow(teamB.company.id, teamB.agent.id)).toMatchObject({ name: teamB.agent.name, profile: "user" });
  });

  it("refuses a company admin granting super with 403", async () => {
    const res = await call("PUT", `/api/users/${teamA.agent.id}`, { token: teamA.admin.token, body: { super: true } });
    expect(res.status).toBe(403);
    expect((await userRow(teamA.company.id, teamA.agent.id))?.super).toBe(false);
  });

  it("refuses a company admin editing a platform admin with 403", async () => {
    const platform = await platformAdmin();
    const admin = await createUser(platform.company.id, { profile: "admin" });
    const res = await call("PUT", `/api/users/${platform.user.id}`, { token: await loginAs(admin.email), body: { password: "Takeover1" } });
    expect(res.status).toBe(403);
  });

  it("answers 401 without a token", async () => {
    expect((await call("PUT", `/api/users/${teamA.agent.id}`, { body: { name: "Anon" } })).status).toBe(401);
  });
});

describe("DELETE /api/users/:id", () => {
  it("deletes a user and ends their session and open tabs", async () => {
    const { company, admin, agent } = await companyWithTeam();
    const adminTab = await connectWs(admin.token);
    const agentTab = await connectWs(agent.token);
    try {
      const res = await call("DELETE", `/api/users/${agent.id}`, { token: admin.token });
      expect(res.status).toBe(200);
      expect(await userRow(company.id, agent.id)).toBeUndefined();
      expect(await indexEntry(agent.email)).toBeUndefined();
      const me = await call("GET", "/api/auth/me", { token: agent.token });
      expect(me.status).toBe(401);
      await agentTab.waitFor((e) => e.type === "auth" && e.action === "revoked");
      await adminTab.waitFor((e) => e.type === "user" && e.action === "delete" && e.userId === agent.id);
    } finally {
      adminTab.close();
    }
  });

  it("leaves no login index entry: the address no longer signs in, and any company may take it", async () => {
    const { company, admin } = await companyWithTeam();
    const user = await createUser(company.id);
    expect(await indexEntry(user.email)).toEqual({ email: user.email, companyId: company.id, userId: user.id });
    expect((await call("DELETE", `/api/users/${user.id}`, { token: admin.token })).status).toBe(200);
    expect(await indexEntry(user.email)).toBeUndefined();
    expect((await tryLogin(user.email)).json.error).toBe("ERR_INVALID_CREDENTIALS");
    const taken = await call("POST", "/api/users", { token: teamB.admin.token, body: { name: "Next", email: user.email, password: "Abcdef12" } });
    expect(taken.status).toBe(201);
    expect(await indexEntry(user.email)).toEqual({ email: user.email, companyId: teamB.company.id, userId: taken.json.id });
  });

  it("refuses an admin deleting themself with 409", async () => {
    const res = await call("DELETE", `/api/users/${teamA.admin.id}`, { token: teamA.admin.token });
    expect(res.status).toBe(409);
    expect(res.json.error).toBe("ERR_CANNOT_DELETE_SELF");
    expect(await userRow(teamA.company.id, teamA.admin.id)).toBeDefined();
  });

  it("answers 404 for another company's user and deletes nothing", async () => {
    const res = await call("DELETE", `/api/users/${teamB.agent.id}`, { token: teamA.admin.token });
    expect(res.status).toBe(404);
    expect(await userRow(teamB.company.id, teamB.agent.id)).toBeDefined();
  });

  it("refuses an agent with 403 and an anonymous caller with 401", async () => {
    expect((await call("DELETE", `/api/users/${teamA.supervisor.id}`, { token: teamA.agent.token })).status).toBe(403);
    expect((await call("DELETE", `/api/users/${teamA.supervisor.id}`)).status).toBe(401);
    expect(await userRow(teamA.company.id, teamA.supervisor.id)).toBeDefined();
  });
});

describe("a company created without a plan", () => {
  it("is not limited (only the seeded platform company can lack one)", async () => {
    const company = await createCompany();
    // Before the company's hub first wakes, so its copy of the company is read with no plan.
    await control.update(companies).set({ planId: null }).where(eq(companies.id, company.id));
    const admin = await createUser(company.id, { profile: "admin" });
    const res = await call("POST", "/api/users", { token: await loginAs(admin.email, PASSWORD), body: { name: "Free", email: email(), password: "Abcdef12" } });
    expect(res.status).toBe(201);
  });
});
