import { count, eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { BRIDGE_HEADERS } from "../../contracts/bridge";
import { EMPTY_PATCH } from "../../contracts/patch";
import { connectionRoutes } from "../../db/control";
import { prompts, queueIntegrations, whatsappQueues, whatsapps } from "../../db/tenant";
import { sha256 } from "../../lib/crypto";
import { verifyBridgeRequest } from "../../lib/bridgeSignature";
import { call, companyWithTeam, control, createPlan, createQueue, inTenant, testEnv } from "../../testing/fixtures";
import { bridgeCall } from "../../testing/bridge";
import { createConnection } from "../../testing/inbox";
import { connect } from "../../testing/sockets";

type Team = Awaited<ReturnType<typeof companyWithTeam>>;
let teamA: Team;
let teamB: Team;
beforeAll(async () => {
  teamA = await companyWithTeam();
  teamB = await companyWithTeam();
});

/**
 * The session host, as the worker reaches it (worker/bridge/hostClient.ts). Tests have none: by default every
 * call fails as an unreachable host does; `useHost` plays one, recording the (signed) calls it receives.
 */
interface HostCall {
  method: string;
  path: string;
  body: any;
  signed: boolean;
}
let hostCalls: HostCall[] = [];
function useHost(answer: (c: HostCall) => unknown) {
  const original = globalThis.fetch;
  hostCalls = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const req = new Request(input as RequestInfo, init);
    const url = new URL(req.url);
    if (url.origin !== new URL(testEnv.SESSION_HOST_URL).origin) return original(input as RequestInfo, init);
    const text = await req.text();
    const verdict = await verifyBridgeRequest(testEnv.BRIDGE_SECRET, req.method, url.pathname + url.search, text, {
      timestamp: req.headers.get(BRIDGE_HEADERS.timestamp),
      signature: req.headers.get(BRIDGE_HEADERS.signature),
    });
    const hostCall = { method: req.method, path: url.pathname, body: text ? JSON.parse(text) : null, signed: verdict.ok };
    hostCalls.push(hostCall);
    const result = await answer(hostCall);
    return result instanceof Response ? result : Response.json(result);
  });
}
const hostDown = () =>
  useHost(() => {
    throw new TypeError("Network connection lost.");
  });

beforeEach(() => hostDown());
afterEach(() => vi.restoreAllMocks());

let seq = 0;
const uniqueName = (prefix = "Conexão") => `${prefix} ${Date.now().toString(36)}${++seq}`;
const row = (companyId: number, id: number) => inTenant(companyId, (db) => db.select().from(whatsapps).where(eq(whatsapps.id, id)).get());
const countOf = (companyId: number) => inTenant(companyId, (db) => db.select({ n: count() }).from(whatsapps).where(eq(whatsapps.companyId, companyId)).get()!.n);
const queueIdsOf = (companyId: number, whatsappId: number) =>
  inTenant(companyId, (db) =>
    db.select({ q: whatsappQueues.queueId }).from(whatsappQueues).where(eq(whatsappQueues.whatsappId, whatsappId)).all().map((r) => r.q).sort((a, b) => a - b),
  );
const createPrompt = (companyId: number) =>
  inTenant(companyId, (db) =>
    db.insert(prompts).values({ companyId, name: uniqueName("Prompt"), prompt: "Você é um atendente cordial.", apiKey: "sk-test" }).returning().get(),
  );
const createIntegration = (companyId: number) =>
  inTenant(companyId, (db) => db.insert(queueIntegrations).values({ companyId, name: uniqueName("Typebot") }).returning().get());
/** The connection the control index names for a token's hash (how the external API finds it), or null. */
const routeOfToken = async (token: string) =>
  (await control.select().from(connectionRoutes).where(eq(connectionRoutes.tokenHash, await sha256(token))).get()) ?? null;
/** The connection's entry in the control index (what the session host and the external API read). */
const routeOf = async (whatsappId: number) => (await control.select().from(connectionRoutes).where(eq(connectionRoutes.whatsappId, whatsappId)).get()) ?? null;

/** Every field of the connections dialog (spec 001 §3). */
async function fullBody(companyId: number) {
  const [sales, support, prompt, integration] = await Promise.all([
    createQueue(companyId, { name: uniqueName("Vendas") }),
    createQueue(companyId, { name: uniqueName("Suporte") }),
    createPrompt(companyId),
    createIntegration(companyId),
  ]);
  return {
    refs: { sales, support, prompt, integration },
    body: {
      name: uniqueName(),
      isDefault: false,
      queueIds: [sales.id, support.id],
      greetingMessage: "Olá! Escolha um setor:",
      complationMessage: "Atendimento encerrado.",
      outOfHoursMessage: "Estamos fora do horário.",
      ratingMessage: "Avalie de 1 a 3.",
      transferQueueId: support.id,
      timeToTransfer: "15",
      promptId: prompt.id,
      integrationId: integration.id,
      expiresTicket: 24,
      expiresInactiveMessage: "Encerrado por inatividade.",
      timeUseBotQueues: 10,
      maxUseBotQueues: 5,
      sendIdQueue: sales.id,
    },
  };
}

