import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiTokens } from "../../db/tenant";
import { companyWithTeam, createQueue, inTenant } from "../../testing/fixtures";
import { apiTokenOf, callApi } from "../../testing/publicApi";

describe("the public API's company tokens", () => {
  it("lists the token's own company's queues, never another's", async () => {
    const [a, b] = await Promise.all([companyWithTeam(), companyWithTeam()]);
    const [queueA] = await Promise.all([createQueue(a.company.id, { name: "Vendas A" }), createQueue(b.company.id, { name: "Vendas B" })]);
    const { token } = await apiTokenOf(a.admin);
    const res = await callApi("GET", "/queues", token);
    expect(res.status).toBe(200);
    expect(res.json.items).toEqual([{ id: queueA.id, name: "Vendas A", color: queueA.color }]);
  });

  it("refuses a missing, malformed, unknown, revoked or expired token with one 401", async () => {
    const team = await companyWithTeam();
    const revoked = await apiTokenOf(team.admin);
    await inTenant(team.company.id, (db) => db.update(apiTokens).set({ revokedAt: new Date() }).where(eq(apiTokens.id, revoked.id)).run());
    const expired = await apiTokenOf(team.admin, { expiresAt: new Date(Date.now() - 1000) });
    const valid = await apiTokenOf(team.admin);
    const unknown = valid.token.slice(0, -4) + "AAAA";
    for (const token of [undefined, "not-a-token", unknown, revoked.token, expired.token]) {
      const res = await callApi("GET", "/queues", token as string);
      expect(res.status).toBe(401);
      expect(res.json.error).toBe("ERR_API_TOKEN_INVALID");
    }
  });

  it("refuses a session's access token: the public API takes company API tokens only", async () => {
    const team = await companyWithTeam();
    const res = await callApi("GET", "/queues", team.admin.token);
    expect(res.status).toBe(401);
  });

  it("answers 403 naming the scope when the token lacks it", async () => {
    const team = await companyWithTeam();
    const { token } = await apiTokenOf(team.admin, { scopes: ["tickets:read"] });
    const res = await callApi("GET", "/queues", token);
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ error: "ERR_API_SCOPE", scope: "company:read" });
  });

  it("stops working when its maker is no longer an admin", async () => {
    const team = await companyWithTeam();
    const { token } = await apiTokenOf(team.supervisor);
    expect((await callApi("GET", "/queues", token)).status).toBe(401);
  });
});
