import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { BRIDGE_HEADERS } from "../contracts/bridge";
import { idRangeStart } from "../contracts/ids";
import { signBridgeRequest } from "../lib/bridgeSignature";
import { createBridgeRoutes } from "../bridge/routes";
import { bridgeCall, deliver, inbound } from "../testing/bridge";
import { useFakeHost } from "../testing/fakeHost";
import { call, callInProcess, companyWithTeam, createCompany, createUser, FIRST_FIXTURE_COMPANY_ID, loginAs, platformAdmin, testEnv } from "../testing/fixtures";
import { createApi } from "./app";
import { createEdgeApi } from "./edge";

/**
 * Issue 21: ids are platform-wide and reach 10^13 (company N's rows start above (N - 1) × 10^9), but a parser that
 * took at most 9 digits kept every company but the first from connecting WhatsApp. This walks every route the
 * worker serves (read from the Hono apps themselves, so a route added later is walked too) with ids in the high
 * range and with a small one, and shows each answers the same.
 */

/** A high id, and the first id of the company numbered 9,999 (the last row id a 9-digit parser would refuse). */
const HIGH_IDS = [9_000_000_000_123, idRangeStart(9_999) + 1];
const SMALL_ID = 123;

/** The path parameters that are ids (ours: rows of a company, or companies). */
const ID_PARAMS = new Set(["id", "companyId", "ticketId", "tagId", "messageId", "optionId", "templateId", "macroId"]);
/** The path parameters that are not ids, each with the fixed value the walk puts there. */
const OTHER_PARAMS: Record<string, string> = {
  uuid: "5f0c1b9e-3c1d-4d6b-9a51-2a4c9b1e7d00",
  key: "userCreation",
  kind: "login",
  sessionId: "5f0c1b9e-3c1d-4d6b-9a51-2a4c9b1e7d01",
  // A session host's id (issue 30) is the host's own text, not a platform id.
  hostId: "walk-host",
};

interface Route {
  method: string;
  /** The full path as a client calls it, with `:name` parameters. */
  path: string;
}

/** Every route of the worker: the edge and the hub's API under /api, the session host's bridge under /bridge. */
function workerRoutes(): Route[] {
  const apps = [
    { prefix: "/api", routes: createEdgeApi().routes },
    { prefix: "/api", routes: createApi().routes },
    { prefix: "/bridge", routes: createBridgeRoutes().routes },
  ];
  const seen = new Map<string, Route>();
  for (const { prefix, routes } of apps) {
    for (const r of routes) {
      // Middleware (`use`) and catch-alls are registered as ALL on a wildcard: not routes of their own.
      if (r.method === "ALL" || r.path.includes("*")) continue;
      const route = { method: r.method, path: prefix + r.path };
      seen.set(`${route.method} ${route.path}`, route);
    }
  }
  return [...seen.values()];
}

const paramsOf = (path: string) => [...path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);

/** The route's path with every id parameter `id` and every other parameter its fixed value. */
const pathWith = (route: Route, id: number) =>
  route.path.replace(/:([A-Za-z]+)/g, (_, name: string) => (ID_PARAMS.has(name) ? String(id) : OTHER_PARAMS[name]!));

const withIdParams = (routes: Route[]) => routes.filter((r) => paramsOf(r.path).some((p) => ID_PARAMS.has(p)));

/** What the comparison looks at: the status and the error code (the message may name the id). */
const verdictOf = (res: { status: number; json: any }) => `${res.status} ${res.json?.error ?? ""}`.trim();

/** A signed bridge call for any route, the streamed media upload included (its body's digest is signed). */
async function asSessionHost(method: string, path: string, body: unknown) {
  if (method === "PUT" && path.startsWith("/bridge/media/")) {
    const bytes = new TextEncoder().encode("walk");
    const sha256 = Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)), (b) => b.toString(16).padStart(2, "0")).join("");
    const full = `${path}?filename=walk.txt&mimetype=text%2Fplain`;
    const signed = await signBridgeRequest(testEnv.BRIDGE_SECRET, method, full, sha256);
    return call(method, full, {
      rawBody: bytes,
      headers: { ...signed, [BRIDGE_HEADERS.contentSha256]: sha256, "content-type": "application/octet-stream", "content-length": String(bytes.length) },
    });
  }
  return bridgeCall(method, path, body);
}