describe("GET /api/whatsapp", () => {
  it("lists the company's connections to anyone in it, without the QR or the token", async () => {
    const { company, agent } = await companyWithTeam();
    const queue = await createQueue(company.id);
    const conn = await createConnection(company.id, { name: "Principal", status: "qrcode", qrcode: "QR-SECRET", tokenHash: "h".repeat(43) });
    await inTenant(company.id, (db) => db.insert(whatsappQueues).values({ whatsappId: conn.id, queueId: queue.id }).run());
    await createConnection(teamB.company.id);
    const res = await call("GET", "/api/whatsapp?session=0", { token: agent.token });
    expect(res.status).toBe(200);
    expect(res.json).toEqual([
      {
        id: conn.id,
        name: "Principal",
        number: "",
        status: "qrcode",
        isDefault: true,
        provider: "simulator",
        channel: "baileys",
        cloud: null,
        health: { lastEventAt: null, reconnects24h: 0, silentRestarts24h: 0, recovered24h: 0, refusal: null, hostId: null },
        updatedAt: expect.any(String),
        queues: [{ id: queue.id, name: queue.name, color: queue.color }],
      },
    ]);
    expect((await call("GET", "/api/whatsapp")).status).toBe(401);
  });
});

describe("GET /api/whatsapp/:id", () => {
  it("shows every field, the QR to admins only, whether a token exists but never the token", async () => {
    const conn = await createConnection(teamA.company.id, { name: uniqueName(), status: "qrcode", qrcode: "QR-1", tokenHash: "x".repeat(43) });
    const asAdmin = await call("GET", `/api/whatsapp/${conn.id}?session=0`, { token: teamA.admin.token });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.json).toMatchObject({ id: conn.id, qrcode: "QR-1", hasToken: true, maxUseBotQueues: 3, expiresTicket: 0, queues: [] });
    expect(asAdmin.json).not.toHaveProperty("tokenHash");
    const asAgent = await call("GET", `/api/whatsapp/${conn.id}`, { token: teamA.agent.token });
    expect(asAgent.json).toMatchObject({ id: conn.id, qrcode: "", status: "qrcode" });
  });

  it("answers 404 to another company and 401 without a token", async () => {
    const conn = await createConnection(teamA.company.id, { name: uniqueName() });
    const other = await call("GET", `/api/whatsapp/${conn.id}`, { token: teamB.admin.token });
    expect(other.status).toBe(404);
    expect(other.json.error).toBe("ERR_NO_WAPP_FOUND");
    expect((await call("GET", `/api/whatsapp/${conn.id}`)).status).toBe(401);
    expect((await call("GET", "/api/whatsapp/abc", { token: teamA.admin.token })).status).toBe(404);
  });
});

