import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiTokens } from "../../db/tenant";
import { hashApiToken } from "../../domain/publicApi/authorizeApiToken";
import { call, companyWithTeam, inTenant } from "../../testing/fixtures";
import { callApi } from "../../testing/publicApi";

type Team = Awaited<ReturnType<typeof companyWithTeam>>;
let a: Team;
let b: Team;
beforeAll(async () => {
  [a, b] = await Promise.all([companyWithTeam(), companyWithTeam()]);
});

const inAnHour = () => new Date(Date.now() + 60 * 60 * 1000).toISOString();
const countOf = (companyId: number) => inTenant(companyId, (db) => db.select({ id: apiTokens.id }).from(apiTokens).all().length);

async function created(team: Team = a, body: Record<string, unknown> = {}) {
  const res = await call("POST", "/api/api-tokens", { token: team.admin.token, body: { name: "ERP", scopes: ["company:read"], ...body } });
  expect(res.status).toBe(201);
  return res.json as { token: string; apiToken: { id: number; prefix: string } & Record<string, unknown> };
}

describe("POST /api/api-tokens", () => {
  it("makes a token shown whole once, keeps only its hash, and the token calls the public API", async () => {
    const expiresAt = inAnHour();
    const res = await call("POST", "/api/api-tokens", { token: a.admin.token, body: { name: " ERP ", scopes: ["company:read", "tickets:read", "company:read"], expiresAt } });
    expect(res.status).toBe(201);
    const { token, apiToken } = res.json;
    expect(token).toMatch(new RegExp(`^zdk_${a.company.id}_[A-Za-z0-9_-]{43}$`));
    expect(apiToken).toMatchObject({
      name: "ERP",
      scopes: ["company:read", "tickets:read"],
      expiresAt: new Date(expiresAt).toISOString(),
      lastUsedAt: null,
      revokedAt: null,
      createdBy: { id: a.admin.id, name: a.admin.name },
    });
    expect(token.startsWith(apiToken.prefix)).toBe(true);
    expect(apiToken.prefix.length).toBeLessThan(token.length - 30);
    const row = (await inTenant(a.company.id, (db) => db.select().from(apiTokens).where(eq(apiTokens.id, apiToken.id)).get()))!;
    expect(row.tokenHash).toBe(await hashApiToken(token));
    expect(JSON.stringify(row)).not.toContain(token.slice(-43));
    expect((await callApi("GET", "/queues", token)).status).toBe(200);
    // Listed afterwards without the secret.
    const list = await call("GET", "/api/api-tokens", { token: a.admin.token });
    expect(JSON.stringify(list.json)).not.toContain(token.slice(-43));
  });

  it("refuses an expiry that is not in the future and stores nothing", async () => {
    const before = await countOf(a.company.id);
    const res = await call("POST", "/api/api-tokens", { token: a.admin.token, body: { name: "Old", scopes: ["company:read"], expiresAt: new Date(Date.now() - 1000).toISOString() } });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: "ERR_VALIDATION", fields: { expiresAt: "Must be in the future" } });
    expect(await countOf(a.company.id)).toBe(before);
  });

  it("names the invalid fields and stores nothing", async () => {
    const before = await countOf(a.company.id);
    const res = await call("POST", "/api/api-tokens", { token: a.admin.token, body: { name: "", scopes: ["tickets:delete"], expiresAt: "tomorrow" } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.json.fields).sort()).toEqual(["expiresAt", "name", "scopes.0"]);
    const none = await call("POST", "/api/api-tokens", { token: a.admin.token, body: { name: "No scopes", scopes: [] } });
    expect(none.status).toBe(400);
    expect(none.json.fields).toHaveProperty("scopes");
    expect(await countOf(a.company.id)).toBe(before);
  });

  it("is an admin's: a supervisor or an agent gets 403 whatever the body, and nothing is stored", async () => {
    const before = await countOf(a.company.id);
    for (const user of [a.supervisor, a.agent]) {
      for (const body of [{ name: "Mine", scopes: ["company:read"] }, { name: "" }]) {
        const res = await call("POST", "/api/api-tokens", { token: user.token, body });
        expect(res.status).toBe(403);
      }
    }
    expect(await countOf(a.company.id)).toBe(before);
  });
});

describe("GET /api/api-tokens", () => {
  it("lists the company's tokens newest first with their maker, never another company's", async () => {
    const team = await companyWithTeam();
    const first = await created(team, { name: "Primeiro" });
    const second = await created(team, { name: "Segundo" });
    await created(b, { name: "De outra empresa" });
    const res = await call("GET", "/api/api-tokens", { token: team.admin.token });
    expect(res.status).toBe(200);
    expect(res.json.map((t: { id: number }) => t.id)).toEqual([second.apiToken.id, first.apiToken.id]);
    expect(res.json[0]).toEqual(second.apiToken);
  });

  it("is an admin's: a supervisor or an agent gets 403", async () => {
    for (const user of [a.supervisor, a.agent]) expect((await call("GET", "/api/api-tokens", { token: user.token })).status).toBe(403);
  });
});

describe("DELETE /api/api-tokens/:id", () => {
  it("revokes the token at once: its next call is 401, and it stays listed as revoked", async () => {
    const { token, apiToken } = await created();
    expect((await callApi("GET", "/queues", token)).status).toBe(200);
    const res = await call("DELETE", `/api/api-tokens/${apiToken.id}`, { token: a.admin.token });
    expect(res.status).toBe(200);
    expect(res.json.revokedAt).toEqual(expect.any(String));
    expect((await callApi("GET", "/queues", token)).status).toBe(401);
    const again = await call("DELETE", `/api/api-tokens/${apiToken.id}`, { token: a.admin.token });
    expect(again.json.revokedAt).toBe(res.json.revokedAt);
    const list = await call("GET", "/api/api-tokens", { token: a.admin.token });
    expect(list.json.find((t: { id: number }) => t.id === apiToken.id).revokedAt).toBe(res.json.revokedAt);
  });

  it("answers 404 for another company's token and leaves it working", async () => {
    const theirs = await created(b);
    const res = await call("DELETE", `/api/api-tokens/${theirs.apiToken.id}`, { token: a.admin.token });
    expect(res.status).toBe(404);
    expect(res.json.error).toBe("ERR_NO_API_TOKEN_FOUND");
    expect((await call("DELETE", "/api/api-tokens/abc", { token: a.admin.token })).status).toBe(404);
    expect((await callApi("GET", "/queues", theirs.token)).status).toBe(200);
  });

  it("is an admin's: a supervisor or an agent gets 403 and the token keeps working", async () => {
    const { token, apiToken } = await created();
    for (const user of [a.supervisor, a.agent]) expect((await call("DELETE", `/api/api-tokens/${apiToken.id}`, { token: user.token })).status).toBe(403);
    expect((await callApi("GET", "/queues", token)).status).toBe(200);
  });
});