/** Bodies the bridge needs to get as far as looking the connection up (every /api route gets `{}`). */
const bridgeBodies: Record<string, unknown> = {
  "POST /bridge/leases/:id": { hostId: "walk-host", ttlMs: 30_000 },
  "DELETE /bridge/leases/:id": { hostId: "walk-host" },
  "POST /bridge/leases/:id/handover": { hostId: "walk-host" },
  "PUT /bridge/sessions/:id/creds": { creds: { me: null } },
  "POST /bridge/sessions/:id/keys": { set: {} },
};

afterEach(() => vi.restoreAllMocks());

describe("every route of the worker, with ids in the high range", () => {
  const routes = workerRoutes();

  it("finds the routes in the apps, and knows which of their parameters are ids", () => {
    // The apps are read, not listed here: a route added later is walked without touching this file.
    expect(routes.length).toBeGreaterThan(200);
    const unknown = routes.flatMap((r) => paramsOf(r.path).filter((p) => !ID_PARAMS.has(p) && !(p in OTHER_PARAMS)).map((p) => `${r.method} ${r.path} :${p}`));
    // A new parameter name must be classified above, as an id or not.
    expect(unknown).toEqual([]);
    expect(withIdParams(routes).length).toBeGreaterThan(100);
  });

  it("answers each /api route with a high id as with a small one, as a customer company's admin and as the platform admin", async () => {
    // The host is down (nothing listens at SESSION_HOST_URL); its calls fail the same for every id.
    useFakeHost(() => ({ status: 503, body: { error: "ERR_WAPP_NOT_INITIALIZED", message: "down" } }));
    const { company, admin } = await companyWithTeam();
    expect(company.id).toBeGreaterThanOrEqual(FIRST_FIXTURE_COMPANY_ID);
    const platform = await platformAdmin();
    const actors = [
      { who: "a customer company's admin", token: admin.token },
      { who: "the platform admin", token: platform.user.token },
    ];
    const apiRoutes = withIdParams(routes).filter((r) => r.path.startsWith("/api/"));
    const differences: string[] = [];
    const failures: string[] = [];
    for (const actor of actors) {
      for (const route of apiRoutes) {
        const body = route.method === "GET" || route.method === "DELETE" ? undefined : {};
        const small = await callInProcess(route.method, pathWith(route, SMALL_ID), { token: actor.token, body });
        if (small.status >= 500) failures.push(`${route.method} ${pathWith(route, SMALL_ID)} as ${actor.who}: ${verdictOf(small)}`);
        for (const id of HIGH_IDS) {
          const high = await callInProcess(route.method, pathWith(route, id), { token: actor.token, body });
          if (high.status >= 500) failures.push(`${route.method} ${pathWith(route, id)} as ${actor.who}: ${verdictOf(high)}`);
          if (verdictOf(high) !== verdictOf(small)) {
            differences.push(`${route.method} ${route.path} as ${actor.who}: ${SMALL_ID} → ${verdictOf(small)}, ${id} → ${verdictOf(high)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(differences).toEqual([]);
    console.info(`walked ${apiRoutes.length} /api routes with id parameters, ${actors.length} actors, ${HIGH_IDS.length + 1} ids each`);
  });

  it("answers each /bridge route with a high connection id as with a small one, to the signed session host", async () => {
    const bridgeRoutes = withIdParams(routes).filter((r) => r.path.startsWith("/bridge/"));
    expect(bridgeRoutes.length).toBeGreaterThanOrEqual(7);
    const differences: string[] = [];
    const failures: string[] = [];
    for (const route of bridgeRoutes) {
      const body = route.method === "GET" ? undefined : (bridgeBodies[`${route.method} ${route.path}`] ?? {});
      const small = await asSessionHost(route.method, pathWith(route, SMALL_ID), body);
      if (small.status >= 500) failures.push(`${route.method} ${route.path}: ${verdictOf(small)}`);
      for (const id of HIGH_IDS) {
        const high = await asSessionHost(route.method, pathWith(route, id), body);
        if (high.status >= 500) failures.push(`${route.method} ${pathWith(route, id)}: ${verdictOf(high)}`);
        if (verdictOf(high) !== verdictOf(small)) differences.push(`${route.method} ${route.path}: ${SMALL_ID} → ${verdictOf(small)}, ${id} → ${verdictOf(high)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(differences).toEqual([]);
  });
});

describe("a company numbered 9,999 (ids from 9,998,000,000,001)", () => {
  const COMPANY_ID = 9_999;
  const firstId = idRangeStart(COMPANY_ID) + 1;
  let token: string;
  let otherToken: string;

  beforeAll(async () => {
    const company = await createCompany({ id: COMPANY_ID });
    const admin = await createUser(company.id, { profile: "admin" });
    token = await loginAs(admin.email);
    otherToken = (await companyWithTeam()).admin.token;
  });

  it("adds a connection the session host is asked to start by its id, and the host's calls for it are answered", async () => {
    const host = useFakeHost(() => ({ body: { status: "OPENING" } }));
    const created = await call("POST", "/api/whatsapp", { token, body: { name: "Atendimento" } });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ id: firstId, status: "OPENING" });
    expect(created.json).not.toHaveProperty("sessionError");
    expect(host.calls).toEqual([{ method: "POST", path: `/bridge/connections/${firstId}/start`, body: {} }]);

    // The session host, told of it, takes its lease and reads its (empty) session state.
    const listed = await bridgeCall("GET", "/bridge/connections?hostId=walk-host");
    expect(listed.json.connections.map((c: { id: number }) => c.id)).toContain(firstId);
    const lease = await bridgeCall("POST", `/bridge/leases/${firstId}`, { hostId: "walk-host", ttlMs: 30_000 });
    expect(lease).toMatchObject({ status: 200, json: { granted: true } });
    expect((await bridgeCall("GET", `/bridge/sessions/${firstId}`)).status).toBe(200);

    const shown = await call("GET", `/api/whatsapp/${firstId}`, { token });
    expect(shown).toMatchObject({ status: 200, json: { id: firstId } });
    expect((await call("GET", `/api/whatsapp/${firstId}`, { token: otherToken })).status).toBe(404);
  });

  it("round-trips its contacts, tickets and messages with their high ids, and another company gets 404 on each", async () => {
    const connectionId = firstId;
    const contact = await call("POST", "/api/contacts", { token, body: { name: "Cliente Alta", number: "5511987650021" } });
    expect(contact.status).toBe(201);
    expect(contact.json.id).toBeGreaterThan(idRangeStart(COMPANY_ID));

    await deliver(inbound(connectionId, "5511987650022", "olá, preciso de ajuda"));
    const tickets = await call("GET", "/api/tickets?status=pending&showAll=true", { token });
    expect(tickets.status).toBe(200);
    const ticket = tickets.json.tickets.find((t: { contact: { number: string } }) => t.contact.number === "5511987650022");
    expect(ticket.id).toBeGreaterThan(idRangeStart(COMPANY_ID));
    expect(ticket.contactId).toBeGreaterThan(idRangeStart(COMPANY_ID));
    const messages = await call("GET", `/api/messages/${ticket.id}`, { token });
    expect(messages.status).toBe(200);
    const message = messages.json.messages.find((m: { body: string }) => m.body === "olá, preciso de ajuda");
    expect(message.id).toBeGreaterThan(idRangeStart(COMPANY_ID));
    expect(message.ticketId).toBe(ticket.id);

    const byId = [
      [`/api/contacts/${contact.json.id}`, contact.json.id],
      [`/api/contacts/${ticket.contactId}`, ticket.contactId],
      [`/api/tickets/${ticket.id}`, ticket.id],
    ] as const;
    for (const [path, id] of byId) {
      const mine = await call("GET", path, { token });
      expect(mine, path).toMatchObject({ status: 200, json: { id } });
      const theirs = await call("GET", path, { token: otherToken });
      expect(theirs.status, path).toBe(404);
    }
    expect((await call("GET", `/api/messages/${ticket.id}`, { token: otherToken })).status).toBe(404);
    expect((await call("GET", `/api/tickets/${ticket.id}/tracking`, { token: otherToken })).status).toBe(404);
  });
});