describe("POST /api/whatsapp", () => {
  it("adds a connection with every field, the first of the company being its default, and starts it on the host", async () => {
    const { company, admin, agent } = await companyWithTeam();
    const { body, refs } = await fullBody(company.id);
    useHost(() => ({ status: "OPENING" }));
    const socket = await connect(agent.token);
    const res = await call("POST", "/api/whatsapp", { token: admin.token, body });
    expect(res.status).toBe(201);
    const { queueIds: _, ...fields } = body;
    expect(res.json).toMatchObject({
      ...fields,
      timeToTransfer: 15,
      isDefault: true,
      status: "OPENING",
      hasToken: false,
      provider: "beta",
    });
    expect(res.json.queues.map((q: { id: number }) => q.id).sort()).toEqual([refs.sales.id, refs.support.id].sort());
    expect(res.json).not.toHaveProperty("sessionError");
    const saved = (await row(company.id, res.json.id))!;
    expect(saved).toMatchObject({ companyId: company.id, isDefault: true, promptId: refs.prompt.id, integrationId: refs.integration.id, sendIdQueue: refs.sales.id });
    expect(await queueIdsOf(company.id, saved.id)).toEqual([refs.sales.id, refs.support.id].sort((a, b) => a - b));
    expect(hostCalls).toEqual([{ method: "POST", path: `/bridge/connections/${saved.id}/start`, body: {}, signed: true }]);
    // The company hears of it; only admins ever receive a QR.
    const event = await socket.next((e) => e.type === "whatsapp" && e.action === "update" && e.whatsapp.id === saved.id);
    expect(event).toMatchObject({ whatsapp: { name: body.name, qrcode: "" } });
  });

  it("keeps the connection when the host is down: DISCONNECTED, with the reason in the answer", async () => {
    const { company, admin } = await companyWithTeam();
    const res = await call("POST", "/api/whatsapp", { token: admin.token, body: { name: "Sem host" } });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ name: "Sem host", status: "DISCONNECTED", isDefault: true, sessionError: { error: "ERR_WAPP_NOT_INITIALIZED" } });
    expect((await row(company.id, res.json.id))?.status).toBe("DISCONNECTED");
    expect(await countOf(company.id)).toBe(1);
  });

  it("makes a new default take the star from the old one, and tells the company about both", async () => {
    const { company, admin } = await companyWithTeam();
    const first = await createConnection(company.id, { name: "Primeira" });
    const socket = await connect(admin.token);
    const notDefault = await call("POST", "/api/whatsapp", { token: admin.token, body: { name: "Segunda" } });
    expect(notDefault.json.isDefault).toBe(false);
    const res = await call("POST", "/api/whatsapp", { token: admin.token, body: { name: "Terceira", isDefault: true } });
    expect(res.status).toBe(201);
    expect(res.json.isDefault).toBe(true);
    expect((await row(company.id, first.id))?.isDefault).toBe(false);
    expect((await inTenant(company.id, (db) => db.select().from(whatsapps).where(eq(whatsapps.companyId, company.id)).all())).filter((w) => w.isDefault).map((w) => w.id)).toEqual([res.json.id]);
    await socket.next((e) => e.type === "whatsapp" && e.action === "update" && e.whatsapp.id === first.id && e.whatsapp.isDefault === false);
  });

  it("requires a greeting when the connection has more than one queue", async () => {
    const { company, admin } = await companyWithTeam();
    const [a, b] = await Promise.all([createQueue(company.id), createQueue(company.id)]);
    const refused = await call("POST", "/api/whatsapp", { token: admin.token, body: { name: "Menu", queueIds: [a.id, b.id], greetingMessage: "  " } });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toBe("ERR_WAPP_GREETING_REQUIRED");
    const oneQueue = await call("POST", "/api/whatsapp", { token: admin.token, body: { name: "Uma fila", queueIds: [a.id] } });
    expect(oneQueue.status).toBe(201);
    expect(await countOf(company.id)).toBe(1);
  });

  it("names the invalid fields with the form's messages and writes nothing", async () => {
    const { company, admin } = await companyWithTeam();
    const missing = await call("POST", "/api/whatsapp", { token: admin.token, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.json.fields).toEqual({ name: "Required" });
    const bad = await call("POST", "/api/whatsapp", {
      token: admin.token,
      body: { name: "A", maxUseBotQueues: -1, expiresTicket: "x", queueIds: "1", isDefault: "yes", timeToTransfer: 1e9 },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toMatchObject({ name: "Too Short!", maxUseBotQueues: expect.any(String), expiresTicket: expect.any(String), queueIds: expect.any(String), isDefault: expect.any(String), timeToTransfer: expect.any(String) });
    expect((await call("POST", "/api/whatsapp", { token: admin.token, body: { name: "x".repeat(51) } })).json.fields).toEqual({ name: "Too Long!" });
    const queue = await createQueue(company.id);
    const halfTransfer = await call("POST", "/api/whatsapp", { token: admin.token, body: { name: "Transferência", transferQueueId: queue.id } });
    expect(halfTransfer.status).toBe(400);
    expect(halfTransfer.json.fields).toHaveProperty("timeToTransfer");
    expect(await countOf(company.id)).toBe(0);
  });

  it("answers 404 for a queue, prompt or integration of another company, writing nothing", async () => {
    const { company, admin } = await companyWithTeam();
    const [theirQueue, theirPrompt, theirIntegration] = await Promise.all([
      createQueue(teamB.company.id),
      createPrompt(teamB.company.id),
      createIntegration(teamB.company.id),
    ]);
    const cases: [Record<string, unknown>, string][] = [
      [{ queueIds: [theirQueue.id] }, "ERR_NO_QUEUE_FOUND"],
      [{ transferQueueId: theirQueue.id, timeToTransfer: 5 }, "ERR_NO_QUEUE_FOUND"],
      [{ sendIdQueue: theirQueue.id }, "ERR_NO_QUEUE_FOUND"],
      [{ promptId: theirPrompt.id }, "ERR_NO_PROMPT_FOUND"],
      [{ integrationId: theirIntegration.id }, "ERR_NO_QUEUE_INTEGRATION_FOUND"],
      [{ promptId: 999_999 }, "ERR_NO_PROMPT_FOUND"],
    ];
    for (const [refs, error] of cases) {
      const res = await call("POST", "/api/whatsapp", { token: admin.token, body: { name: uniqueName(), ...refs } });
      expect(res.status, JSON.stringify(refs)).toBe(404);
      expect(res.json.error).toBe(error);
    }
    expect(await countOf(company.id)).toBe(0);
  });

  it("refuses a name the company already has (letter case aside) with 409", async () => {
    const { company, admin } = await companyWithTeam();
    await createConnection(company.id, { name: "Comercial" });
    const res = await call("POST", "/api/whatsapp", { token: admin.token, body: { name: " comercial " } });
    expect(res.status).toBe(409);
    expect(res.json.error).toBe("ERR_DUPLICATED_WHATSAPP");
    expect(await countOf(company.id)).toBe(1);
    expect((await call("POST", "/api/whatsapp", { token: teamB.admin.token, body: { name: "Comercial" } })).status).toBe(201);
  });

  it("stops at the plan's connection limit", async () => {
    const plan = await createPlan({ connections: 1 });
    const { company, admin } = await companyWithTeam({ planId: plan.id });
    expect((await call("POST", "/api/whatsapp", { token: admin.token, body: { name: "Única" } })).status).toBe(201);
    const res = await call("POST", "/api/whatsapp", { token: admin.token, body: { name: "Demais" } });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ error: "ERR_PLAN_LIMIT_REACHED", limit: 1, resource: "connections" });
    expect(await countOf(company.id)).toBe(1);
  });

  it("ends 20 concurrent creations on a plan of 3 connections with exactly 3", async () => {
    const plan = await createPlan({ connections: 3 });
    const { company, admin } = await companyWithTeam({ planId: plan.id });
    const answers = await Promise.all(Array.from({ length: 20 }, () => call("POST", "/api/whatsapp", { token: admin.token, body: { name: uniqueName() } })));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(3);
    expect(answers.filter((r) => r.status === 403).map((r) => r.json.error)).toEqual(Array(17).fill("ERR_PLAN_LIMIT_REACHED"));
    expect(await countOf(company.id)).toBe(3);
    // One default among them: the first.
    expect(await inTenant(company.id, (db) => db.select({ n: count() }).from(whatsapps).where(eq(whatsapps.isDefault, true)).get()!.n)).toBe(1);
  });

  it("is for admins: 403 to supervisors and agents, 401 without a token", async () => {
    const { company, supervisor, agent } = await companyWithTeam();
    for (const token of [supervisor.token, agent.token]) {
      const res = await call("POST", "/api/whatsapp", { token, body: { name: uniqueName() } });
      expect(res.status).toBe(403);
      expect(res.json.error).toBe("ERR_NO_PERMISSION");
    }
    expect((await call("POST", "/api/whatsapp", { body: { name: uniqueName() } })).status).toBe(401);
    expect(await countOf(company.id)).toBe(0);
    expect(hostCalls).toEqual([]);
  });
});

