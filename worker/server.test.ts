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
