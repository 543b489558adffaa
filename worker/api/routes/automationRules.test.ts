import { describe, expect, it } from "vitest";
import { INVALID_PATTERN, NOT_EVERY_RULE, UNKNOWN_REFERENCE, UNSAFE_PATTERN } from "../../contracts/automation/ruleChecks";
import type { AutomationRunDetail } from "../../contracts/views/automation";
import { automationRules, automationRuns, whatsappTemplates } from "../../db/tenant";
import { activeRules } from "../../domain/automation/rules/activeRules";
import { call, companyWithTeam, createQueue, inHub, inTenant } from "../../testing/fixtures";
import { createConnection, createContact, createTicketRow } from "../../testing/inbox";
import { createTag } from "../../testing/records";

type Team = Awaited<ReturnType<typeof companyWithTeam>>;

const rule = (body: Record<string, unknown> = {}) => ({
  name: "Preço",
  trigger: { type: "messageReceived" },
  conditions: [{ field: "messageText", op: "contains", value: "preço" }],
  actions: [{ type: "addNote", body: "Pediu preço" }],
  ...body,
});

async function create(team: Team, body: Record<string, unknown> = {}) {
  const res = await call("POST", "/api/automation-rules", { token: team.admin.token, body: rule(body) });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json;
}

const list = async (team: Team) => (await call("GET", "/api/automation-rules", { token: team.admin.token })).json as { id: number; name: string; position: number }[];

async function logRun(companyId: number, values: { ruleId: number; ticketId?: number | null; outcome?: "acted" | "skipped" | "failed" | "loopGuard"; createdAt?: Date; detail?: AutomationRunDetail[] }) {
  return inTenant(companyId, (db) =>
    db
      .insert(automationRuns)
      .values({ companyId, trigger: "messageReceived", outcome: "acted", detail: [{ code: "action.addNote" }], ...values })
      .returning()
      .get(),
  );
}