describe("PUT /api/whatsapp/:id", () => {
  it("edits any subset of fields, replaces the queues, and tells the company", async () => {
    const { company, admin, agent } = await companyWithTeam();
    const conn = await createConnection(company.id, { name: "Antiga", greetingMessage: "Oi" });
    const [a, b] = await Promise.all([createQueue(company.id), createQueue(company.id)]);
    await inTenant(company.id, (db) => db.insert(whatsappQueues).values({ whatsappId: conn.id, queueId: a.id }).run());
    const socket = await connect(agent.token);
    const res = await call("PUT", `/api/whatsapp/${conn.id}`, {
      token: admin.token,
      body: { name: "Nova", queueIds: [b.id], ratingMessage: "Nota?", transferQueueId: b.id, timeToTransfer: 30, expiresTicket: "2" },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ name: "Nova", greetingMessage: "Oi", ratingMessage: "Nota?", transferQueueId: b.id, timeToTransfer: 30, expiresTicket: 2, queues: [{ id: b.id }] });
    expect(await queueIdsOf(company.id, conn.id)).toEqual([b.id]);
    await socket.next((e) => e.type === "whatsapp" && e.action === "update" && e.whatsapp.id === conn.id && e.whatsapp.name === "Nova");
    const cleared = await call("PUT", `/api/whatsapp/${conn.id}`, { token: admin.token, body: { transferQueueId: "", timeToTransfer: null, queueIds: [] } });
    expect(cleared.json).toMatchObject({ transferQueueId: null, timeToTransfer: null, queues: [] });
  });

  it("refuses a body with nothing to change (empty, {}, or only unknown fields) with 400, changing nothing", async () => {
    const { company, admin } = await companyWithTeam();
    const conn = await createConnection(company.id, { name: "Intocada", updatedAt: new Date(Date.now() - 60_000) });
    for (const body of [{ rawBody: "", headers: { "content-type": "application/json" } }, { body: {} }, { body: { session: 0 } }]) {
      const res = await call("PUT", `/api/whatsapp/${conn.id}`, { token: admin.token, ...body });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ error: "ERR_VALIDATION", message: EMPTY_PATCH, fields: { _: EMPTY_PATCH } });
    }
    expect(await row(company.id, conn.id)).toEqual(conn);
  });

  it("changes the queues alone when they are all the body has", async () => {
    const { company, admin } = await companyWithTeam();
    const conn = await createConnection(company.id, { name: "Só filas" });
    const queue = await createQueue(company.id);
    const res = await call("PUT", `/api/whatsapp/${conn.id}`, { token: admin.token, body: { queueIds: [queue.id] } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ name: "Só filas", queues: [{ id: queue.id }] });
    expect(await queueIdsOf(company.id, conn.id)).toEqual([queue.id]);
  });

  it("keeps exactly one default: unsetting it is refused, setting another moves the star", async () => {
    const { company, admin } = await companyWithTeam();
    const first = await createConnection(company.id, { name: "Um" });
    const second = await createConnection(company.id, { name: "Dois", isDefault: false });
    const refused = await call("PUT", `/api/whatsapp/${first.id}`, { token: admin.token, body: { isDefault: false, name: "Um editado" } });
    expect(refused.status).toBe(409);
    expect(refused.json.error).toBe("ERR_NO_OTHER_WHATSAPP");
    expect(await row(company.id, first.id)).toMatchObject({ isDefault: true, name: "Um" });
    const moved = await call("PUT", `/api/whatsapp/${second.id}`, { token: admin.token, body: { isDefault: true } });
    expect(moved.json.isDefault).toBe(true);
    expect((await row(company.id, first.id))?.isDefault).toBe(false);
    expect((await row(company.id, second.id))?.isDefault).toBe(true);
  });

  it("checks the greeting rule on the connection as it will be", async () => {
    const { company, admin } = await companyWithTeam();
    const conn = await createConnection(company.id, { name: "Regra" });
    const [a, b] = await Promise.all([createQueue(company.id), createQueue(company.id)]);
    const noGreeting = await call("PUT", `/api/whatsapp/${conn.id}`, { token: admin.token, body: { queueIds: [a.id, b.id] } });
    expect(noGreeting.status).toBe(400);
    expect(noGreeting.json.error).toBe("ERR_WAPP_GREETING_REQUIRED");
    expect(await queueIdsOf(company.id, conn.id)).toEqual([]);
    expect((await call("PUT", `/api/whatsapp/${conn.id}`, { token: admin.token, body: { queueIds: [a.id, b.id], greetingMessage: "Menu" } })).status).toBe(200);
    const clearing = await call("PUT", `/api/whatsapp/${conn.id}`, { token: admin.token, body: { greetingMessage: "" } });
    expect(clearing.json.error).toBe("ERR_WAPP_GREETING_REQUIRED");
    expect((await row(company.id, conn.id))?.greetingMessage).toBe("Menu");
  });

  it("refuses a name another connection of the company has with 409", async () => {
    const { company, admin } = await companyWithTeam();
    await createConnection(company.id, { name: "Ocupado" });
    const conn = await createConnection(company.id, { name: "Livre", isDefault: false });
    const res = await call("PUT", `/api/whatsapp/${conn.id}`, { token: admin.token, body: { name: "OCUPADO" } });
    expect(res.status).toBe(409);
    expect(res.json.error).toBe("ERR_DUPLICATED_WHATSAPP");
    expect((await call("PUT", `/api/whatsapp/${conn.id}`, { token: admin.token, body: { name: "Livre" } })).status).toBe(200);
  });

  it("answers 404 to another company (and for their queues), 403 to lesser profiles, changing nothing", async () => {
    const conn = await createConnection(teamA.company.id, { name: uniqueName() });
    expect((await call("PUT", `/api/whatsapp/${conn.id}`, { token: teamB.admin.token, body: { name: "Invadida" } })).status).toBe(404);
    const theirQueue = await createQueue(teamB.company.id);
    const foreign = await call("PUT", `/api/whatsapp/${conn.id}`, { token: teamA.admin.token, body: { queueIds: [theirQueue.id] } });
    expect(foreign.status).toBe(404);
    expect(foreign.json.error).toBe("ERR_NO_QUEUE_FOUND");
    for (const token of [teamA.supervisor.token, teamA.agent.token]) {
      expect((await call("PUT", `/api/whatsapp/${conn.id}`, { token, body: { name: "Agente" } })).status).toBe(403);
    }
    expect((await row(teamA.company.id, conn.id))?.name).toBe(conn.name);
    expect(await queueIdsOf(teamA.company.id, conn.id)).toEqual([]);
  });
});

