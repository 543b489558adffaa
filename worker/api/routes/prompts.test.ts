import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { prompts, promptUsage } from "../../db/tenant";
import { apiKeyDestination, openPromptSecret, voiceKeyDestination } from "../../domain/prompts/secrets";
import { call, companyWithTeam, createPlan, createQueue, inTenant, testEnv } from "../../testing/fixtures";

type Team = Awaited<ReturnType<typeof companyWithTeam>>;
let a: Team;
let b: Team;
let queueA: { id: number; name: string };
beforeAll(async () => {
  a = await companyWithTeam();
  b = await companyWithTeam();
  queueA = await createQueue(a.company.id, { name: "Atendimento IA" });
});

const KEY = "sk-test-0123456789abcdefWXYZ";
const TEXT = "Você é o assistente virtual da loja. Responda com cordialidade e objetividade, em português.";
const body = (overrides: Record<string, unknown> = {}) => ({ name: `Assistente ${crypto.randomUUID().slice(0, 8)}`, prompt: TEXT, apiKey: KEY, queueId: queueA.id, ...overrides });
const rowOf = (companyId: number, id: number) => inTenant(companyId, (db) => db.select().from(prompts).where(eq(prompts.id, id)).get());
const countOf = (companyId: number) => inTenant(companyId, (db) => db.select({ id: prompts.id }).from(prompts).where(eq(prompts.companyId, companyId)).all().length);

async function created(team: Team = a, overrides: Record<string, unknown> = {}) {
  const res = await call("POST", "/api/prompt", { token: team.admin.token, body: body(overrides) });
  expect(res.status).toBe(201);
  return res.json;
}

describe("POST /api/prompt", () => {
  it("adds a prompt with the spec's defaults, the key sealed at rest and only masked in the answer", async () => {
    const res = await call("POST", "/api/prompt", { token: a.admin.token, body: body({ name: "Assistente de vendas" }) });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      name: "Assistente de vendas",
      prompt: TEXT,
      queueId: queueA.id,
      queue: { id: queueA.id, name: "Atendimento IA" },
      maxTokens: 100,
      temperature: 1,
      maxMessages: 10,
      voice: "texto",
      voiceKey: "",
      baseUrl: "",
      model: "gpt-4o-mini",
      apiKey: "••••••••WXYZ",
      usage: { calls: 0, failures: 0, promptTokens: 0, completionTokens: 0 },
    });
    expect(JSON.stringify(res.json)).not.toContain(KEY);
    const row = (await rowOf(a.company.id, res.json.id))!;
    expect(row.apiKey).not.toContain(KEY);
    expect(row.apiKey.startsWith("v1.")).toBe(true);
    const openai = apiKeyDestination("");
    expect(await openPromptSecret(testEnv, a.company.id, row.apiKey, openai)).toBe(KEY);
    // Sealed for this company: the same value in another company's row does not open.
    expect(await openPromptSecret(testEnv, b.company.id, row.apiKey, openai)).toBeNull();
    // And for its destination: the same value under another base URL does not open.
    expect(await openPromptSecret(testEnv, a.company.id, row.apiKey, apiKeyDestination("https://elsewhere.example/v1"))).toBeNull();
  });

  it("names the invalid fields with the spec's messages and writes nothing", async () => {
    const before = await countOf(a.company.id);
    const missing = await call("POST", "/api/prompt", { token: a.admin.token, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.json.fields).toEqual({ name: "Required", prompt: "Required", apiKey: "Required", queueId: "Required" });
    const short = await call("POST", "/api/prompt", {
      token: a.admin.token,
      body: body({ name: "Abc", prompt: "curto", temperature: 3, maxTokens: 0, maxMessages: "x", voice: "robot", baseUrl: "ftp://x" }),
    });
    expect(short.status).toBe(400);
    expect(short.json.fields).toEqual({
      name: "Too Short!",
      prompt: "Too Short!",
      temperature: "Must be at most 2",
      maxTokens: "Must be at least 1",
      maxMessages: "Must be a number",
      voice: "Unknown voice",
      baseUrl: "Must be an http(s) URL",
    });
    expect(await countOf(a.company.id)).toBe(before);
  });

  it("refuses a queue of another company as no queue, and a taken name with 409", async () => {
    const other = await createQueue(b.company.id);
    const res = await call("POST", "/api/prompt", { token: a.admin.token, body: body({ queueId: other.id }) });
    expect(res.status).toBe(400);
    expect(res.json.fields).toEqual({ queueId: "Required" });
    const first = await created();
    const again = await call("POST", "/api/prompt", { token: a.admin.token, body: body({ name: first.name.toUpperCase() }) });
    expect(again.status).toBe(409);
    expect(again.json.error).toBe("ERR_DUPLICATED_PROMPT");
  });

  it("is an admin's (403 for a supervisor or an agent) and needs the plan's OpenAI (403)", async () => {
    for (const user of [a.supervisor, a.agent]) {
      const res = await call("POST", "/api/prompt", { token: user.token, body: body() });
      expect(res.status).toBe(403);
      expect(res.json.error).toBe("ERR_NO_PERMISSION");
    }
    const plan = await createPlan({ useOpenAi: false });
    const off = await companyWithTeam({ planId: plan.id });
    const queue = await createQueue(off.company.id);
    for (const [method, path] of [["POST", "/api/prompt"], ["GET", "/api/prompt"], ["GET", "/api/prompt/1"], ["PUT", "/api/prompt/1"], ["DELETE", "/api/prompt/1"]] as const) {
      const res = await call(method, path, { token: off.admin.token, body: method === "GET" || method === "DELETE" ? undefined : body({ queueId: queue.id }) });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.json.error).toBe("ERR_PLAN_FEATURE_DISABLED");
    }
  });
});