describe("POST /api/automation-rules", () => {
  it("appends a rule last, made by the admin, and the list shows the rules in order", async () => {
    const team = await companyWithTeam();
    const first = await create(team, { name: "Primeira" });
    const second = await create(team, { name: "Segunda", enabled: false, trigger: { type: "agentSilent", minutes: 30 } });
    expect(first).toMatchObject({ name: "Primeira", enabled: true, position: 1, trigger: { type: "messageReceived" }, lastRunAt: null, actedLast24h: 0 });
    expect(first.createdBy).toEqual({ id: team.admin.id, name: team.admin.name });
    expect(first.conditions).toEqual([{ field: "messageText", op: "contains", value: "preço", caseSensitive: false }]);
    expect(second).toMatchObject({ position: 2, enabled: false, trigger: { type: "agentSilent", minutes: 30 } });
    expect((await list(team)).map((r) => [r.name, r.position])).toEqual([["Primeira", 1], ["Segunda", 2]]);
  });

  it("names the fields of a bad body and writes nothing", async () => {
    const team = await companyWithTeam();
    const res = await call("POST", "/api/automation-rules", {
      token: team.admin.token,
      body: rule({ name: " ", trigger: { type: "agentSilent" }, actions: [{ type: "setPriority", priority: "whenever" }] }),
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.json.fields)).toEqual(expect.arrayContaining(["name", "trigger.minutes", "actions.0.priority"]));
    expect(await list(team)).toEqual([]);
  });

  it("refuses ids of another company's queue, connection, tag, user or template, naming each field, and writes nothing", async () => {
    const team = await companyWithTeam();
    const other = await companyWithTeam();
    const [ownQueue, otherQueue] = [await createQueue(team.company.id), await createQueue(other.company.id)];
    const otherConnection = await createConnection(other.company.id);
    const [ownTag, otherTag] = [await createTag(team.company.id), await createTag(other.company.id)];
    const otherTemplate = await inTenant(other.company.id, (db) =>
      db
        .insert(whatsappTemplates)
        .values({ companyId: other.company.id, whatsappId: otherConnection.id, metaId: "m1", name: "oi", language: "pt_BR", category: "UTILITY", status: "APPROVED", components: [] })
        .returning()
        .get(),
    );
    const res = await call("POST", "/api/automation-rules", {
      token: team.admin.token,
      body: rule({
        conditions: [
          { field: "queue", op: "in", queueIds: [ownQueue.id, otherQueue.id] },
          { field: "connection", op: "notIn", whatsappIds: [otherConnection.id] },
          { field: "tag", op: "has", tagId: ownTag.id },
          { field: "tag", op: "hasNot", tagId: otherTag.id },
        ],
        actions: [
          { type: "assignAgent", userId: other.agent.id },
          { type: "assignQueue", queueId: otherQueue.id },
          { type: "addTags", tagIds: [ownTag.id] },
          { type: "removeTags", tagIds: [ownTag.id, otherTag.id] },
          { type: "sendTemplate", templateId: otherTemplate.id },
          { type: "assignAgent", userId: team.agent.id },
        ],
      }),
    });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe("ERR_VALIDATION");
    expect(res.json.fields).toEqual({
      "conditions.0.queueIds": UNKNOWN_REFERENCE,
      "conditions.1.whatsappIds": UNKNOWN_REFERENCE,
      "conditions.3.tagId": UNKNOWN_REFERENCE,
      "actions.0.userId": UNKNOWN_REFERENCE,
      "actions.1.queueId": UNKNOWN_REFERENCE,
      "actions.3.tagIds": UNKNOWN_REFERENCE,
      "actions.4.templateId": UNKNOWN_REFERENCE,
    });
    expect(await list(team)).toEqual([]);
  });

  it("takes the company's own references", async () => {
    const team = await companyWithTeam();
    const queue = await createQueue(team.company.id);
    const connection = await createConnection(team.company.id);
    const tag = await createTag(team.company.id);
    const created = await create(team, {
      conditions: [
        { field: "queue", op: "in", queueIds: [queue.id], none: true },
        { field: "connection", op: "in", whatsappIds: [connection.id] },
        { field: "tag", op: "hasNot", tagId: tag.id },
        { field: "contactField", name: "Plano", op: "equals", value: "Ouro" },
        { field: "timeOfDay", from: "18:00", to: "08:00", weekdays: [1, 2, 3, 4, 5] },
        { field: "assigneeProfile", profiles: ["user"], none: true },
      ],
      actions: [
        { type: "assignAgent", userId: team.agent.id },
        { type: "addTags", tagIds: [tag.id] },
        { type: "sendMessage", body: "Já te respondo!" },
      ],
    });
    expect(created.conditions).toHaveLength(6);
    expect(created.actions).toHaveLength(3);
  });

  it("refuses a pattern that does not compile or could run too long on a contact's text", async () => {
    const team = await companyWithTeam();
    const matches = (value: string) => ({ conditions: [{ field: "messageText", op: "matches", value }] });
    const broken = await call("POST", "/api/automation-rules", { token: team.admin.token, body: rule(matches("pre(ço")) });
    expect(broken.status).toBe(400);
    expect(broken.json.fields).toEqual({ "conditions.0.value": INVALID_PATTERN });
    const slow = await call("POST", "/api/automation-rules", { token: team.admin.token, body: rule(matches("^(a+)+$")) });
    expect(slow.status).toBe(400);
    expect(slow.json.fields).toEqual({ "conditions.0.value": UNSAFE_PATTERN });
    expect(await list(team)).toEqual([]);
    expect((await create(team, matches("pre[cç]o|valor\\s+de"))).conditions[0]).toMatchObject({ op: "matches", value: "pre[cç]o|valor\\s+de" });
  });
});

describe("PUT /api/automation-rules/:id", () => {
  it("changes the fields given and keeps the rest and the rule's place", async () => {
    const team = await companyWithTeam();
    await create(team, { name: "A" });
    const b = await create(team, { name: "B" });
    const res = await call("PUT", `/api/automation-rules/${b.id}`, { token: team.admin.token, body: { enabled: false, trigger: { type: "contactSilent", minutes: 60 } } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ name: "B", enabled: false, position: 2, trigger: { type: "contactSilent", minutes: 60 }, actions: b.actions });
    const back = await call("PUT", `/api/automation-rules/${b.id}`, { token: team.admin.token, body: { trigger: { type: "ticketClosed" } } });
    expect(back.json.trigger).toEqual({ type: "ticketClosed" });
  });

  it("writes nothing when a reference is not the company's, or the body is empty", async () => {
    const team = await companyWithTeam();
    const other = await companyWithTeam();
    const otherQueue = await createQueue(other.company.id);
    const r = await create(team);
    const res = await call("PUT", `/api/automation-rules/${r.id}`, {
      token: team.admin.token,
      body: { name: "Nova", actions: [{ type: "close" }, { type: "assignQueue", queueId: otherQueue.id }] },
    });
    expect(res.status).toBe(400);
    expect(res.json.fields).toEqual({ "actions.1.queueId": UNKNOWN_REFERENCE });
    expect((await call("PUT", `/api/automation-rules/${r.id}`, { token: team.admin.token, body: {} })).status).toBe(400);
    expect((await list(team))[0]).toMatchObject({ name: "Preço", actions: r.actions, updatedAt: r.updatedAt });
  });
});