describe("the connection index (control database)", () => {
  it("follows a creation, a rename, a session change and a deletion, for the session host and the external API", async () => {
    const { company, admin } = await companyWithTeam();
    const created = await call("POST", "/api/whatsapp", { token: admin.token, body: { name: "Indexada" } });
    expect(created.status).toBe(201);
    const id: number = created.json.id;
    // The host is down in these tests: the connection is saved (and indexed) DISCONNECTED.
    expect(await routeOf(id)).toMatchObject({ companyId: company.id, name: "Indexada", status: "DISCONNECTED", tokenHash: null });

    expect((await call("PUT", `/api/whatsapp/${id}`, { token: admin.token, body: { name: "Renomeada" } })).status).toBe(200);
    expect(await routeOf(id)).toMatchObject({ name: "Renomeada", status: "DISCONNECTED" });

    useHost(() => ({ status: "qrcode" }));
    expect((await call("POST", `/api/whatsappsession/${id}`, { token: admin.token })).status).toBe(200);
    expect(await routeOf(id)).toMatchObject({ status: "qrcode" });
    const listed = await bridgeCall("GET", "/bridge/connections?hostId=index-host");
    expect(listed.json.connections).toContainEqual({ id, name: "Renomeada", status: "qrcode" });

    expect((await call("DELETE", `/api/whatsapp/${id}`, { token: admin.token })).status).toBe(200);
    expect(await routeOf(id)).toBeNull();
    expect((await bridgeCall("GET", "/bridge/connections?hostId=index-host")).json.connections.map((c: { id: number }) => c.id)).not.toContain(id);
  });

  it("changes nothing in the index when another company tries to rename the connection", async () => {
    const conn = await createConnection(teamA.company.id, { name: uniqueName() });
    expect((await call("PUT", `/api/whatsapp/${conn.id}`, { token: teamB.admin.token, body: { name: "Tomada" } })).status).toBe(404);
    expect(await routeOf(conn.id)).toMatchObject({ companyId: teamA.company.id, name: conn.name });
  });
});

