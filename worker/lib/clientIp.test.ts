import { createExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createWorker } from "../server";
import { awayFromWindowEdge, call, ORIGIN, testEnv } from "../testing/fixtures";
import { clientIp } from "./clientIp";
import { limits } from "../domain/shared/rateLimit";

const headers = (values: Record<string, string>) => new Headers(values);

describe("clientIp", () => {
  it("is the address Cloudflare sets, never x-real-ip or x-forwarded-for that a client writes", () => {
    const spoofed = { "x-real-ip": "198.51.100.7", "x-forwarded-for": "192.0.2.1, 192.0.2.2" };
    expect(clientIp(headers({ "cf-connecting-ip": "203.0.113.9", ...spoofed }), {})).toBe("203.0.113.9");
    // Without it (a local run) every caller shares one budget rather than choose its own.
    expect(clientIp(headers(spoofed), {})).toBe("local");
  });

  it("is the last entry of the header a trusted proxy sets, when the operator names one", () => {
    const env = { TRUSTED_PROXY_HEADER: "X-Forwarded-For" };
    // The client may send a list of its own; the proxy appends the address it saw.
    expect(clientIp(headers({ "x-forwarded-for": "192.0.2.1, 203.0.113.5", "cf-connecting-ip": "198.51.100.1" }), env)).toBe("203.0.113.5");
    // A request that did not come through the proxy falls back to Cloudflare's address.
    expect(clientIp(headers({ "cf-connecting-ip": "198.51.100.1" }), env)).toBe("198.51.100.1");
  });
});

const wrongLogin = (i: number, extra: Record<string, string>) =>
  new Request(`${ORIGIN}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", ...extra },
    body: JSON.stringify({ email: `nobody-${i}@client-ip.test`, password: "wrong" }),
  });
const attempts = limits.loginPerIp.max + 1;

describe("POST /api/auth/login per address", () => {
  it("gives callers no fresh budget for writing a fresh x-real-ip or x-forwarded-for", async () => {
    await awayFromWindowEdge(limits.loginPerIp.windowSeconds);
    const results = await Promise.all(
      Array.from({ length: attempts }, (_, i) =>
        call("POST", "/api/auth/login", {
          body: { email: `nobody-${i}@client-ip.test`, password: "wrong" },
          headers: { "x-real-ip": `198.51.100.${i}`, "x-forwarded-for": `192.0.2.${i}` },
        }),
      ),
    );
    const codes = results.map((r) => r.json.error);
    expect(codes.filter((c) => c === "ERR_INVALID_CREDENTIALS")).toHaveLength(limits.loginPerIp.max);
    expect(codes.filter((c) => c === "ERR_RATE_LIMITED")).toHaveLength(1);
  });

  it("counts by the trusted proxy's header when TRUSTED_PROXY_HEADER names one", async () => {
    const worker = createWorker();
    const env = { ...testEnv, TRUSTED_PROXY_HEADER: "x-client-ip" };
    await awayFromWindowEdge(limits.loginPerIp.windowSeconds);
    const results = await Promise.all(
      Array.from({ length: attempts }, (_, i) =>
        // Behind the proxy, Cloudflare sees the proxy's many addresses; the proxy names the one caller.
        worker.fetch(wrongLogin(100 + i, { "x-client-ip": "203.0.113.77", "cf-connecting-ip": `198.51.100.${i}` }), env, createExecutionContext()),
      ),
    );
    const codes = await Promise.all(results.map(async (r) => ((await r.json()) as { error: string }).error));
    expect(codes.filter((c) => c === "ERR_INVALID_CREDENTIALS")).toHaveLength(limits.loginPerIp.max);
    expect(codes.filter((c) => c === "ERR_RATE_LIMITED")).toHaveLength(1);
  });
});
