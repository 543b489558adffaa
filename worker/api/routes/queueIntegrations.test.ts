import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queueIntegrations } from "../../db/tenant";
import { openIntegrationSecret, openSigningSecret } from "../../domain/queueIntegrations/secrets";
import { call, companyWithTeam, createPlan, inTenant, testEnv } from "../../testing/fixtures";

type Team = Awaited<ReturnType<typeof companyWithTeam>>;
let a: Team;
let b: Team;
beforeAll(async () => {
  a = await companyWithTeam();
  b = await companyWithTeam();
});

const SERVICE_ACCOUNT = JSON.stringify({ type: "service_account", client_email: "bot@proj.iam.gserviceaccount.com", private_key: "-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----\n" });
const unique = (prefix: string) => `${prefix} ${crypto.randomUUID().slice(0, 6)}`;
const rowOf = (companyId: number, id: number) => inTenant(companyId, (db) => db.select().from(queueIntegrations).where(eq(queueIntegrations.id, id)).get());
const countOf = (companyId: number) => inTenant(companyId, (db) => db.select({ id: queueIntegrations.id }).from(queueIntegrations).where(eq(queueIntegrations.companyId, companyId)).all().length);

async function created(team: Team, body: Record<string, unknown>) {
  const res = await call("POST", "/api/queueIntegration", { token: team.admin.token, body });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json;
}

describe("POST /api/queueIntegration", () => {
  it("adds a typebot integration with the spec's defaults, projectName taken from the name", async () => {
    const res = await call("POST", "/api/queueIntegration", { token: a.admin.token, body: { name: "Fluxo de vendas", urlN8N: "https://typebot.example/api", typebotSlug: "vendas" } });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      type: "typebot",
      name: "Fluxo de vendas",
      projectName: "Fluxo de vendas",
      language: "pt-BR",
      typebotExpires: 1,
      typebotDelayMessage: 1000,
      jsonContent: "",
      hasJsonContent: false,
    });
    expect(res.json.secret).toBeUndefined();
  });

  it("gives an n8n or webhook integration a signing secret, answered once and sealed at rest", async () => {
    const hook = await created(a, { type: "webhook", name: unique("Hook"), urlN8N: "https://hooks.example/in" });
    expect(hook.secret).toMatch(/^whsec_/);
    const row = (await rowOf(a.company.id, hook.id))!;
    expect(row.secret).not.toContain(hook.secret);
    expect(await openSigningSecret(testEnv, a.company.id, row.secret, "https://hooks.example/in")).toBe(hook.secret);
    // Bound to its URL: under another one it does not open.
    expect(await openSigningSecret(testEnv, a.company.id, row.secret, "https://elsewhere.example/in")).toBeNull();
    const again = await call("GET", `/api/queueIntegration/${hook.id}`, { token: a.admin.token });
    expect(JSON.stringify(again.json)).not.toContain(hook.secret);
  });

  it("seals a dialogflow service account and never answers it", async () => {
    const df = await created(a, { type: "dialogflow", name: unique("DF"), projectName: "proj-123", jsonContent: SERVICE_ACCOUNT, language: "es" });
    expect(df).toMatchObject({ type: "dialogflow", projectName: "proj-123", language: "es", jsonContent: "", hasJsonContent: true });
    const row = (await rowOf(a.company.id, df.id))!;
    expect(row.jsonContent).not.toContain("PRIVATE KEY");
    expect(await openIntegrationSecret(testEnv, a.company.id, row.jsonContent)).toBe(SERVICE_ACCOUNT);
  });

  it("names the invalid fields, by type, and writes nothing", async () => {
    const before = await countOf(a.company.id);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{}, { name: "Required" }],
      // The fields a type needs are named once the form's own fields pass.
      [{ name: "Fluxo" }, { urlN8N: "Required", typebotSlug: "Required" }],
      [{ name: "x", type: "n8n", urlN8N: "ftp://nope" }, { name: "Too Short!", urlN8N: "Must be an http(s) URL" }],
      [{ name: "a".repeat(51), type: "webhook" }, { name: "Too Long!", urlN8N: "Required" }],
      [{ name: "Hook", type: "webhook" }, { urlN8N: "Required" }],
      [{ name: "DF ok", type: "dialogflow", jsonContent: "{}" }, { projectName: "Required", jsonContent: "Must be a service account's JSON key" }],
      [{ name: "Tipo", type: "zapier" }, { type: "Unknown type" }],
    ];
    for (const [body, fields] of cases) {
      const res = await call("POST", "/api/queueIntegration", { token: a.admin.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.fields).toEqual(fields);
    }
    expect(await countOf(a.company.id)).toBe(before);
    const first = await created(a, { type: "n8n", name: unique("N8N"), urlN8N: "https://n8n.example/webhook/1" });
    const dup = await call("POST", "/api/queueIntegration", { token: a.admin.token, body: { type: "n8n", name: first.name.toLowerCase(), urlN8N: "https://n8n.example/webhook/2" } });
    expect(dup.status).toBe(409);
    expect(dup.json.error).toBe("ERR_DUPLICATED_INTEGRATION");
  });

  it("refuses a URL the worker may not call (400 naming urlN8N) and stores nothing", async () => {
    const before = await countOf(a.company.id);
    const urls = [
      "http://127.0.0.1:8080/hook",
      "https://127.0.0.1/hook",
      "https://localhost/hook",
      "https://n8n.localhost/hook",
      "https://169.254.169.254/latest/meta-data",
      "https://metadata.google.internal/computeMetadata/v1",
      "https://10.1.2.3/hook",
      "https://172.16.0.1/hook",
      "https://192.168.1.1/hook",
      "https://100.64.0.1/hook",
      "https://0.0.0.0/hook",
      "https://[::1]/hook",
      "https://[fd00::1]/hook",
      "https://[fe80::1]/hook",
      "https://[::ffff:10.0.0.1]/hook",
      "https://0x7f000001/hook",
      "https://017700000001/hook",
      "https://2130706433/hook",
      "https://printer.local/hook",
      "https://intranet/hook",
      "https://user:secret@n8n.example/hook",
      "http://n8n.example/hook",
    ];
    for (const type of ["n8n", "webhook", "typebot"]) {
      for (const urlN8N of urls) {
        const res = await call("POST", "/api/queueIntegration", { token: a.admin.token, body: { type, name: unique("Bad"), urlN8N, typebotSlug: "x" } });
        expect(res.status, `${type} ${urlN8N}`).toBe(400);
        expect(Object.keys(res.json.fields ?? {}), `${type} ${urlN8N}`).toEqual(["urlN8N"]);
      }
    }
    expect(await countOf(a.company.id)).toBe(before);
  });

  it("is an admin's (403) and needs the plan's integrations (403 on every call)", async () => {
    for (const user of [a.supervisor, a.agent]) {
      expect((await call("POST", "/api/queueIntegration", { token: user.token, body: { type: "n8n", name: "Nope", urlN8N: "https://x.example" } })).status).toBe(403);
      expect((await call("GET", "/api/queueIntegration", { token: user.token })).status).toBe(403);
    }
    const plan = await createPlan({ useIntegrations: false });
    const off = await companyWithTeam({ planId: plan.id });
    for (const [method, path] of [["POST", "/api/queueIntegration"], ["GET", "/api/queueIntegration"], ["GET", "/api/queueIntegration/1"], ["PUT", "/api/queueIntegration/1"], ["DELETE", "/api/queueIntegration/1"]] as const) {
      const res = await call(method, path, { token: off.admin.token, body: method === "POST" || method === "PUT" ? { type: "n8n", name: "Nope", urlN8N: "https://x.example" } : undefined });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.json.error).toBe("ERR_PLAN_FEATURE_DISABLED");
    }
  });
});