describe("DELETE /api/whatsapp/:id", () => {
  it("deletes the connection, passes the star to the oldest one left, and asks the host to log it out", async () => {
    const { company, admin, agent } = await companyWithTeam();
    const star = await createConnection(company.id, { name: "Padrão" });
    const older = await createConnection(company.id, { name: "Mais antiga", isDefault: false });
    const newer = await createConnection(company.id, { name: "Mais nova", isDefault: false });
    useHost(() => ({ status: "DISCONNECTED" }));
    const socket = await connect(agent.token);
    const res = await call("DELETE", `/api/whatsapp/${star.id}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(await row(company.id, star.id)).toBeUndefined();
    expect((await row(company.id, older.id))?.isDefault).toBe(true);
    expect((await row(company.id, newer.id))?.isDefault).toBe(false);
    await socket.next((e) => e.type === "whatsapp" && e.action === "delete" && e.whatsappId === star.id);
    await socket.next((e) => e.type === "whatsapp" && e.action === "update" && e.whatsapp.id === older.id && e.whatsapp.isDefault);
    await vi.waitFor(() => expect(hostCalls).toContainEqual({ method: "POST", path: `/bridge/connections/${star.id}/logout`, body: {}, signed: true }));
  });

  it("deletes even when the host is down", async () => {
    const { company, admin } = await companyWithTeam();
    const conn = await createConnection(company.id);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect((await call("DELETE", `/api/whatsapp/${conn.id}`, { token: admin.token })).status).toBe(200);
    expect(await countOf(company.id)).toBe(0);
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith("session host did not stop a deleted connection", expect.objectContaining({ whatsappId: conn.id })));
  });

  it("answers 404 to another company and 403 to lesser profiles, deleting nothing", async () => {
    const conn = await createConnection(teamA.company.id, { name: uniqueName() });
    expect((await call("DELETE", `/api/whatsapp/${conn.id}`, { token: teamB.admin.token })).status).toBe(404);
    for (const token of [teamA.supervisor.token, teamA.agent.token]) {
      expect((await call("DELETE", `/api/whatsapp/${conn.id}`, { token })).status).toBe(403);
    }
    expect(await row(teamA.company.id, conn.id)).toBeDefined();
  });
});

describe("POST and DELETE /api/whatsapp/:id/token", () => {
  it("shows a new token once and stores only its SHA-256; a new one replaces it; revoking removes it", async () => {
    const { company, admin } = await companyWithTeam();
    const conn = await createConnection(company.id);
    const res = await call("POST", `/api/whatsapp/${conn.id}/token`, { token: admin.token });
    expect(res.status).toBe(201);
    const token: string = res.json.token;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.json.whatsapp).toMatchObject({ id: conn.id, hasToken: true });
    const stored = (await row(company.id, conn.id))!;
    expect(stored.tokenHash).toBe(await sha256(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(await routeOfToken(token)).toMatchObject({ whatsappId: conn.id, companyId: company.id });
    // Never shown again.
    const shown = await call("GET", `/api/whatsapp/${conn.id}`, { token: admin.token });
    expect(JSON.stringify(shown.json)).not.toContain(token);
    expect(shown.json.hasToken).toBe(true);

    const again = await call("POST", `/api/whatsapp/${conn.id}/token`, { token: admin.token });
    expect(again.json.token).not.toBe(token);
    expect(await routeOfToken(token)).toBeNull();
    const revoked = await call("DELETE", `/api/whatsapp/${conn.id}/token`, { token: admin.token });
    expect(revoked.status).toBe(200);
    expect(revoked.json.hasToken).toBe(false);
    expect((await row(company.id, conn.id))?.tokenHash).toBeNull();
    expect(await routeOfToken(again.json.token)).toBeNull();
  });

  it("needs the plan's external API", async () => {
    const plan = await createPlan({ useExternalApi: false });
    const { company, admin } = await companyWithTeam({ planId: plan.id });
    const conn = await createConnection(company.id);
    const res = await call("POST", `/api/whatsapp/${conn.id}/token`, { token: admin.token });
    expect(res.status).toBe(403);
    expect(res.json.error).toBe("ERR_PLAN_FEATURE_DISABLED");
    expect((await row(company.id, conn.id))?.tokenHash).toBeNull();
  });

  it("answers 404 to another company and 403 to lesser profiles", async () => {
    const conn = await createConnection(teamA.company.id, { name: uniqueName(), tokenHash: "keep".padEnd(43, "k") });
    for (const method of ["POST", "DELETE"]) {
      expect((await call(method, `/api/whatsapp/${conn.id}/token`, { token: teamB.admin.token })).status).toBe(404);
      for (const token of [teamA.supervisor.token, teamA.agent.token]) {
        expect((await call(method, `/api/whatsapp/${conn.id}/token`, { token })).status).toBe(403);
      }
    }
    expect((await row(teamA.company.id, conn.id))?.tokenHash).toBe("keep".padEnd(43, "k"));
  });
});

describe("POST, PUT and DELETE /api/whatsappsession/:id", () => {
  it("answers a clear error and changes nothing when the host is down", async () => {
    const conn = await createConnection(teamA.company.id, { name: uniqueName(), status: "TIMEOUT", qrcode: "" });
    const socket = await connect(teamA.admin.token);
    for (const method of ["POST", "PUT", "DELETE"]) {
      const res = await call(method, `/api/whatsappsession/${conn.id}`, { token: teamA.admin.token });
      expect(res.status, method).toBe(409);
      expect(res.json).toMatchObject({ error: "ERR_WAPP_NOT_INITIALIZED", message: expect.stringContaining("unreachable") });
    }
    expect(await row(teamA.company.id, conn.id)).toEqual(conn);
    expect((await socket.quiet()).some((e) => e.type === "whatsappSession")).toBe(false);
  });

  it("restarts on the host, records the state and sends the session (with its QR) to admins only", async () => {
    const { company, admin, agent } = await companyWithTeam();
    const conn = await createConnection(company.id, { status: "CONNECTED" });
    useHost(() => ({ status: "OPENING" }));
    const adminSocket = await connect(admin.token);
    const agentSocket = await connect(agent.token);
    const res = await call("PUT", `/api/whatsappsession/${conn.id}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: conn.id, status: "OPENING" });
    expect(hostCalls).toEqual([{ method: "POST", path: `/bridge/connections/${conn.id}/restart`, body: {}, signed: true }]);
    expect((await row(company.id, conn.id))?.status).toBe("OPENING");
    expect(await adminSocket.next((e) => e.type === "whatsappSession")).toMatchObject({ session: { id: conn.id, status: "OPENING" } });
    expect(await agentSocket.next((e) => e.type === "whatsapp")).toMatchObject({ whatsapp: { id: conn.id, status: "OPENING", qrcode: "" } });
    expect(agentSocket.events.some((e) => e.type === "whatsappSession")).toBe(false);
  });

  it("starts (POST) and disconnects (DELETE) through the host", async () => {
    const { company, admin } = await companyWithTeam();
    const conn = await createConnection(company.id, { status: "DISCONNECTED" });
    useHost((c) => ({ status: c.path.endsWith("/start") ? "qrcode" : "DISCONNECTED" }));
    const started = await call("POST", `/api/whatsappsession/${conn.id}`, { token: admin.token });
    expect(started.json).toMatchObject({ status: "qrcode" });
    await inTenant(company.id, (db) => db.update(whatsapps).set({ qrcode: "QR-2" }).where(eq(whatsapps.id, conn.id)).run());
    const stopped = await call("DELETE", `/api/whatsappsession/${conn.id}`, { token: admin.token });
    expect(stopped.json).toMatchObject({ status: "DISCONNECTED", qrcode: "" });
    expect(hostCalls.map((c) => c.path)).toEqual([`/bridge/connections/${conn.id}/start`, `/bridge/connections/${conn.id}/logout`]);
    expect(await row(company.id, conn.id)).toMatchObject({ status: "DISCONNECTED", qrcode: "" });
  });

  it("never lets the host's answer overwrite a newer state the host already reported", async () => {
    const { company, admin } = await companyWithTeam();
    const conn = await createConnection(company.id, { status: "DISCONNECTED" });
    useHost(async () => {
      // The QR event lands (bridge ingest) before the answer to the command does.
      await new Promise((r) => setTimeout(r, 2));
      await inTenant(company.id, (db) => db.update(whatsapps).set({ status: "qrcode", qrcode: "QR-NEW" }).where(eq(whatsapps.id, conn.id)).run());
      return { status: "OPENING" };
    });
    const res = await call("PUT", `/api/whatsappsession/${conn.id}`, { token: admin.token });
    expect(res.json).toMatchObject({ status: "qrcode", qrcode: "QR-NEW" });
    expect(await row(company.id, conn.id)).toMatchObject({ status: "qrcode", qrcode: "QR-NEW" });
  });

  it("answers 404 to another company and 403 to lesser profiles, without calling the host", async () => {
    const conn = await createConnection(teamA.company.id, { name: uniqueName() });
    useHost(() => ({ status: "OPENING" }));
    for (const method of ["POST", "PUT", "DELETE"]) {
      expect((await call(method, `/api/whatsappsession/${conn.id}`, { token: teamB.admin.token })).status).toBe(404);
      for (const token of [teamA.supervisor.token, teamA.agent.token]) {
        expect((await call(method, `/api/whatsappsession/${conn.id}`, { token })).status).toBe(403);
      }
    }
    expect(hostCalls).toEqual([]);
    expect(await row(teamA.company.id, conn.id)).toEqual(conn);
  });
});