describe("DELETE /api/automation-rules/:id", () => {
  it("deletes the rule with its runs, and the rules after it move up", async () => {
    const team = await companyWithTeam();
    const [a, b, c] = [await create(team, { name: "A" }), await create(team, { name: "B" }), await create(team, { name: "C" })];
    await logRun(team.company.id, { ruleId: b.id });
    await logRun(team.company.id, { ruleId: c.id });
    const res = await call("DELETE", `/api/automation-rules/${b.id}`, { token: team.admin.token });
    expect(res.status).toBe(204);
    expect((await list(team)).map((r) => [r.id, r.position])).toEqual([[a.id, 1], [c.id, 2]]);
    const left = await inTenant(team.company.id, (db) => db.select({ ruleId: automationRuns.ruleId }).from(automationRuns).all());
    expect(left).toEqual([{ ruleId: c.id }]);
  });
});

describe("POST /api/automation-rules/order", () => {
  it("sets the order the rules run in", async () => {
    const team = await companyWithTeam();
    const [a, b, c] = [await create(team, { name: "A" }), await create(team, { name: "B" }), await create(team, { name: "C" })];
    const res = await call("POST", "/api/automation-rules/order", { token: team.admin.token, body: { ids: [c.id, a.id, b.id] } });
    expect(res.status).toBe(200);
    expect(res.json.map((r: { name: string; position: number }) => [r.name, r.position])).toEqual([["C", 1], ["A", 2], ["B", 3]]);
    const enabled = await inHub(team.company.id, (hub) => activeRules(hub.db, team.company.id, "messageReceived").map((r) => r.name));
    expect(enabled).toEqual(["C", "A", "B"]);
  });

  it("refuses a list that misses a rule, repeats one or names another company's, and changes nothing", async () => {
    const team = await companyWithTeam();
    const other = await companyWithTeam();
    const [a, b] = [await create(team, { name: "A" }), await create(team, { name: "B" })];
    const theirs = await create(other);
    for (const ids of [[b.id], [b.id, a.id, a.id], [b.id, theirs.id], [b.id, a.id, theirs.id]]) {
      const res = await call("POST", "/api/automation-rules/order", { token: team.admin.token, body: { ids } });
      expect(res.status, JSON.stringify(ids)).toBe(400);
      expect(res.json.fields).toEqual({ ids: NOT_EVERY_RULE });
    }
    expect((await list(team)).map((r) => r.name)).toEqual(["A", "B"]);
    expect((await list(other)).map((r) => r.position)).toEqual([1]);
  });
});

describe("the hub's enabled rules", () => {
  it("follow every write: made, disabled, enabled, deleted", async () => {
    const team = await companyWithTeam();
    const enabled = () => inHub(team.company.id, (hub) => activeRules(hub.db, team.company.id, "messageReceived").map((r) => r.name));
    expect(await enabled()).toEqual([]);
    const r = await create(team, { name: "A" });
    expect(await enabled()).toEqual(["A"]);
    await call("PUT", `/api/automation-rules/${r.id}`, { token: team.admin.token, body: { enabled: false } });
    expect(await enabled()).toEqual([]);
    await call("PUT", `/api/automation-rules/${r.id}`, { token: team.admin.token, body: { enabled: true, name: "A2" } });
    expect(await enabled()).toEqual(["A2"]);
    await call("DELETE", `/api/automation-rules/${r.id}`, { token: team.admin.token });
    expect(await enabled()).toEqual([]);
  });
});

describe("GET /api/automation-rules", () => {
  it("sums each rule's runs: the last, and those that acted in the last 24 hours", async () => {
    const team = await companyWithTeam();
    const [a, b] = [await create(team, { name: "A" }), await create(team, { name: "B" })];
    const now = Date.now();
    await logRun(team.company.id, { ruleId: a.id, createdAt: new Date(now - 30 * 60 * 60 * 1000) });
    await logRun(team.company.id, { ruleId: a.id, createdAt: new Date(now - 60 * 60 * 1000) });
    await logRun(team.company.id, { ruleId: a.id, outcome: "skipped", createdAt: new Date(now - 60 * 1000) });
    await logRun(team.company.id, { ruleId: a.id, createdAt: new Date(now - 2 * 60 * 1000) });
    const rules = (await call("GET", "/api/automation-rules", { token: team.admin.token })).json;
    expect(rules[0]).toMatchObject({ id: a.id, actedLast24h: 2, lastRunAt: new Date(now - 60 * 1000).toISOString() });
    expect(rules[1]).toMatchObject({ id: b.id, actedLast24h: 0, lastRunAt: null });
  });
});