describe("GET /api/queueIntegration", () => {
  it("pages the company's integrations by name with a search, never another company's", async () => {
    const team = await companyWithTeam();
    for (const name of ["Bravo bot", "Alfa bot", "Charlie flow"]) await created(team, { type: "n8n", name, urlN8N: "https://n8n.example/x" });
    await created(b, { type: "n8n", name: "Alfa bot", urlN8N: "https://n8n.example/x" });
    const all = await call("GET", "/api/queueIntegration", { token: team.admin.token });
    expect(all.json.queueIntegrations.map((i: { name: string }) => i.name)).toEqual(["Alfa bot", "Bravo bot", "Charlie flow"]);
    expect(all.json).toMatchObject({ count: 3, hasMore: false });
    const found = await call("GET", "/api/queueIntegration?searchParam=bot&pageNumber=1", { token: team.admin.token });
    expect(found.json.queueIntegrations.map((i: { name: string }) => i.name)).toEqual(["Alfa bot", "Bravo bot"]);
    expect((await call("GET", "/api/queueIntegration?pageNumber=0", { token: team.admin.token })).status).toBe(400);
  });

  it("answers one, 404 for another company's", async () => {
    const mine = await created(a, { type: "n8n", name: unique("One"), urlN8N: "https://n8n.example/x" });
    expect((await call("GET", `/api/queueIntegration/${mine.id}`, { token: a.admin.token })).json.name).toBe(mine.name);
    const other = await call("GET", `/api/queueIntegration/${mine.id}`, { token: b.admin.token });
    expect(other.status).toBe(404);
    expect(other.json.error).toBe("ERR_NO_QUEUE_INTEGRATION_FOUND");
  });
});

