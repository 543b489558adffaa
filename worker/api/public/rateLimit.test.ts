import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { API_TOKEN_RATE_LIMIT } from "../../contracts/publicApi/scopes";
import { apiTokens } from "../../db/tenant";
import { awayFromWindowEdge, callInProcess, companyWithTeam, inTenant } from "../../testing/fixtures";
import { apiTokenOf } from "../../testing/publicApi";
import { countApiCall } from "./rateLimit";

const { max, windowSeconds } = API_TOKEN_RATE_LIMIT;
const callQueues = (token: string) => callInProcess("GET", "/api/v1/queues", { token });

describe("a company API token's rate limit", () => {
  it("answers 429 with Retry-After past the limit, counting refused calls too, and other tokens go on", async () => {
    const team = await companyWithTeam();
    const [limited, other, scopeless] = await Promise.all([
      apiTokenOf(team.admin),
      apiTokenOf(team.admin),
      apiTokenOf(team.admin, { scopes: ["tickets:read"] }),
    ]);
    await awayFromWindowEdge(windowSeconds, 20_000);
    for (let i = 0; i < max / 2; i++) expect((await callQueues(limited.token)).status).toBe(200);
    // Calls that fail count as well.
    for (let i = 0; i < max / 2; i++) expect((await callInProcess("GET", "/api/v1/no-such-thing", { token: limited.token })).status).toBe(404);
    const refused = await callQueues(limited.token);
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ error: "ERR_RATE_LIMITED", retryAfter: expect.any(Number) });
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBe(refused.json.retryAfter);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
    expect((await callQueues(other.token)).status).toBe(200);
    expect((await callQueues(scopeless.token)).status).toBe(403);
  });

  it("opens again in the next window", () => {
    const tokenId = -Date.now(); // no real token has it
    const windowMs = windowSeconds * 1000;
    const start = Math.ceil(Date.now() / windowMs) * windowMs;
    for (let i = 0; i < max; i++) expect(countApiCall(tokenId, start + i)).toBeNull();
    expect(countApiCall(tokenId, start + windowMs - 1500)).toBe(2);
    expect(countApiCall(tokenId, start + windowMs - 1)).toBe(1);
    expect(countApiCall(tokenId, start + windowMs)).toBeNull();
  });
});

describe("a company API token's last use", () => {
  const lastUsedOf = (companyId: number, id: number) =>
    inTenant(companyId, (db) => db.select({ at: apiTokens.lastUsedAt }).from(apiTokens).where(eq(apiTokens.id, id)).get()!.at);

  it("is noted on use, at most once a minute", async () => {
    const team = await companyWithTeam();
    const { token, id } = await apiTokenOf(team.admin);
    expect(await lastUsedOf(team.company.id, id)).toBeNull();
    expect((await callQueues(token)).status).toBe(200);
    const first = (await lastUsedOf(team.company.id, id))!;
    expect(Math.abs(first.getTime() - Date.now())).toBeLessThan(10_000);
    expect((await callQueues(token)).status).toBe(200);
    expect(await lastUsedOf(team.company.id, id)).toEqual(first);
    const twoMinutesAgo = new Date(Date.now() - 2 * 60 * 1000);
    await inTenant(team.company.id, (db) => db.update(apiTokens).set({ lastUsedAt: twoMinutesAgo }).where(eq(apiTokens.id, id)).run());
    expect((await callQueues(token)).status).toBe(200);
    expect((await lastUsedOf(team.company.id, id))!.getTime()).toBeGreaterThan(twoMinutesAgo.getTime() + 60_000);
  });
});
