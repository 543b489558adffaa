import { and, count, eq, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_QUEUE_SCHEDULES } from "../../contracts/queues";
import { prompts, queueIntegrations, queueOptions, queues, tickets, userQueues } from "../../db/tenant";
import { call, companyWithTeam, createPlan, createQueue, inHub, inTenant, testEnv } from "../../testing/fixtures";
import { createConnection, createContact, createTicketRow } from "../../testing/inbox";
import { expectDownload, expectInline, HOSTILE_FILES, PNG } from "../../testing/media";
import { formWithFile, rawCall } from "../../testing/records";
import { connect } from "../../testing/sockets";

type Team = Awaited<ReturnType<typeof companyWithTeam>>;
let teamA: Team;
let teamB: Team;
beforeAll(async () => {
  teamA = await companyWithTeam();
  teamB = await companyWithTeam();
});

let seq = 0;
const uniqueName = (prefix = "Fila") => `${prefix} ${Date.now().toString(36)}${++seq}`;
/** A colour no other test uses. */
const uniqueColor = () => `#${(0xa00000 + ++seq * 97).toString(16).slice(-6).toUpperCase()}`;
/** Rows are read in their own company's database (each row names its company). */
type Row = { id: number; companyId: number };
const queueRow = (queue: Row) => inTenant(queue.companyId, (db) => db.select().from(queues).where(eq(queues.id, queue.id)).get());
const optionRow = (option: Row) => inTenant(option.companyId, (db) => db.select().from(queueOptions).where(eq(queueOptions.id, option.id)).get());
const queueCount = async (companyId: number) =>
  (await inTenant(companyId, (db) => db.select({ n: count() }).from(queues).where(eq(queues.companyId, companyId)).get()))!.n;
const optionCount = async (queue: Row) =>
  (await inTenant(queue.companyId, (db) => db.select({ n: count() }).from(queueOptions).where(eq(queueOptions.queueId, queue.id)).get()))!.n;

async function addOption(queueId: number, companyId: number, values: { parentId?: number | null; option: string; title?: string; mediaPath?: string }) {
  return inTenant(companyId, (db) =>
    db
      .insert(queueOptions)
      .values({ companyId, queueId, parentId: values.parentId ?? null, option: values.option, title: values.title ?? `Opção ${values.option}`, mediaPath: values.mediaPath })
      .returning()
      .get(),
  );
}

/** The ordinals and titles of one level of a queue's menu, as stored. */
async function level(queue: Row, parentId: number | null) {
  const rows = await inTenant(queue.companyId, (db) =>
    db
      .select({ option: queueOptions.option, title: queueOptions.title })
      .from(queueOptions)
      .where(and(eq(queueOptions.queueId, queue.id), parentId === null ? isNull(queueOptions.parentId) : eq(queueOptions.parentId, parentId)))
      .all(),
  );
  return rows.sort((a, b) => Number(a.option) - Number(b.option)).map((r) => `${r.option} ${r.title}`);
}

const upload = (path: string, token: string, content: BlobPart, name = "boas vindas.png", type = "image/png") =>
  call("POST", path, { token, rawBody: formWithFile("file", content, name, type) });

const validQueue = () => ({ name: uniqueName(), color: uniqueColor() });

describe("GET /api/queue", () => {
  it("lists the company's queues to any user, ordered by orderQueue (unordered last) then name", async () => {
    const { company, agent } = await companyWithTeam();
    const last = await createQueue(company.id, { name: "Zeta", orderQueue: null });
    const second = await createQueue(company.id, { name: "Beta", orderQueue: 2, greetingMessage: "Olá!" });
    const first = await createQueue(company.id, { name: "Alfa", orderQueue: 1 });
    await createQueue(teamB.company.id, { name: "De outra" });
    const res = await call("GET", "/api/queue", { token: agent.token });
    expect(res.status).toBe(200);
    expect(res.json.map((q: { id: number }) => q.id)).toEqual([first.id, second.id, last.id]);
    expect(res.json[1]).toEqual({
      id: second.id,
      name: "Beta",
      color: second.color,
      orderQueue: 2,
      greetingMessage: "Olá!",
      outOfHoursMessage: "",
      schedules: [],
      integrationId: null,
      promptId: null,
      mediaPath: null,
      mediaName: null,
      assignmentMode: "off",
      slaFirstResponseMinutes: null,
      slaResolutionMinutes: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await call("GET", "/api/queue")).status).toBe(401);
  });
});

describe("GET /api/queue/:id", () => {
  it("shows the queue with its option tree in ordinal order, and 404 to another company", async () => {
    const queue = await createQueue(teamA.company.id);
    const top2 = await addOption(queue.id, teamA.company.id, { option: "2", title: "Suporte" });
    const top1 = await addOption(queue.id, teamA.company.id, { option: "1", title: "Vendas" });
    const child = await addOption(queue.id, teamA.company.id, { option: "1", title: "Planos", parentId: top1.id });
    const res = await call("GET", `/api/queue/${queue.id}`, { token: teamA.agent.token });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: queue.id, name: queue.name });
    expect(res.json.options).toEqual([
      {
        id: top1.id,
        queueId: queue.id,
        parentId: null,
        option: "1",
        title: "Vendas",
        message: "",
        mediaPath: null,
        mediaName: null,
        fileListId: null,
        marketingConsent: null,
        children: [expect.objectContaining({ id: child.id, parentId: top1.id, option: "1", title: "Planos", children: [] })],
      },
      expect.objectContaining({ id: top2.id, option: "2", children: [] }),
    ]);
    const other = await call("GET", `/api/queue/${queue.id}`, { token: teamB.admin.token });
    expect(other.status).toBe(404);
    expect(other.json.error).toBe("ERR_NO_QUEUE_FOUND");
    expect((await call("GET", `/api/queue/${queue.id}`)).status).toBe(401);
  });
});

