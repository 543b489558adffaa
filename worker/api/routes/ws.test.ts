import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { companyWithTeam, ORIGIN } from "../../testing/fixtures";

type Worker = { fetch(req: Request): Promise<Response> };

/** A websocket upgrade as a browser sends it, through the real worker entry. */
async function upgrade({ query = "", headers = {} }: { query?: string; headers?: Record<string, string> }) {
  const res = await (exports as unknown as { default: Worker }).default.fetch(
    new Request(`${ORIGIN}/api/ws${query}`, { headers: { upgrade: "websocket", ...headers } }),
  );
  if (res.webSocket) {
    res.webSocket.accept();
    res.webSocket.close(1000, "done");
    return { status: res.status, json: null };
  }
  return { status: res.status, json: (await res.json()) as { error: string } };
}

describe("GET /api/ws", () => {
  it("refuses an upgrade authenticated by the session cookie from another site (cross-site websocket hijacking)", async () => {
    const { agent } = await companyWithTeam();
    const res = await upgrade({ headers: { cookie: `zd_at=${agent.token}`, origin: "https://evil.example" } });
    expect(res.status).toBe(403);
    expect(res.json?.error).toBe("ERR_CSRF");
  });

  it("refuses a cookie upgrade that names no Origin, or the opaque one", async () => {
    const { agent } = await companyWithTeam();
    expect((await upgrade({ headers: { cookie: `zd_at=${agent.token}` } })).status).toBe(403);
    expect((await upgrade({ headers: { cookie: `zd_at=${agent.token}`, origin: "null" } })).status).toBe(403);
  });

  it("accepts a cookie upgrade from our own pages", async () => {
    const { agent } = await companyWithTeam();
    const res = await upgrade({ headers: { cookie: `zd_at=${agent.token}`, origin: ORIGIN } });
    expect(res.status).toBe(101);
  });

  it("accepts the token in the query from any origin: a page of another site cannot know it", async () => {
    const { agent } = await companyWithTeam();
    const res = await upgrade({ query: `?token=${encodeURIComponent(agent.token)}`, headers: { origin: "https://elsewhere.example" } });
    expect(res.status).toBe(101);
  });
});