describe("GET /api/automation-runs", () => {
  it("lists runs newest first by cursor, of a rule, a ticket or an outcome, with the ticket to link to", async () => {
    const team = await companyWithTeam();
    const [a, b] = [await create(team, { name: "A" }), await create(team, { name: "B" })];
    const contact = await createContact(team.company.id, { name: "Maria" });
    const ticket = await createTicketRow(team.company.id, { contactId: contact.id });
    const runs = [];
    for (let i = 0; i < 5; i++) runs.push(await logRun(team.company.id, { ruleId: a.id, ticketId: ticket.id, outcome: i % 2 ? "skipped" : "acted" }));
    await logRun(team.company.id, { ruleId: b.id, ticketId: null, detail: [{ code: "ticketGone" }] });
    const first = await call("GET", `/api/automation-runs?ruleId=${a.id}&limit=2`, { token: team.admin.token });
    expect(first.status).toBe(200);
    expect(first.json.items.map((r: { id: number }) => r.id)).toEqual([runs[4]!.id, runs[3]!.id]);
    expect(first.json.items[0]).toMatchObject({ ruleId: a.id, ruleName: "A", trigger: "messageReceived", outcome: "acted", ticket: { id: ticket.id, uuid: ticket.uuid, contactName: "Maria" }, detail: [{ code: "action.addNote" }] });
    expect(first.json.cursor).toBe(runs[3]!.id);
    const next = await call("GET", `/api/automation-runs?ruleId=${a.id}&limit=2&cursor=${first.json.cursor}`, { token: team.admin.token });
    expect(next.json.items.map((r: { id: number }) => r.id)).toEqual([runs[2]!.id, runs[1]!.id]);
    const last = await call("GET", `/api/automation-runs?ruleId=${a.id}&limit=2&cursor=${next.json.cursor}`, { token: team.admin.token });
    expect(last.json).toMatchObject({ items: [{ id: runs[0]!.id }], cursor: null });
    const skipped = await call("GET", `/api/automation-runs?ruleId=${a.id}&outcome=skipped`, { token: team.admin.token });
    expect(skipped.json.items.map((r: { id: number }) => r.id)).toEqual([runs[3]!.id, runs[1]!.id]);
    const all = await call("GET", "/api/automation-runs", { token: team.admin.token });
    expect(all.json.items).toHaveLength(6);
    expect(all.json.items[0]).toMatchObject({ ruleName: "B", ticket: null });
    const byTicket = await call("GET", `/api/automation-runs?ticketId=${ticket.id}`, { token: team.admin.token });
    expect(byTicket.json.items).toHaveLength(5);
  });

  it("answers 400 to a bad filter or cursor", async () => {
    const team = await companyWithTeam();
    for (const q of ["outcome=great", "cursor=abc", "limit=0", "ruleId=x"]) {
      const res = await call("GET", `/api/automation-runs?${q}`, { token: team.admin.token });
      expect(res.status, q).toBe(400);
    }
  });
});

describe("another company's rules", () => {
  it("are unknown: 404 to edit, delete or read the log of, and absent from the lists", async () => {
    const team = await companyWithTeam();
    const other = await companyWithTeam();
    const theirs = await create(other);
    await logRun(other.company.id, { ruleId: theirs.id });
    for (const [method, path, body] of [
      ["PUT", `/api/automation-rules/${theirs.id}`, { name: "Minha" }],
      ["DELETE", `/api/automation-rules/${theirs.id}`],
      ["GET", `/api/automation-runs?ruleId=${theirs.id}`],
    ] as const) {
      const res = await call(method, path, { token: team.admin.token, body });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect(await list(team)).toEqual([]);
    expect((await call("GET", "/api/automation-runs", { token: team.admin.token })).json).toEqual({ items: [], cursor: null });
    expect((await list(other)).map((r) => r.name)).toEqual(["Preço"]);
  });
});

describe("who may", () => {
  it("is an admin: a supervisor or an agent gets 403 whatever the body", async () => {
    const team = await companyWithTeam();
    const r = await create(team);
    for (const token of [team.supervisor.token, team.agent.token]) {
      for (const [method, path, body] of [
        ["GET", "/api/automation-rules"],
        ["POST", "/api/automation-rules", { bad: true }],
        ["PUT", `/api/automation-rules/${r.id}`, { name: 1 }],
        ["DELETE", `/api/automation-rules/${r.id}`],
        ["POST", "/api/automation-rules/order", { ids: "x" }],
        ["GET", "/api/automation-runs?outcome=nope"],
      ] as const) {
        const res = await call(method, path, { token, body });
        expect(res.status, `${method} ${path}`).toBe(403);
      }
    }
    expect(await inTenant(team.company.id, (db) => db.select().from(automationRules).all())).toHaveLength(1);
  });
});