describe("POST /api/queue", () => {
  it("lets an admin add a queue with the spec's default service hours and no options", async () => {
    const { company, admin } = await companyWithTeam();
    const res = await call("POST", "/api/queue", {
      token: admin.token,
      body: { name: "  Vendas ", color: "#16A34A", orderQueue: 1, greetingMessage: "Bem-vindo às Vendas!", outOfHoursMessage: "Voltamos às 8h." },
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      id: expect.any(Number),
      name: "Vendas",
      color: "#16A34A",
      orderQueue: 1,
      greetingMessage: "Bem-vindo às Vendas!",
      outOfHoursMessage: "Voltamos às 8h.",
      integrationId: null,
      promptId: null,
      mediaPath: null,
      options: [],
    });
    expect(res.json.schedules).toEqual(DEFAULT_QUEUE_SCHEDULES);
    expect(res.json.schedules[6]).toEqual({ weekday: "Domingo", weekdayEn: "sunday", startTime: "00:00", endTime: "00:00" });
    expect((await queueRow({ companyId: company.id, id: res.json.id }))?.companyId).toBe(company.id);
  });

  it("takes the service hours it is given: overnight shifts, and days without times", async () => {
    const schedules = [
      { weekday: "Segunda-feira", weekdayEn: "monday", startTime: "09:30", endTime: "17:00" },
      { weekday: "Sexta-feira", weekdayEn: "friday", startTime: "22:00", endTime: "06:00" },
      { weekday: "Domingo", weekdayEn: "sunday", startTime: "", endTime: "" },
    ];
    const res = await call("POST", "/api/queue", { token: teamA.admin.token, body: { ...validQueue(), schedules } });
    expect(res.status).toBe(201);
    expect((await queueRow({ companyId: teamA.company.id, id: res.json.id }))?.schedules).toEqual(schedules);
  });

  it("names the invalid fields with the form's messages and writes nothing", async () => {
    const { company, admin } = await companyWithTeam();
    const missing = await call("POST", "/api/queue", { token: admin.token, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({ error: "ERR_VALIDATION", fields: { name: "Required", color: "Required" } });
    const bad = await call("POST", "/api/queue", {
      token: admin.token,
      body: {
        name: "A",
        color: "red",
        orderQueue: -1,
        greetingMessage: 5,
        integrationId: "x",
        schedules: [
          { weekday: "Segunda-feira", weekdayEn: "monday", startTime: "25:00", endTime: "18:00" },
          { weekday: "Terça-feira", weekdayEn: "tuesday", startTime: "18:00", endTime: "" },
          { weekday: "Quarta-feira", weekdayEn: "someday", startTime: "08:00", endTime: "18:00" },
        ],
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toEqual({
      name: "Too Short!",
      color: "Must be a colour like #A4CCCC",
      orderQueue: "Must be 0 or more",
      greetingMessage: "Must be text",
      integrationId: "Must be an id",
      "schedules.0.startTime": "Must be a time HH:MM",
      "schedules.1.endTime": "Give both times or neither",
      "schedules.2.weekdayEn": "Must be an English weekday",
    });
    const long = await call("POST", "/api/queue", { token: admin.token, body: { name: "x".repeat(51), color: "#123" } });
    expect(long.json.fields).toEqual({ name: "Too Long!" });
    const monday = DEFAULT_QUEUE_SCHEDULES[0];
    const twice = await call("POST", "/api/queue", { token: admin.token, body: { name: "Dupla", color: "#321", schedules: [monday, monday] } });
    expect(twice.json.fields).toEqual({ schedules: "Each weekday once" });
    expect(await queueCount(company.id)).toBe(0);
  });

  it("refuses a colour another queue of the company uses (letter case aside) with 409 ERR_QUEUE_COLOR_ALREADY_EXISTS", async () => {
    const { company, admin } = await companyWithTeam();
    const taken = await createQueue(company.id, { color: "#ABCDEF" });
    const res = await call("POST", "/api/queue", { token: admin.token, body: { name: "Nova", color: "#abcdef" } });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ error: "ERR_QUEUE_COLOR_ALREADY_EXISTS", queueId: taken.id });
    expect(await queueCount(company.id)).toBe(1);
    // Another company may use the same colour.
    expect((await call("POST", "/api/queue", { token: teamB.admin.token, body: { name: uniqueName(), color: "#ABCDEF" } })).status).toBe(201);
  });

  it("refuses a name another queue of the company has (letter case aside) with 409 ERR_QUEUE_NAME_ALREADY_EXISTS", async () => {
    const { company, admin } = await companyWithTeam();
    await createQueue(company.id, { name: "Financeiro" });
    const res = await call("POST", "/api/queue", { token: admin.token, body: { name: "FINANCEIRO", color: uniqueColor() } });
    expect(res.status).toBe(409);
    expect(res.json.error).toBe("ERR_QUEUE_NAME_ALREADY_EXISTS");
    expect(await queueCount(company.id)).toBe(1);
  });

  it("refuses a queue beyond the plan's limit with 403 ERR_PLAN_LIMIT_REACHED", async () => {
    const plan = await createPlan({ queues: 2 });
    const { company, admin } = await companyWithTeam({ planId: plan.id });
    await createQueue(company.id);
    expect((await call("POST", "/api/queue", { token: admin.token, body: validQueue() })).status).toBe(201);
    const over = await call("POST", "/api/queue", { token: admin.token, body: validQueue() });
    expect(over.status).toBe(403);
    expect(over.json).toMatchObject({ error: "ERR_PLAN_LIMIT_REACHED", limit: 2, resource: "queues" });
    expect(await queueCount(company.id)).toBe(2);
  });

  it("ends 20 concurrent creations on a plan of 3 queues with exactly 3", async () => {
    const plan = await createPlan({ queues: 3 });
    const { company, admin } = await companyWithTeam({ planId: plan.id });
    const answers = await Promise.all(Array.from({ length: 20 }, () => call("POST", "/api/queue", { token: admin.token, body: validQueue() })));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(3);
    expect(answers.filter((r) => r.status === 403).map((r) => r.json.error)).toEqual(Array(17).fill("ERR_PLAN_LIMIT_REACHED"));
    expect(await queueCount(company.id)).toBe(3);
  });

  it("links the company's own integration and prompt, and answers 404 naming the field for another company's", async () => {
    const mine = await inTenant(teamA.company.id, (db) => db.insert(queueIntegrations).values({ companyId: teamA.company.id, name: uniqueName("Typebot") }).returning().get());
    const theirs = await inTenant(teamB.company.id, (db) => db.insert(queueIntegrations).values({ companyId: teamB.company.id, name: uniqueName("Typebot") }).returning().get());
    const myPrompt = await inTenant(teamA.company.id, (db) => db.insert(prompts).values({ companyId: teamA.company.id, name: uniqueName("Prompt"), prompt: "p", apiKey: "k" }).returning().get());
    const theirPrompt = await inTenant(teamB.company.id, (db) => db.insert(prompts).values({ companyId: teamB.company.id, name: uniqueName("Prompt"), prompt: "p", apiKey: "k" }).returning().get());
    const before = await queueCount(teamA.company.id);

    const foreignIntegration = await call("POST", "/api/queue", { token: teamA.admin.token, body: { ...validQueue(), integrationId: theirs.id } });
    expect(foreignIntegration.status).toBe(404);
    expect(foreignIntegration.json).toMatchObject({ error: "ERR_NO_QUEUE_INTEGRATION_FOUND", fields: { integrationId: "Not found" } });
    const foreignPrompt = await call("POST", "/api/queue", { token: teamA.admin.token, body: { ...validQueue(), promptId: theirPrompt.id } });
    expect(foreignPrompt.status).toBe(404);
    expect(foreignPrompt.json).toMatchObject({ error: "ERR_NO_PROMPT_FOUND", fields: { promptId: "Not found" } });
    expect(await queueCount(teamA.company.id)).toBe(before);

    const ok = await call("POST", "/api/queue", { token: teamA.admin.token, body: { ...validQueue(), integrationId: mine.id, promptId: myPrompt.id } });
    expect(ok.status).toBe(201);
    expect(ok.json).toMatchObject({ integrationId: mine.id, promptId: myPrompt.id });
  });

  it("refuses supervisors and agents with 403 and writes nothing", async () => {
    const before = await queueCount(teamA.company.id);
    for (const who of [teamA.supervisor, teamA.agent]) {
      const res = await call("POST", "/api/queue", { token: who.token, body: validQueue() });
      expect(res.status).toBe(403);
      expect(res.json.error).toBe("ERR_NO_PERMISSION");
    }
    expect((await call("POST", "/api/queue", { body: validQueue() })).status).toBe(401);
    expect(await queueCount(teamA.company.id)).toBe(before);
  });

  it("tells the company's open tabs, and no other company's", async () => {
    const mine = await connect(teamA.agent.token);
    const other = await connect(teamB.agent.token);
    const res = await call("POST", "/api/queue", { token: teamA.admin.token, body: validQueue() });
    const event = await mine.next((e) => e.type === "queue" && e.action === "create");
    expect(event).toMatchObject({ queue: { id: res.json.id, name: res.json.name, color: res.json.color, options: [] } });
    expect((await other.quiet()).some((e) => e.type === "queue")).toBe(false);
  });
});

describe("PUT /api/queue/:id", () => {
  it("changes the given fields, replaces the service hours and clears a link with null", async () => {
    const integration = await inTenant(teamA.company.id, (db) => db.insert(queueIntegrations).values({ companyId: teamA.company.id, name: uniqueName("n8n") }).returning().get());
    const queue = await createQueue(teamA.company.id, { integrationId: integration.id, schedules: DEFAULT_QUEUE_SCHEDULES });
    const schedules = [{ weekday: "Sábado", weekdayEn: "saturday", startTime: "10:00", endTime: "14:00" }];
    const res = await call("PUT", `/api/queue/${queue.id}`, {
      token: teamA.admin.token,
      body: { greetingMessage: "Nova saudação", schedules, integrationId: null, color: queue.color.toLowerCase() },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: queue.id, name: queue.name, greetingMessage: "Nova saudação", schedules, integrationId: null, options: [] });
    // Its own colour in another letter case is not a conflict.
    expect((await queueRow(queue))?.color).toBe(queue.color.toLowerCase());
  });

  it("refuses another queue's colour or name with 409, and invalid fields with 400, changing nothing", async () => {
    const taken = await createQueue(teamA.company.id);
    const queue = await createQueue(teamA.company.id);
    const color = await call("PUT", `/api/queue/${queue.id}`, { token: teamA.admin.token, body: { color: taken.color } });
    expect(color.status).toBe(409);
    expect(color.json.error).toBe("ERR_QUEUE_COLOR_ALREADY_EXISTS");
    const name = await call("PUT", `/api/queue/${queue.id}`, { token: teamA.admin.token, body: { name: taken.name.toUpperCase() } });
    expect(name.status).toBe(409);
    expect(name.json.error).toBe("ERR_QUEUE_NAME_ALREADY_EXISTS");
    const bad = await call("PUT", `/api/queue/${queue.id}`, { token: teamA.admin.token, body: { name: "", color: "#12" } });
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toEqual({ name: "Required", color: "Must be a colour like #A4CCCC" });
    expect(await queueRow(queue)).toMatchObject({ name: queue.name, color: queue.color });
  });

  it("publishes the change to the company", async () => {
    const queue = await createQueue(teamA.company.id);
    const socket = await connect(teamA.agent.token);
    await call("PUT", `/api/queue/${queue.id}`, { token: teamA.admin.token, body: { greetingMessage: "Ao vivo" } });
    expect(await socket.next((e) => e.type === "queue" && e.action === "update")).toMatchObject({ queue: { id: queue.id, greetingMessage: "Ao vivo" } });
  });

  it("sets and clears the service-level targets (admins only), and the next ticket in the queue runs on them", async () => {
    const queue = await createQueue(teamA.company.id);
    const targets = { slaFirstResponseMinutes: 15, slaResolutionMinutes: 480 };
    for (const token of [teamA.supervisor.token, teamA.agent.token]) {
      expect((await call("PUT", `/api/queue/${queue.id}`, { token, body: targets })).status).toBe(403);
    }
    expect((await call("PUT", `/api/queue/${queue.id}`, { token: teamB.admin.token, body: targets })).status).toBe(404);
    const bad = await call("PUT", `/api/queue/${queue.id}`, { token: teamA.admin.token, body: { slaFirstResponseMinutes: 0, slaResolutionMinutes: 1.5, greetingMessage: "x" } });
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toEqual({ slaFirstResponseMinutes: "Must be at least 1 minute", slaResolutionMinutes: "Must be a whole number of minutes" });
    expect(await queueRow(queue)).toMatchObject({ slaFirstResponseMinutes: null, slaResolutionMinutes: null, greetingMessage: queue.greetingMessage });

    const res = await call("PUT", `/api/queue/${queue.id}`, { token: teamA.admin.token, body: targets });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject(targets);
    const contact = await createContact(teamA.company.id);
    await createConnection(teamA.company.id);
    const opened = await call("POST", "/api/tickets", { token: teamA.admin.token, body: { contactId: contact.id, queueId: queue.id } });
    await inHub(teamA.company.id, (hub) => hub.settled());
    const ticket = await inTenant(teamA.company.id, (db) => db.select().from(tickets).where(eq(tickets.id, opened.json.id)).get());
    expect(ticket!.firstResponseDueAt!.getTime() - ticket!.slaStartedAt!.getTime()).toBe(15 * 60_000);

    const cleared = await call("PUT", `/api/queue/${queue.id}`, { token: teamA.admin.token, body: { slaFirstResponseMinutes: null, slaResolutionMinutes: null } });
    expect(cleared.json).toMatchObject({ slaFirstResponseMinutes: null, slaResolutionMinutes: null });
  });
});

describe("DELETE /api/queue/:id", () => {
  it("deletes the queue with its options, links and attachments; tickets stay without a queue; tells the company", async () => {
    const { company, admin, agent } = await companyWithTeam();
    const queue = await createQueue(company.id);
    await inTenant(company.id, (db) => db.insert(userQueues).values({ userId: agent.id, queueId: queue.id }).run());
    const contact = await createContact(company.id);
    const ticket = await createTicketRow(company.id, { contactId: contact.id, queueId: queue.id });
    const up = await upload(`/api/queue/${queue.id}/media-upload`, admin.token, "img");
    expect(up.status).toBe(200);
    const top = await addOption(queue.id, company.id, { option: "1" });
    await addOption(queue.id, company.id, { option: "1", parentId: top.id });
    const optionUp = await upload(`/api/queue-options/${top.id}/media-upload`, admin.token, "doc", "menu.pdf", "application/pdf");
    expect(optionUp.status).toBe(200);
    const keys = [(await queueRow(queue))!.mediaPath!, (await optionRow(top))!.mediaPath!];

    const socket = await connect(agent.token);
    const res = await call("DELETE", `/api/queue/${queue.id}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(await queueRow(queue)).toBeUndefined();
    expect(await optionCount(queue)).toBe(0);
    expect(await inTenant(company.id, (db) => db.select().from(userQueues).where(eq(userQueues.queueId, queue.id)).all())).toEqual([]);
    expect((await inTenant(company.id, (db) => db.select().from(tickets).where(eq(tickets.id, ticket.id)).get()))?.queueId).toBeNull();
    for (const key of keys) expect(await testEnv.MEDIA.head(key)).toBeNull();
    expect(await socket.next((e) => e.type === "queue" && e.action === "delete")).toEqual({ type: "queue", action: "delete", queueId: queue.id });
    expect((await call("GET", `/api/queue/${queue.id}`, { token: admin.token })).status).toBe(404);
  });
});

describe("queue routes by id", () => {
  it("answer 404 to another company's admin on every id route, changing nothing", async () => {
    const queue = await createQueue(teamA.company.id);
    const option = await addOption(queue.id, teamA.company.id, { option: "1", title: "Intocada" });
    const token = teamB.admin.token;
    const answers = [
      await call("GET", `/api/queue/${queue.id}`, { token }),
      await call("PUT", `/api/queue/${queue.id}`, { token, body: { name: "Invadida" } }),
      await call("DELETE", `/api/queue/${queue.id}`, { token }),
      await upload(`/api/queue/${queue.id}/media-upload`, token, "x"),
      await call("DELETE", `/api/queue/${queue.id}/media-upload`, { token }),
      await call("GET", `/api/queue/${queue.id}/media`, { token }),
      await call("GET", `/api/queue-options?queueId=${queue.id}`, { token }),
      await call("POST", "/api/queue-options", { token, body: { queueId: queue.id, title: "Invasora" } }),
      await call("PUT", `/api/queue-options/${option.id}`, { token, body: { title: "Invadida" } }),
      await call("DELETE", `/api/queue-options/${option.id}`, { token }),
      await upload(`/api/queue-options/${option.id}/media-upload`, token, "x"),
      await call("DELETE", `/api/queue-options/${option.id}/media-upload`, { token }),
      await call("GET", `/api/queue-options/${option.id}/media`, { token }),
    ];
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 404));
    expect(await queueRow(queue)).toMatchObject({ name: queue.name, mediaPath: null });
    expect(await optionRow(option)).toMatchObject({ title: "Intocada", mediaPath: null });
    expect(await optionCount(queue)).toBe(1);
  });

  it("answer 403 to supervisors and agents on every write, changing nothing", async () => {
    const queue = await createQueue(teamA.company.id);
    const option = await addOption(queue.id, teamA.company.id, { option: "1", title: "Intocada", mediaPath: "companies/x/keep" });
    for (const who of [teamA.supervisor, teamA.agent]) {
      const token = who.token;
      const answers = [
        await call("PUT", `/api/queue/${queue.id}`, { token, body: { name: "Mudada" } }),
        await call("DELETE", `/api/queue/${queue.id}`, { token }),
        await upload(`/api/queue/${queue.id}/media-upload`, token, "x"),
        await call("DELETE", `/api/queue/${queue.id}/media-upload`, { token }),
        await call("POST", "/api/queue-options", { token, body: { queueId: queue.id, title: "Nova" } }),
        await call("PUT", `/api/queue-options/${option.id}`, { token, body: { title: "Mudada" } }),
        await call("DELETE", `/api/queue-options/${option.id}`, { token }),
        await upload(`/api/queue-options/${option.id}/media-upload`, token, "x"),
        await call("DELETE", `/api/queue-options/${option.id}/media-upload`, { token }),
      ];
      expect(answers.map((r) => r.status)).toEqual(answers.map(() => 403));
      expect(answers.every((r) => r.json.error === "ERR_NO_PERMISSION")).toBe(true);
    }
    expect(await queueRow(queue)).toMatchObject({ name: queue.name, mediaPath: null });
    expect(await optionRow(option)).toMatchObject({ title: "Intocada", mediaPath: "companies/x/keep" });
    expect(await optionCount(queue)).toBe(1);
    // Reads stay open to everyone of the company (selectors, the inbox).
    expect((await call("GET", `/api/queue/${queue.id}`, { token: teamA.agent.token })).status).toBe(200);
    expect((await call("GET", `/api/queue-options?queueId=${queue.id}`, { token: teamA.agent.token })).status).toBe(200);
  });
});

describe("POST and DELETE /api/queue/:id/media-upload, GET /api/queue/:id/media", () => {
  it("stores the greeting's attachment under the company's prefix, serves it, replaces it and removes it", async () => {
    const queue = await createQueue(teamA.company.id);
    const res = await upload(`/api/queue/${queue.id}/media-upload`, teamA.admin.token, PNG, "boas vindas.png", "image/png");
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: queue.id, mediaName: "boas_vindas.png", mediaPath: `/api/queue/${queue.id}/media`, options: [] });
    const key = (await queueRow(queue))!.mediaPath!;
    expect(key).toBe(`companies/${teamA.company.id}/queues/${queue.id}/media/boas_vindas.png`);

    const served = await rawCall("GET", `/api/queue/${queue.id}/media`, teamA.agent.token);
    expectInline(served, "image/png");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);

    await upload(`/api/queue/${queue.id}/media-upload`, teamA.admin.token, "%PDF", "tabela.pdf", "application/pdf");
    expect(await testEnv.MEDIA.head(key)).toBeNull();
    const replaced = (await queueRow(queue))!;
    expect(replaced.mediaName).toBe("tabela.pdf");

    const removed = await call("DELETE", `/api/queue/${queue.id}/media-upload`, { token: teamA.admin.token });
    expect(removed.status).toBe(200);
    expect(removed.json).toMatchObject({ mediaPath: null, mediaName: null });
    expect(await testEnv.MEDIA.head(replaced.mediaPath!)).toBeNull();
    expect((await call("DELETE", `/api/queue/${queue.id}/media-upload`, { token: teamA.admin.token })).json.error).toBe("ERR_NO_MEDIA_FOUND");
    expect((await call("GET", `/api/queue/${queue.id}/media`, { token: teamA.admin.token })).status).toBe(404);
  });

  it("refuses a type WhatsApp cannot take with 400 and a file over 16 MB with 413, storing nothing", async () => {
    const queue = await createQueue(teamA.company.id);
    const type = await upload(`/api/queue/${queue.id}/media-upload`, teamA.admin.token, "<script>", "page.html", "text/html");
    expect(type.status).toBe(400);
    expect(type.json).toMatchObject({ error: "ERR_UNSUPPORTED_MEDIA_TYPE", mimetype: "text/html" });
    const big = await upload(`/api/queue/${queue.id}/media-upload`, teamA.admin.token, new Uint8Array(16 * 1024 * 1024 + 1), "video.mp4", "video/mp4");
    expect(big.status).toBe(413);
    expect(big.json).toMatchObject({ error: "ERR_PAYLOAD_TOO_LARGE", limit: 16 * 1024 * 1024 });
    const none = await call("POST", `/api/queue/${queue.id}/media-upload`, { token: teamA.admin.token, rawBody: new FormData() });
    expect(none.status).toBe(400);
    expect((await queueRow(queue))?.mediaPath).toBeNull();
    const listed = await testEnv.MEDIA.list({ prefix: `companies/${teamA.company.id}/queues/${queue.id}/` });
    expect(listed.objects).toEqual([]);
  });

  it("publishes the attachment change", async () => {
    const queue = await createQueue(teamA.company.id);
    const socket = await connect(teamA.agent.token);
    await upload(`/api/queue/${queue.id}/media-upload`, teamA.admin.token, "x", "a.jpg", "image/jpeg");
    expect(await socket.next((e) => e.type === "queue" && e.action === "update")).toMatchObject({ queue: { id: queue.id, mediaName: "a.jpg" } });
  });
});

describe("GET /api/queue-options", () => {
  it("answers one level of the menu (-1 or nothing for the top), each option with its subtree", async () => {
    const queue = await createQueue(teamA.company.id);
    const top = await addOption(queue.id, teamA.company.id, { option: "1", title: "Vendas" });
    const child = await addOption(queue.id, teamA.company.id, { option: "1", title: "Planos", parentId: top.id });
    const grandchild = await addOption(queue.id, teamA.company.id, { option: "1", title: "Básico", parentId: child.id });
    const res = await call("GET", `/api/queue-options?queueId=${queue.id}&parentId=-1`, { token: teamA.agent.token });
    expect(res.status).toBe(200);
    expect(res.json).toHaveLength(1);
    expect(res.json[0].children[0].children[0]).toMatchObject({ id: grandchild.id, title: "Básico" });
    expect((await call("GET", `/api/queue-options?queueId=${queue.id}`, { token: teamA.agent.token })).json).toEqual(res.json);
    const level2 = await call("GET", `/api/queue-options?queueId=${queue.id}&parentId=${top.id}`, { token: teamA.agent.token });
    expect(level2.json.map((o: { id: number }) => o.id)).toEqual([child.id]);
  });

  it("names a missing or invalid queueId, and 404 for an option of another queue", async () => {
    const queue = await createQueue(teamA.company.id);
    const elsewhere = await createQueue(teamA.company.id);
    const foreign = await addOption(elsewhere.id, teamA.company.id, { option: "1" });
    const missing = await call("GET", "/api/queue-options", { token: teamA.agent.token });
    expect(missing.status).toBe(400);
    expect(missing.json.fields).toHaveProperty("queueId");
    const badParent = await call("GET", `/api/queue-options?queueId=${queue.id}&parentId=0`, { token: teamA.agent.token });
    expect(badParent.json.fields).toEqual({ parentId: "Must be an option id or -1" });
    const wrongQueue = await call("GET", `/api/queue-options?queueId=${queue.id}&parentId=${foreign.id}`, { token: teamA.agent.token });
    expect(wrongQueue.status).toBe(404);
    expect(wrongQueue.json.error).toBe("ERR_NO_QUEUE_OPTION_FOUND");
    expect((await call("GET", `/api/queue-options?queueId=${queue.id}`)).status).toBe(401);
  });
});

describe("POST /api/queue-options", () => {
  it("adds options after their siblings, numbering each level on its own", async () => {
    const queue = await createQueue(teamA.company.id);
    const add = (body: Record<string, unknown>) => call("POST", "/api/queue-options", { token: teamA.admin.token, body: { queueId: queue.id, ...body } });
    const first = await add({ title: "Vendas", message: "Escolha um plano", option: "9" });
    expect(first.status).toBe(201);
    expect(first.json).toEqual({
      id: expect.any(Number),
      queueId: queue.id,
      parentId: null,
      option: "1",
      title: "Vendas",
      message: "Escolha um plano",
      mediaPath: null,
      mediaName: null,
      fileListId: null,
      marketingConsent: null,
      children: [],
    });
    expect((await add({ title: "Suporte", parentId: -1 })).json.option).toBe("2");
    const child = await add({ title: "Plano Básico", parentId: first.json.id });
    expect(child.json).toMatchObject({ parentId: first.json.id, option: "1" });
    expect((await add({ title: "Plano Completo", parentId: first.json.id })).json.option).toBe("2");
    expect(await level(queue, null)).toEqual(["1 Vendas", "2 Suporte"]);
    expect(await level(queue, first.json.id)).toEqual(["1 Plano Básico", "2 Plano Completo"]);
  });

  it("names invalid fields, and 404 for a parent in another queue, writing nothing", async () => {
    const queue = await createQueue(teamA.company.id);
    const elsewhere = await createQueue(teamA.company.id);
    const foreign = await addOption(elsewhere.id, teamA.company.id, { option: "1" });
    const bad = await call("POST", "/api/queue-options", { token: teamA.admin.token, body: { queueId: "x", title: "  ", parentId: 0 } });
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toEqual({ queueId: "Must be an id", title: "Required", parentId: expect.any(String) });
    const wrongParent = await call("POST", "/api/queue-options", { token: teamA.admin.token, body: { queueId: queue.id, title: "Filha", parentId: foreign.id } });
    expect(wrongParent.status).toBe(404);
    expect(wrongParent.json).toMatchObject({ error: "ERR_NO_QUEUE_OPTION_FOUND", fields: { parentId: "Not found" } });
    expect(await optionCount(queue)).toBe(0);
  });

  it("publishes the queue with its new tree", async () => {
    const queue = await createQueue(teamA.company.id);
    const socket = await connect(teamA.admin.token);
    const res = await call("POST", "/api/queue-options", { token: teamA.admin.token, body: { queueId: queue.id, title: "Ao vivo" } });
    const event = await socket.next((e) => e.type === "queue" && e.action === "update");
    expect(event).toMatchObject({ queue: { id: queue.id, options: [{ id: res.json.id, option: "1", title: "Ao vivo" }] } });
  });
});

describe("PUT /api/queue-options/:id", () => {
  it("edits the title and message, keeping the ordinal and the children", async () => {
    const queue = await createQueue(teamA.company.id);
    const top = await addOption(queue.id, teamA.company.id, { option: "1", title: "Antes" });
    const child = await addOption(queue.id, teamA.company.id, { option: "1", parentId: top.id });
    const res = await call("PUT", `/api/queue-options/${top.id}`, { token: teamA.admin.token, body: { title: " Depois ", message: "Nova mensagem", option: "7" } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: top.id, option: "1", title: "Depois", message: "Nova mensagem", children: [expect.objectContaining({ id: child.id })] });
    const bad = await call("PUT", `/api/queue-options/${top.id}`, { token: teamA.admin.token, body: { title: "" } });
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toEqual({ title: "Required" });
    expect((await optionRow(top))?.title).toBe("Depois");
  });
});

describe("DELETE /api/queue-options/:id", () => {
  it("renumbers the remaining siblings 1…n and answers the tree as it now stands", async () => {
    const queue = await createQueue(teamA.company.id);
    const one = await addOption(queue.id, teamA.company.id, { option: "1", title: "A" });
    await addOption(queue.id, teamA.company.id, { option: "2", title: "B" });
    await addOption(queue.id, teamA.company.id, { option: "3", title: "C" });
    const nested = await addOption(queue.id, teamA.company.id, { option: "1", title: "Sub", parentId: one.id });
    const nested2 = await addOption(queue.id, teamA.company.id, { option: "2", title: "Sub2", parentId: one.id });

    const socket = await connect(teamA.agent.token);
    const res = await call("DELETE", `/api/queue-options/${nested.id}`, { token: teamA.admin.token });
    expect(res.status).toBe(200);
    expect(await level(queue, one.id)).toEqual(["1 Sub2"]);
    expect(await level(queue, null)).toEqual(["1 A", "2 B", "3 C"]);
    expect(await socket.next((e) => e.type === "queue" && e.action === "update")).toMatchObject({ queue: { id: queue.id } });

    const middle = (await inTenant(queue.companyId, (db) => db.select().from(queueOptions).where(and(eq(queueOptions.queueId, queue.id), eq(queueOptions.title, "B"))).get()))!;
    const again = await call("DELETE", `/api/queue-options/${middle.id}`, { token: teamA.admin.token });
    expect(await level(queue, null)).toEqual(["1 A", "2 C"]);
    expect(again.json.options.map((o: { option: string; title: string }) => `${o.option} ${o.title}`)).toEqual(["1 A", "2 C"]);
    expect(again.json.options[0].children).toEqual([expect.objectContaining({ id: nested2.id, option: "1" })]);
  });

  it("deletes the option's whole subtree and its attachments, leaving other branches alone", async () => {
    const queue = await createQueue(teamA.company.id);
    const doomed = await addOption(queue.id, teamA.company.id, { option: "1", title: "Apagar" });
    const kept = await addOption(queue.id, teamA.company.id, { option: "2", title: "Manter" });
    const child = await addOption(queue.id, teamA.company.id, { option: "1", parentId: doomed.id });
    const grandchild = await addOption(queue.id, teamA.company.id, { option: "1", parentId: child.id });
    const keptChild = await addOption(queue.id, teamA.company.id, { option: "1", parentId: kept.id });
    expect((await upload(`/api/queue-options/${grandchild.id}/media-upload`, teamA.admin.token, "x", "neta.jpg", "image/jpeg")).status).toBe(200);
    const key = (await optionRow(grandchild))!.mediaPath!;

    const res = await call("DELETE", `/api/queue-options/${doomed.id}`, { token: teamA.admin.token });
    expect(res.status).toBe(200);
    for (const option of [doomed, child, grandchild]) expect(await optionRow(option)).toBeUndefined();
    expect(await testEnv.MEDIA.head(key)).toBeNull();
    expect(await level(queue, null)).toEqual(["1 Manter"]);
    expect(await optionRow(keptChild)).toMatchObject({ parentId: kept.id, option: "1" });
    expect(res.json.options).toEqual([expect.objectContaining({ id: kept.id, option: "1", children: [expect.objectContaining({ id: keptChild.id })] })]);
  });
});

describe("GET /api/queue/:id/media and GET /api/queue-options/:id/media", () => {
  const disguised = HOSTILE_FILES.find((f) => f.mimetype === "image/png")!;

  it("serves an attachment whose bytes are HTML under image/png as a sandboxed download, never as a page", async () => {
    const queue = await createQueue(teamA.company.id);
    const option = await addOption(queue.id, teamA.company.id, { option: "1" });
    expect((await upload(`/api/queue/${queue.id}/media-upload`, teamA.admin.token, disguised.text, disguised.filename, disguised.mimetype)).status).toBe(200);
    expect((await upload(`/api/queue-options/${option.id}/media-upload`, teamA.admin.token, disguised.text, disguised.filename, disguised.mimetype)).status).toBe(200);
    for (const path of [`/api/queue/${queue.id}/media`, `/api/queue-options/${option.id}/media`]) {
      const res = await rawCall("GET", path, teamA.agent.token);
      expectDownload(res, disguised.filename);
      expect(await res.text()).toBe(disguised.text);
    }
  });

  it("shows a real image inline under its own type, sandboxed all the same", async () => {
    const queue = await createQueue(teamA.company.id);
    const option = await addOption(queue.id, teamA.company.id, { option: "1" });
    await upload(`/api/queue-options/${option.id}/media-upload`, teamA.admin.token, PNG, "menu.png", "image/png");
    const res = await rawCall("GET", `/api/queue-options/${option.id}/media`, teamA.agent.token);
    expectInline(res, "image/png");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG);
  });
});

describe("POST and DELETE /api/queue-options/:id/media-upload", () => {
  it("stores the option's attachment under the queue's prefix, serves it and removes it", async () => {
    const queue = await createQueue(teamA.company.id);
    const option = await addOption(queue.id, teamA.company.id, { option: "1" });
    const res = await upload(`/api/queue-options/${option.id}/media-upload`, teamA.admin.token, "%PDF-1.4", "tabela de preços.pdf", "application/pdf");
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: option.id, mediaName: "tabela_de_preços.pdf", mediaPath: `/api/queue-options/${option.id}/media` });
    const key = (await optionRow(option))!.mediaPath!;
    expect(key).toBe(`companies/${teamA.company.id}/queues/${queue.id}/options/${option.id}/tabela_de_preços.pdf`);
    const served = await rawCall("GET", `/api/queue-options/${option.id}/media`, teamA.agent.token);
    // A PDF is a download: Chromium's viewer would run its JavaScript.
    expectDownload(served, "tabela_de_preços.pdf");
    expect(new TextDecoder().decode(await served.arrayBuffer())).toBe("%PDF-1.4");

    const refused = await upload(`/api/queue-options/${option.id}/media-upload`, teamA.admin.token, "MZ", "setup.exe", "application/x-msdownload");
    expect(refused.status).toBe(400);
    expect(refused.json.error).toBe("ERR_UNSUPPORTED_MEDIA_TYPE");
    expect((await optionRow(option))?.mediaPath).toBe(key);

    const removed = await call("DELETE", `/api/queue-options/${option.id}/media-upload`, { token: teamA.admin.token });
    expect(removed.json).toMatchObject({ mediaPath: null, mediaName: null });
    expect(await testEnv.MEDIA.head(key)).toBeNull();
  });
});
