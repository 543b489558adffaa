import { createExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createWorker } from "./server";
import { testEnv } from "./testing/fixtures";

describe("a deployment without its secrets", () => {
  it("refuses to serve instead of running with defaults", async () => {
    const worker = createWorker();
    const env = { ...testEnv, JWT_SECRET: "" };
    const res = await worker.fetch(new Request("http://zapdesk.test/api/version"), env, createExecutionContext());
    expect(res.status).toBe(503);
    expect(await res.text()).toContain("missing its secrets");
  });

  it("refuses a secret that is too short to be safe", async () => {
    const worker = createWorker();
    const env = { ...testEnv, BRIDGE_SECRET: "short" };
    const res = await worker.fetch(new Request("http://zapdesk.test/api/version"), env, createExecutionContext());
    expect(res.status).toBe(503);
  });
});

describe("page actions", () => {
  const page = () => {
    const seen: string[] = [];
    const worker = createWorker(async (request) => {
      seen.push(request.method);
      return new Response("ok");
    });
    const post = (headers: Record<string, string>) =>
      worker.fetch(
        new Request("http://zapdesk.test/login", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", ...headers }, body: "email=a%40b.co" }),
        testEnv,
        createExecutionContext(),
      );
    return { seen, post };
  };

  it("refuse a form posted from another site's page or an opaque origin with 403, before the page runs", async () => {
    const { seen, post } = page();
    for (const origin of ["https://evil.example", "null"]) {
      const res = await post({ origin });
      expect(res.status).toBe(403);
      expect(await res.text()).toBe("Cross-site request refused.");
    }
    expect(seen).toEqual([]);
  });

  it("run for our own pages and for a client that sends no Origin", async () => {
    const { seen, post } = page();
    expect((await post({ origin: "http://zapdesk.test" })).status).toBe(200);
    expect((await post({})).status).toBe(200);
    expect(seen).toEqual(["POST", "POST"]);
  });
});