describe("GET /api/prompt", () => {
  it("lists the company's prompts with their usage and the company's total, never a key", async () => {
    const team = await companyWithTeam();
    const queue = await createQueue(team.company.id, { name: "Suporte" });
    const one = await created(team, { queueId: queue.id, name: "Assistente Um" });
    const two = await created(team, { queueId: queue.id, name: "Assistente Dois" });
    await inTenant(team.company.id, (db) =>
      db.insert(promptUsage).values([
        { companyId: team.company.id, promptId: one.id, calls: 3, failures: 1, promptTokens: 120, completionTokens: 40, updatedAt: new Date() },
        // A deleted prompt's use still counts in the company's total.
        { companyId: team.company.id, promptId: 999_999, calls: 1, promptTokens: 10, completionTokens: 5, updatedAt: new Date() },
      ]).run(),
    );
    await created(b, { queueId: (await createQueue(b.company.id)).id });

    const res = await call("GET", "/api/prompt", { token: team.admin.token });
    expect(res.status).toBe(200);
    expect(res.json.prompts.map((p: { name: string }) => p.name)).toEqual(["Assistente Dois", "Assistente Um"]);
    expect(res.json.prompts[1].usage).toEqual({ calls: 3, failures: 1, promptTokens: 120, completionTokens: 40 });
    expect(res.json.prompts[0].id).toBe(two.id);
    expect(res.json.usage).toEqual({ calls: 4, failures: 1, promptTokens: 130, completionTokens: 45 });
    expect(res.json.hasMore).toBe(false);
    expect(JSON.stringify(res.json)).not.toContain(KEY);
  });

  it("refuses a base URL on a loopback or private address (400 naming baseUrl) and stores nothing", async () => {
    const before = await countOf(a.company.id);
    for (const baseUrl of ["http://127.0.0.1:9999/v1", "https://10.0.0.5/v1", "https://[::ffff:127.0.0.1]/v1", "https://2130706433/v1", "https://metadata.google.internal/v1"]) {
      const res = await call("POST", "/api/prompt", { token: a.admin.token, body: body({ baseUrl }) });
      expect(res.status, baseUrl).toBe(400);
      expect(res.json, baseUrl).toMatchObject({ error: "ERR_VALIDATION", fields: { baseUrl: expect.any(String) } });
    }
    expect(await countOf(a.company.id)).toBe(before);
  });

  it("answers one prompt, 404 for another company's, 403 for an agent", async () => {
    const mine = await created();
    expect((await call("GET", `/api/prompt/${mine.id}`, { token: a.admin.token })).json.apiKey).toBe("••••••••WXYZ");
    const res = await call("GET", `/api/prompt/${mine.id}`, { token: b.admin.token });
    expect(res.status).toBe(404);
    expect(res.json.error).toBe("ERR_NO_PROMPT_FOUND");
    expect((await call("GET", `/api/prompt/${mine.id}`, { token: a.agent.token })).status).toBe(403);
    expect((await call("GET", "/api/prompt", { token: a.agent.token })).status).toBe(403);
  });
});