describe("POST /api/whatsappsession/:id/pairing-code", () => {
  it("asks the host for a pairing code for the number (digits only)", async () => {
    const conn = await createConnection(teamA.company.id, { name: uniqueName(), status: "qrcode" });
    useHost(() => ({ code: "ABCD1234" }));
    const res = await call("POST", `/api/whatsappsession/${conn.id}/pairing-code`, { token: teamA.admin.token, body: { number: "+55 (11) 99999-0000" } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ code: "ABCD1234" });
    expect(hostCalls).toEqual([{ method: "POST", path: `/bridge/connections/${conn.id}/pairing-code`, body: { number: "5511999990000" }, signed: true }]);
  });

  it("names a bad number, says when the host is down, and is for admins of the company", async () => {
    const conn = await createConnection(teamA.company.id, { name: uniqueName() });
    const bad = await call("POST", `/api/whatsappsession/${conn.id}/pairing-code`, { token: teamA.admin.token, body: { number: "123" } });
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toHaveProperty("number");
    const down = await call("POST", `/api/whatsappsession/${conn.id}/pairing-code`, { token: teamA.admin.token, body: { number: "5511999990000" } });
    expect(down.status).toBe(409);
    expect(down.json.error).toBe("ERR_WAPP_NOT_INITIALIZED");
    const body = { number: "5511999990000" };
    expect((await call("POST", `/api/whatsappsession/${conn.id}/pairing-code`, { token: teamB.admin.token, body })).status).toBe(404);
    expect((await call("POST", `/api/whatsappsession/${conn.id}/pairing-code`, { token: teamA.agent.token, body })).status).toBe(403);
  });
});

