import { createExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Env } from "./env";
import { createWorker } from "./server";
import { call, companyWithTeam, testEnv } from "./testing/fixtures";

describe("a deployment without its secrets", () => {
  it("refuses to serve instead of running with defaults", async () => {
    const worker = createWorker();
    const env = { ...testEnv, JWT_SECRET: "" };
    const res = await worker.fetch(new Request("http://zapdesk.test/api/version"), env, createExecutionContext());
    expect(res.status).toBe(503);
    expect(await res.text()).toContain("missing its secrets");
  });

  it("refuses to serve without PUBLIC_URL, with an http one, or with EGRESS_ALLOW (local runs only)", async () => {
    const worker = createWorker();
    const deployed: Env = { ...testEnv, APP_ENV: "production", EGRESS_ALLOW: undefined, PUBLIC_URL: "https://app.example.com" };
    const answer = (env: Env) => worker.fetch(new Request("http://zapdesk.test/api/version"), env, createExecutionContext());
    expect((await answer(deployed)).status).toBe(200);
    for (const env of [
      { ...deployed, PUBLIC_URL: "" },
      { ...deployed, PUBLIC_URL: "http://app.example.com" },
      { ...deployed, EGRESS_ALLOW: "http://127.0.0.1:8789" },
      { ...deployed, APP_ENV: undefined, EGRESS_ALLOW: "http://127.0.0.1:8789" },
    ]) {
      expect((await answer(env)).status, JSON.stringify({ PUBLIC_URL: env.PUBLIC_URL, EGRESS_ALLOW: env.EGRESS_ALLOW, APP_ENV: env.APP_ENV })).toBe(503);
    }
  });

  it("refuses a secret that is too short to be safe", async () => {
    const worker = createWorker();
    const env = { ...testEnv, BRIDGE_SECRET: "short" };
    const res = await worker.fetch(new Request("http://zapdesk.test/api/version"), env, createExecutionContext());
    expect(res.status).toBe(503);
  });
});

/** Each directive of a CSP header, by name. */
function directives(res: { headers: Headers }): Map<string, string> {
  const policy = res.headers.get("content-security-policy") ?? "";
  return new Map(
    policy
      .split(";")
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.split(/\s+/)[0]!, d.slice(d.indexOf(" ") + 1)] as [string, string]),
  );
}

function expectCommonHeaders(res: { headers: Headers }) {
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(res.headers.get("x-frame-options")).toBe("DENY");
  expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  const permissions = res.headers.get("permissions-policy") ?? "";
  expect(permissions).toContain("microphone=(self)");
  for (const denied of ["camera", "geolocation", "payment", "usb"]) expect(permissions).toContain(`${denied}=()`);
  expect(directives(res).get("frame-ancestors")).toBe("'none'");
}

