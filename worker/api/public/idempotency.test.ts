import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { apiRequests } from "../../db/tenant";
import { tenantHousekeeping } from "../../jobs/housekeeping";
import { companyWithTeam, inTenant } from "../../testing/fixtures";
import { apiTokenOf, callApiWithRoutes } from "../../testing/publicApi";
import { publicRoute } from "./publicRoute";

/** A POST declared for this test only: it counts the times it acted, slowly enough for two calls to overlap. */
function countingRoute() {
  const acted: string[] = [];
  const route = publicRoute(
    {
      method: "post",
      path: "/test-notes",
      operationId: "testNote",
      summary: "A test's POST",
      tag: "Tickets",
      scope: "tickets:write",
      body: z.object({ text: z.string().min(1) }),
      response: { status: 201, schema: z.strictObject({ n: z.number(), text: z.string() }), example: { n: 1, text: "oi" } },
      errors: [],
    },
    async ({ body }) => {
      acted.push(body.text);
      const n = acted.length;
      await new Promise((r) => setTimeout(r, 100));
      return { n, text: body.text };
    },
  );
  return { route, acted };
}

async function setting() {
  const team = await companyWithTeam();
  const { token, id } = await apiTokenOf(team.admin);
  const { route, acted } = countingRoute();
  const post = (body: unknown, key?: string, as = token) =>
    callApiWithRoutes(team.company.id, [route], "POST", "/test-notes", as, { body, headers: key === undefined ? {} : { "Idempotency-Key": key } });
  return { team, token, tokenId: id, acted, post };
}

describe("Idempotency-Key on the public API's POSTs", () => {
  it("acts once and answers a repeat of the key with the first answer, marked replayed", async () => {
    const { acted, post } = await setting();
    const first = await post({ text: "oi" }, "k-1");
    expect(first).toMatchObject({ status: 201, json: { n: 1, text: "oi" } });
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    const again = await post({ text: "oi" }, "k-1");
    expect(again).toMatchObject({ status: 201, json: { n: 1, text: "oi" } });
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(acted).toEqual(["oi"]);
  });

  it("acts every time without a key", async () => {
    const { acted, post } = await setting();
    await post({ text: "a" });
    await post({ text: "a" });
    expect(acted).toEqual(["a", "a"]);
  });

  it("refuses the same key with another request with 409 ERR_IDEMPOTENCY_KEY_REUSED", async () => {
    const { acted, post } = await setting();
    await post({ text: "primeiro" }, "k-2");
    const other = await post({ text: "segundo" }, "k-2");
    expect(other.status).toBe(409);
    expect(other.json.error).toBe("ERR_IDEMPOTENCY_KEY_REUSED");
    expect(acted).toEqual(["primeiro"]);
  });

  it("lets only one of two concurrent requests with one key act; the other is told it is in progress", async () => {
    const { acted, post } = await setting();
    const answers = await Promise.all([post({ text: "junto" }, "k-3"), post({ text: "junto" }, "k-3")]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.status === 409)!.json.error).toBe("ERR_IDEMPOTENCY_KEY_IN_PROGRESS");
    expect(acted).toEqual(["junto"]);
    expect((await post({ text: "junto" }, "k-3")).headers["idempotent-replayed"]).toBe("true");
  });

  it("frees the key of a refused request, so the corrected request goes on with it", async () => {
    const { acted, post } = await setting();
    const refused = await post({ text: "" }, "k-4");
    expect(refused.status).toBe(400);
    const fixed = await post({ text: "corrigido" }, "k-4");
    expect(fixed).toMatchObject({ status: 201, json: { n: 1, text: "corrigido" } });
    expect(acted).toEqual(["corrigido"]);
  });

  it("keeps keys per token, answers 403 to a token without the scope whatever its key, and refuses an over-long key", async () => {
    const { team, acted, post } = await setting();
    await post({ text: "x" }, "k-5");
    const other = await apiTokenOf(team.admin);
    expect((await post({ text: "x" }, "k-5", other.token)).json).toEqual({ n: 2, text: "x" });
    const reader = await apiTokenOf(team.admin, { scopes: ["tickets:read"] });
    expect((await post({ text: "y" }, "k-5", reader.token)).status).toBe(403);
    const long = await post({ text: "x" }, "k".repeat(256));
    expect(long.status).toBe(400);
    expect(long.json.fields).toHaveProperty("Idempotency-Key");
    expect(acted).toEqual(["x", "x"]);
  });

  it("keeps a key 24 hours, then the tenant's housekeeping drops it", async () => {
    const { team, tokenId, post } = await setting();
    await post({ text: "z" }, "k-6");
    const row = (await inTenant(team.company.id, (db) => db.select().from(apiRequests).where(eq(apiRequests.tokenId, tokenId)).get()))!;
    expect(row.state).toBe("done");
    expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(23 * 60 * 60 * 1000);
    const left = await inTenant(team.company.id, (db) => {
      tenantHousekeeping(db, new Date(Date.now() + 60 * 60 * 1000));
      const kept = db.select().from(apiRequests).where(eq(apiRequests.tokenId, tokenId)).all().length;
      tenantHousekeeping(db, new Date(row.expiresAt.getTime() + 1));
      return [kept, db.select().from(apiRequests).where(eq(apiRequests.tokenId, tokenId)).all().length];
    });
    expect(left).toEqual([1, 0]);
  });
});