describe("PUT /api/prompt/:id", () => {
  it("keeps the key when none is sent and replaces it when a new one is", async () => {
    const mine = await created();
    const sealed = (await rowOf(a.company.id, mine.id))!.apiKey;
    const kept = await call("PUT", `/api/prompt/${mine.id}`, { token: a.admin.token, body: { temperature: 0.4, maxMessages: 5, apiKey: "" } });
    expect(kept.status).toBe(200);
    expect(kept.json).toMatchObject({ temperature: 0.4, maxMessages: 5, apiKey: "••••••••WXYZ" });
    expect((await rowOf(a.company.id, mine.id))!.apiKey).toBe(sealed);

    const replaced = await call("PUT", `/api/prompt/${mine.id}`, { token: a.admin.token, body: { apiKey: "sk-new-key-9876", voiceKey: "azure-key-1234", voice: "pt-BR-FranciscaNeural", voiceRegion: "brazilsouth" } });
    expect(replaced.json).toMatchObject({ apiKey: "••••••••9876", voiceKey: "••••••••", voice: "pt-BR-FranciscaNeural" });
    expect(JSON.stringify(replaced.json)).not.toContain("azure-key-1234");
    const row = (await rowOf(a.company.id, mine.id))!;
    expect(await openPromptSecret(testEnv, a.company.id, row.apiKey, apiKeyDestination(""))).toBe("sk-new-key-9876");
    expect(await openPromptSecret(testEnv, a.company.id, row.voiceKey, voiceKeyDestination("brazilsouth"))).toBe("azure-key-1234");
  });

  it("refuses a new base URL without the key typed again (400 naming apiKey), so the saved key never follows it", async () => {
    const mine = await created(a, { baseUrl: "https://llm.example.com/v1" });
    const sealed = (await rowOf(a.company.id, mine.id))!.apiKey;
    for (const patch of [{ baseUrl: "https://attacker.example/v1" }, { baseUrl: "https://attacker.example/v1", apiKey: "" }, { baseUrl: "" }]) {
      const res = await call("PUT", `/api/prompt/${mine.id}`, { token: a.admin.token, body: patch });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ error: "ERR_VALIDATION", fields: { apiKey: expect.stringContaining("Enter the key again") } });
    }
    expect(await rowOf(a.company.id, mine.id)).toMatchObject({ baseUrl: "https://llm.example.com/v1", apiKey: sealed });
    // The same address (the form sends it back unchanged) keeps the key; a new one with its key is taken.
    expect((await call("PUT", `/api/prompt/${mine.id}`, { token: a.admin.token, body: { baseUrl: "https://llm.example.com/v1/", temperature: 0.5 } })).status).toBe(200);
    const moved = await call("PUT", `/api/prompt/${mine.id}`, { token: a.admin.token, body: { baseUrl: "https://other.example.com/v1", apiKey: "sk-other-5555" } });
    expect(moved.status).toBe(200);
    const row = (await rowOf(a.company.id, mine.id))!;
    expect(await openPromptSecret(testEnv, a.company.id, row.apiKey, apiKeyDestination("https://other.example.com/v1"))).toBe("sk-other-5555");
  });

  it("refuses a new voice region without the voice key typed again (400 naming voiceKey)", async () => {
    const mine = await created(a, { voice: "pt-BR-FranciscaNeural", voiceKey: "azure-key-1234", voiceRegion: "brazilsouth" });
    const res = await call("PUT", `/api/prompt/${mine.id}`, { token: a.admin.token, body: { voiceRegion: "eastus" } });
    expect(res.status).toBe(400);
    expect(res.json.fields).toEqual({ voiceKey: expect.stringContaining("Enter the voice key again") });
    expect((await rowOf(a.company.id, mine.id))!.voiceRegion).toBe("brazilsouth");
    const moved = await call("PUT", `/api/prompt/${mine.id}`, { token: a.admin.token, body: { voiceRegion: "eastus", voiceKey: "azure-key-9999" } });
    expect(moved.status).toBe(200);
    const row = (await rowOf(a.company.id, mine.id))!;
    expect(await openPromptSecret(testEnv, a.company.id, row.voiceKey, voiceKeyDestination("eastus"))).toBe("azure-key-9999");
  });

  it("refuses a base URL the worker may not call, on save, naming the field", async () => {
    const mine = await created();
    for (const baseUrl of ["http://127.0.0.1:8080/v1", "https://169.254.169.254/v1", "https://localhost/v1", "https://user:pw@llm.example.com/v1", "http://llm.example.com/v1"]) {
      const res = await call("PUT", `/api/prompt/${mine.id}`, { token: a.admin.token, body: { baseUrl, apiKey: "sk-x-1234" } });
      expect(res.status, baseUrl).toBe(400);
      expect(Object.keys(res.json.fields), baseUrl).toEqual(["baseUrl"]);
    }
    expect((await rowOf(a.company.id, mine.id))!.baseUrl).toBe("");
  });

  it("validates (400, nothing changed), 404 for another company's, 403 for a supervisor", async () => {
    const mine = await created();
    const bad = await call("PUT", `/api/prompt/${mine.id}`, { token: a.admin.token, body: { name: "abc", temperature: 1.5 } });
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toEqual({ name: "Too Short!" });
    expect((await rowOf(a.company.id, mine.id))!.temperature).toBe(1);
    expect((await call("PUT", `/api/prompt/${mine.id}`, { token: a.admin.token, body: {} })).status).toBe(400);
    expect((await call("PUT", `/api/prompt/${mine.id}`, { token: b.admin.token, body: { temperature: 0 } })).status).toBe(404);
    expect((await call("PUT", `/api/prompt/${mine.id}`, { token: a.supervisor.token, body: { temperature: 0 } })).status).toBe(403);
    expect((await rowOf(a.company.id, mine.id))!.temperature).toBe(1);
  });
});

describe("DELETE /api/prompt/:id", () => {
  it("deletes the company's prompt; another company's is 404 and an agent's try 403, both leaving it", async () => {
    const mine = await created();
    expect((await call("DELETE", `/api/prompt/${mine.id}`, { token: b.admin.token })).status).toBe(404);
    expect((await call("DELETE", `/api/prompt/${mine.id}`, { token: a.agent.token })).status).toBe(403);
    expect(await rowOf(a.company.id, mine.id)).toBeDefined();
    const res = await call("DELETE", `/api/prompt/${mine.id}`, { token: a.admin.token });
    expect(res.status).toBe(200);
    expect(await rowOf(a.company.id, mine.id)).toBeUndefined();
    expect((await call("DELETE", `/api/prompt/${mine.id}`, { token: a.admin.token })).status).toBe(404);
  });
});