describe("POST /api/whatsapp-restart", () => {
  it("restarts every connection of the company and names those the host could not", async () => {
    const { company, admin } = await companyWithTeam();
    const ok = await createConnection(company.id, { status: "CONNECTED" });
    const failing = await createConnection(company.id, { status: "CONNECTED", isDefault: false });
    await createConnection(teamB.company.id, { name: uniqueName() });
    useHost((c) => (c.path.includes(`/${failing.id}/`) ? Response.json({ error: "ERR_WAPP_NOT_INITIALIZED", message: "busy" }, { status: 409 }) : { status: "OPENING" }));
    const res = await call("POST", "/api/whatsapp-restart", { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ restarted: 1, failed: [failing.id] });
    expect(hostCalls.map((c) => c.path).sort()).toEqual([`/bridge/connections/${ok.id}/restart`, `/bridge/connections/${failing.id}/restart`].sort());
    expect((await row(company.id, ok.id))?.status).toBe("OPENING");
    expect((await row(company.id, failing.id))?.status).toBe("CONNECTED");
  });

  it("answers the host's error when none could restart, and 403 to lesser profiles", async () => {
    const { company, admin, agent } = await companyWithTeam();
    await createConnection(company.id);
    const down = await call("POST", "/api/whatsapp-restart", { token: admin.token });
    expect(down.status).toBe(409);
    expect(down.json.error).toBe("ERR_WAPP_NOT_INITIALIZED");
    expect((await call("POST", "/api/whatsapp-restart", { token: agent.token })).status).toBe(403);
  });
});