describe("PUT /api/queueIntegration/:id", () => {
  it("replaces the form's fields, keeps a saved service account when none is sent, and validates", async () => {
    const df = await created(a, { type: "dialogflow", name: unique("DF"), projectName: "p1", jsonContent: SERVICE_ACCOUNT });
    const sealed = (await rowOf(a.company.id, df.id))!.jsonContent;
    const res = await call("PUT", `/api/queueIntegration/${df.id}`, { token: a.admin.token, body: { type: "dialogflow", name: df.name, projectName: "p2", language: "en" } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ projectName: "p2", language: "en", hasJsonContent: true });
    expect((await rowOf(a.company.id, df.id))!.jsonContent).toBe(sealed);
    const bad = await call("PUT", `/api/queueIntegration/${df.id}`, { token: a.admin.token, body: { type: "dialogflow", name: "x" } });
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toEqual({ name: "Too Short!", projectName: "Required" });
    expect((await rowOf(a.company.id, df.id))!.projectName).toBe("p2");
  });

  it("refuses a new URL the worker may not call, changing nothing", async () => {
    const mine = await created(a, { type: "webhook", name: unique("Hook"), urlN8N: "https://hooks.example/in" });
    const res = await call("PUT", `/api/queueIntegration/${mine.id}`, { token: a.admin.token, body: { type: "webhook", name: mine.name, urlN8N: "https://127.0.0.1:8788/internal" } });
    expect(res.status).toBe(400);
    expect(res.json.fields).toEqual({ urlN8N: expect.stringContaining("private") });
    expect((await rowOf(a.company.id, mine.id))!.urlN8N).toBe("https://hooks.example/in");
  });

  it("makes a new signing secret when the URL changes (answered once), and keeps it otherwise", async () => {
    const hook = await created(a, { type: "n8n", name: unique("Hook"), urlN8N: "https://hooks.example/in" });
    const same = await call("PUT", `/api/queueIntegration/${hook.id}`, { token: a.admin.token, body: { type: "webhook", name: hook.name, urlN8N: "https://hooks.example/in" } });
    expect(same.status).toBe(200);
    expect(same.json.secret).toBeUndefined();
    const moved = await call("PUT", `/api/queueIntegration/${hook.id}`, { token: a.admin.token, body: { type: "webhook", name: hook.name, urlN8N: "https://other.example/in" } });
    expect(moved.status).toBe(200);
    expect(moved.json.secret).toMatch(/^whsec_/);
    expect(moved.json.secret).not.toBe(hook.secret);
    const row = (await rowOf(a.company.id, hook.id))!;
    expect(await openSigningSecret(testEnv, a.company.id, row.secret, "https://other.example/in")).toBe(moved.json.secret);
    // A type that signs nothing keeps no secret.
    await call("PUT", `/api/queueIntegration/${hook.id}`, { token: a.admin.token, body: { type: "typebot", name: hook.name, urlN8N: "https://other.example/in", typebotSlug: "x" } });
    expect((await rowOf(a.company.id, hook.id))!.secret).toBe("");
  });

  it("is 404 for another company's and 403 for an agent, changing nothing", async () => {
    const mine = await created(a, { type: "n8n", name: unique("Mine"), urlN8N: "https://n8n.example/x" });
    const body = { type: "n8n", name: mine.name, urlN8N: "https://evil.example/x" };
    expect((await call("PUT", `/api/queueIntegration/${mine.id}`, { token: b.admin.token, body })).status).toBe(404);
    expect((await call("PUT", `/api/queueIntegration/${mine.id}`, { token: a.agent.token, body })).status).toBe(403);
    expect((await rowOf(a.company.id, mine.id))!.urlN8N).toBe("https://n8n.example/x");
  });
});

describe("DELETE /api/queueIntegration/:id", () => {
  it("deletes the company's integration; another company's 404 and an agent's try 403 leave it", async () => {
    const mine = await created(a, { type: "n8n", name: unique("Del"), urlN8N: "https://n8n.example/x" });
    expect((await call("DELETE", `/api/queueIntegration/${mine.id}`, { token: b.admin.token })).status).toBe(404);
    expect((await call("DELETE", `/api/queueIntegration/${mine.id}`, { token: a.agent.token })).status).toBe(403);
    expect(await rowOf(a.company.id, mine.id)).toBeDefined();
    expect((await call("DELETE", `/api/queueIntegration/${mine.id}`, { token: a.admin.token })).status).toBe(200);
    expect(await rowOf(a.company.id, mine.id)).toBeUndefined();
  });
});