describe("security headers", () => {
  it("are on an API answer: it runs and loads nothing, and is never framed (no HSTS over plain HTTP)", async () => {
    const res = await call("GET", "/api/version");
    expect(res.status).toBe(200);
    expectCommonHeaders(res);
    expect(directives(res).get("default-src")).toBe("'none'");
    expect(res.headers.get("strict-transport-security")).toBeNull();
  });

  it("are on error answers: at the edge, in a company's hub, and a refused cross-site write", async () => {
    const { admin } = await companyWithTeam();
    const missing = await call("GET", "/api/tickets");
    expect(missing.status).toBe(401);
    const notFound = await call("GET", "/api/tags/999999999", { token: admin.token });
    expect(notFound.status).toBe(404);
    const csrf = await call("POST", "/api/tags", { headers: { cookie: `zd_at=${admin.token}`, origin: "https://evil.example" }, body: {} });
    expect(csrf.status).toBe(403);
    for (const res of [missing, notFound, csrf]) {
      expectCommonHeaders(res);
      expect(directives(res).get("default-src")).toBe("'none'");
    }
  });

  it("add HSTS when the request came over HTTPS", async () => {
    const res = await createWorker().fetch(new Request("https://zapdesk.test/api/version"), testEnv, createExecutionContext());
    expect(res.headers.get("strict-transport-security")).toMatch(/^max-age=\d{7,}/);
  });

  it("give a page a policy whose only inline scripts are those with the nonce it was rendered with, fresh per page", async () => {
    const nonces: string[] = [];
    const worker = createWorker(async (_request, _env, _ctx, { nonce }) => {
      nonces.push(nonce);
      return new Response(`<!doctype html><script nonce="${nonce}">1</script>`, { headers: { "content-type": "text/html" } });
    });
    const pages = [];
    for (let i = 0; i < 2; i++) pages.push(await worker.fetch(new Request("http://zapdesk.test/login"), testEnv, createExecutionContext()));
    expect(nonces[0]).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(nonces[1]).not.toBe(nonces[0]);
    pages.forEach((page, i) => {
      expectCommonHeaders(page);
      const csp = directives(page);
      // The test deployment offers Embedded Signup: Meta's SDK is the one other script source.
      expect(csp.get("script-src")).toBe(`'self' 'nonce-${nonces[i]}' https://connect.facebook.net`);
      expect(csp.get("object-src")).toBe("'none'");
      expect(csp.get("base-uri")).toBe("'none'");
      expect(csp.get("connect-src")).toBe("'self' ws://zapdesk.test https://*.facebook.com");
      expect(csp.get("worker-src")).toBe("'self'");
    });
    const secure = await worker.fetch(new Request("https://zapdesk.test/tickets"), testEnv, createExecutionContext());
    expect(directives(secure).get("connect-src")).toBe("'self' wss://zapdesk.test https://*.facebook.com");
    // A page that fails still answers with the headers.
    const failing = createWorker(async () => {
      throw new Error("render failed");
    });
    const failed = await failing.fetch(new Request("http://zapdesk.test/tickets"), testEnv, createExecutionContext());
    expect(failed.status).toBe(500);
    expectCommonHeaders(failed);
  });

  it("let Facebook's SDK load only where the deployment offers Embedded Signup, and a fake SDK only from its own origin", async () => {
    const worker = createWorker(async () => new Response("<!doctype html>", { headers: { "content-type": "text/html" } }));
    const pageWith = async (env: typeof testEnv) => directives(await worker.fetch(new Request("http://zapdesk.test/connections"), env, createExecutionContext()));
    const without = await pageWith({ ...testEnv, META_CONFIG_ID: undefined });
    expect(without.get("script-src")).toMatch(/^'self' 'nonce-[A-Za-z0-9_-]+'$/);
    expect(without.get("frame-src")).not.toContain("facebook");
    const meta = await pageWith(testEnv);
    expect(meta.get("frame-src")).toContain("https://*.facebook.com");
    const fake = await pageWith({ ...testEnv, FACEBOOK_SDK_URL: "http://127.0.0.1:8789/facebook/sdk.js" });
    expect(fake.get("script-src")).toMatch(/ http:\/\/127\.0\.0\.1:8789$/);
    expect(fake.get("frame-src")).toMatch(/ http:\/\/127\.0\.0\.1:8789$/);
    expect(fake.get("connect-src")).not.toContain("facebook");
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
      expectCommonHeaders(res);
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

describe("an address that is not valid percent-encoded UTF-8", () => {
  const BAD = ["%ED%A0%80", "%C3%28", "%FF", "%E2%82", "100%", "%zz"];

  it("answers 400 in the error shape on an API route, in its path or its query", async () => {
    const { agent } = await companyWithTeam();
    for (const bad of BAD) {
      for (const path of [`/api/tickets/${bad}`, `/api/tickets?searchParam=${bad}`, `/api/logos/${bad}`]) {
        const res = await call("GET", path, { token: agent.token });
        expect(res.status, path).toBe(400);
        expect(res.json.error, path).toBe("ERR_MALFORMED_URL");
        expectCommonHeaders(res);
      }
    }
    // Well-encoded text, accents and emoji included, goes on as before.
    expect((await call("GET", `/api/tickets?searchParam=${encodeURIComponent("ação 💩")}`, { token: agent.token })).status).toBe(200);
  });

  it("answers 400 on a page, before the page decodes it", async () => {
    const seen: string[] = [];
    // As Remix's router does, the page decodes its path.
    const worker = createWorker(async (request) => {
      seen.push(decodeURIComponent(new URL(request.url).pathname));
      return new Response("ok");
    });
    for (const bad of BAD) {
      for (const path of [`/tickets/${bad}`, `/contacts?search=${bad}`]) {
        const res = await worker.fetch(new Request(`http://zapdesk.test${path}`), testEnv, createExecutionContext());
        expect(res.status, path).toBe(400);
        expect(await res.text()).toBe("The address is not valid percent-encoded UTF-8.");
      }
    }
    expect(seen).toEqual([]);
    expect((await worker.fetch(new Request("http://zapdesk.test/tickets/a%C3%A7%C3%A3o"), testEnv, createExecutionContext())).status).toBe(200);
    expect(seen).toEqual(["/tickets/ação"]);
  });
});

describe("the public API's reference page", () => {
  it("reaches the pages at /api/docs (and its data), while the rest of /api stays the API's", async () => {
    const seen: string[] = [];
    const worker = createWorker(async (request) => {
      seen.push(new URL(request.url).pathname);
      return new Response("page", { headers: { "content-type": "text/html" } });
    });
    for (const path of ["/api/docs", "/api/docs.data?_routes=routes%2Fapi.docs"]) {
      const res = await worker.fetch(new Request(`http://zapdesk.test${path}`), testEnv, createExecutionContext());
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-security-policy"), path).toContain("script-src 'self' 'nonce-");
    }
    expect(seen).toEqual(["/api/docs", "/api/docs.data"]);
    const document = await worker.fetch(new Request("http://zapdesk.test/api/openapi.json"), testEnv, createExecutionContext());
    expect((await document.json<{ openapi: string }>()).openapi).toBe("3.1.0");
    const other = await worker.fetch(new Request("http://zapdesk.test/api/docsx"), testEnv, createExecutionContext());
    expect(other.status).toBe(401);
    expect(seen).toHaveLength(2);
  });
});
