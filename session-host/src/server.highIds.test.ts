import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { type Command, COMMANDS, CONNECTION_ACTIONS, type ConnectionAction } from "./http/bridgeRoutes";
import { simulatedNumber } from "./providers/simulator";
import { SIMULATOR_ACTIONS, type SimulatorAction } from "./simulator/routes";
import { bridgedHost } from "./testing/bridgedHost";
import { eventually, signedCall } from "./testing/fakeWorker";
import { FIRST_ID_OF_COMPANY_9999, HIGH_IDS, ID_9_000_000_000_123 } from "./testing/ids";

/**
 * Every route of the session host, walked with the ids of companies that signed up (9,000,000,000,123 and the
 * first id of company 9,999) next to a small one: each answers as it does for the small id. The routes come from
 * the tables the routers match (CONNECTION_ACTIONS, COMMANDS, SIMULATOR_ACTIONS), so a route added there is walked
 * too; the last test fails when the server answers a path this walk does not know. (Issue 21: the host refused
 * every id over 9 digits, so no company but the first could connect WhatsApp.)
 */

const SMALL_ID = 7;
const IDS = [SMALL_ID, ...HIGH_IDS];
const CONTACT = "5511987654321";
const IN = "IN-1";
const OUT = "OUT-1";

type Host = Awaited<ReturnType<typeof bridgedHost>>;
type Answer = { status: number; error?: string; keys: string[] };

const hosts: Host[] = [];
afterEach(async () => {
  for (const t of hosts.splice(0)) await t.dispose();
});

/** A host with the bridge and the simulator; the worker knows only `known` connections (all when empty). */
async function host(known: number[] = []) {
  const t = await bridgedHost();
  t.worker.knownConnections = new Set(known);
  hosts.push(t);
  return t;
}

// What each route is called with. Typed by the tables: a route added there does not compile until it is given here.
const connectionAction: Record<ConnectionAction, unknown> = {
  start: {},
  restart: {},
  stop: {},
  logout: {},
  "pairing-code": { number: "5511912345678" },
  contacts: undefined,
};
const command: Record<Command, (connectionId: number) => unknown> = {
  "check-number": (connectionId) => ({ connectionId, number: CONTACT }),
  "check-numbers": (connectionId) => ({ connectionId, numbers: [CONTACT] }),
  send: (connectionId) => ({ connectionId, to: CONTACT, id: "OUT-2", body: "Olá" }),
  edit: (connectionId) => ({ connectionId, to: CONTACT, id: OUT, body: "Olá, Maria" }),
  delete: (connectionId) => ({ connectionId, to: CONTACT, id: OUT }),
  react: (connectionId) => ({ connectionId, to: CONTACT, id: OUT, emoji: "👍" }),
};
const simulatorAction: Record<SimulatorAction, { body?: unknown; query?: string }> = {
  scan: { body: {} },
  inbound: { body: { from: CONTACT, name: "Maria", body: "Oi" } },
  "inbound-edit": { body: { from: CONTACT, id: IN, body: "Oi, bom dia" } },
  "inbound-delete": { body: { from: CONTACT, id: IN } },
  "inbound-reaction": { body: { from: CONTACT, id: OUT, emoji: "😀" } },
  typing: { body: { from: CONTACT } },
  outbox: {},
  conversation: { query: `?with=${CONTACT}` },
  start: { body: {} },
  stop: { body: {} },
  silence: { body: { silent: false } },
};

interface Route {
  name: string;
  call(t: Host, id: number): Promise<{ status: number; json: any }>;
}

/** Every id-bearing route of the host, from the routers' own tables. */
const ROUTES: Route[] = [
  ...(Object.keys(CONNECTION_ACTIONS) as ConnectionAction[]).map((action) => ({
    name: `${CONNECTION_ACTIONS[action]} /bridge/connections/:id/${action}`,
    call: (t: Host, id: number) => signedCall(t.host.url, CONNECTION_ACTIONS[action], `/bridge/connections/${id}/${action}`, connectionAction[action]),
  })),
  ...COMMANDS.map((name) => ({
    name: `POST /bridge/${name} { connectionId }`,
    call: (t: Host, id: number) => signedCall(t.host.url, "POST", `/bridge/${name}`, command[name](id)),
  })),
  ...(Object.keys(SIMULATOR_ACTIONS) as SimulatorAction[]).map((action) => ({
    name: `${SIMULATOR_ACTIONS[action]} /simulator/:id/${action}`,
    call: (t: Host, id: number) => plain(t, SIMULATOR_ACTIONS[action], `/simulator/${id}/${action}${simulatorAction[action].query ?? ""}`, simulatorAction[action].body),
  })),
];

async function plain(t: Host, method: string, path: string, body?: unknown) {
  const res = await fetch(t.host.url + path, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text };
}

function answer({ status, json }: { status: number; json: any }): Answer {
  return { status, ...(json?.error ? { error: json.error } : {}), keys: json && typeof json === "object" ? Object.keys(json).sort() : [] };
}

/** A connection of this host, CONNECTED, with a message from the contact (IN) and one to them (OUT). */
async function connected(t: Host, id: number) {
  expect(await signedCall(t.host.url, "POST", `/bridge/connections/${id}/start`, {})).toEqual({ status: 200, json: { status: "qrcode" } });
  expect((await plain(t, "POST", `/simulator/${id}/scan`, {})).json).toEqual({ id, status: "CONNECTED", number: simulatedNumber(id) });
  expect((await plain(t, "POST", `/simulator/${id}/inbound`, { from: CONTACT, name: "Maria", body: "Oi", id: IN })).json).toEqual({ id: IN });
  expect(await signedCall(t.host.url, "POST", "/bridge/send", { connectionId: id, to: CONTACT, id: OUT, body: "Olá" })).toEqual({ status: 200, json: { id: OUT } });
}

describe("every route of the session host with ids of companies that signed up", () => {
  it("walks the ids the issue names", () => {
    expect(HIGH_IDS).toEqual([9_000_000_000_123, 9_998_000_000_001]);
    expect([ID_9_000_000_000_123, FIRST_ID_OF_COMPANY_9999]).toEqual([...HIGH_IDS]);
  });

  it.each(ROUTES.map((r) => [r.name, r] as const))("%s answers a connection that does not exist as for a small id", async (_, route) => {
    const t = await host([1]);
    const [small, ...high] = await IDS.reduce<Promise<Answer[]>>(async (done, id) => [...(await done), answer(await route.call(t, id))], Promise.resolve([]));
    for (const a of high) expect(a).toEqual(small);
  });

  it("answers a connection that does not exist with the codes of the contract, whatever the id", async () => {
    const t = await host([1]);
    for (const id of IDS) {
      const seen: Record<string, [number, string | undefined]> = {};
      for (const route of ROUTES) {
        const { status, error } = answer(await route.call(t, id));
        seen[route.name] = [status, error];
      }
      // Nothing to act on: 404 ERR_NO_WAPP_FOUND; the worker does not know it, so no lease: 409; stopping what
      // does not run is done already; the simulator (a local tool, no leases) opens any connection it is asked to.
      expect(seen).toEqual({
        "POST /bridge/connections/:id/start": [409, "ERR_WAPP_NOT_INITIALIZED"],
        "POST /bridge/connections/:id/restart": [409, "ERR_WAPP_NOT_INITIALIZED"],
        "POST /bridge/connections/:id/stop": [200, undefined],
        "POST /bridge/connections/:id/logout": [200, undefined],
        "POST /bridge/connections/:id/pairing-code": [404, "ERR_NO_WAPP_FOUND"],
        "GET /bridge/connections/:id/contacts": [404, "ERR_NO_WAPP_FOUND"],
        "POST /bridge/check-number { connectionId }": [404, "ERR_NO_WAPP_FOUND"],
        "POST /bridge/check-numbers { connectionId }": [404, "ERR_NO_WAPP_FOUND"],
        "POST /bridge/send { connectionId }": [404, "ERR_NO_WAPP_FOUND"],
        "POST /bridge/edit { connectionId }": [404, "ERR_NO_WAPP_FOUND"],
        "POST /bridge/delete { connectionId }": [404, "ERR_NO_WAPP_FOUND"],
        "POST /bridge/react { connectionId }": [404, "ERR_NO_WAPP_FOUND"],
        "POST /simulator/:id/scan": [404, "ERR_NO_WAPP_FOUND"],
        "POST /simulator/:id/inbound": [404, "ERR_NO_WAPP_FOUND"],
        "POST /simulator/:id/inbound-edit": [404, "ERR_NO_WAPP_FOUND"],
        "POST /simulator/:id/inbound-delete": [404, "ERR_NO_WAPP_FOUND"],
        "POST /simulator/:id/inbound-reaction": [404, "ERR_NO_WAPP_FOUND"],
        "POST /simulator/:id/typing": [404, "ERR_NO_WAPP_FOUND"],
        "GET /simulator/:id/outbox": [404, "ERR_NO_WAPP_FOUND"],
        "GET /simulator/:id/conversation": [404, "ERR_NO_WAPP_FOUND"],
        "POST /simulator/:id/start": [200, undefined],
        "POST /simulator/:id/stop": [200, undefined],
        "POST /simulator/:id/silence": [200, undefined],
      });
    }
  });

  it("answers what is not an id as a connection that does not exist", async () => {
    const t = await host();
    for (const raw of ["abc", "0", "012", "1e3", "-5", "9007199254740993", "99999999999999999999"]) {
      expect(await signedCall(t.host.url, "GET", `/bridge/connections/${raw}/contacts`)).toMatchObject({ status: 404, json: { error: "ERR_NO_WAPP_FOUND" } });
      expect(answer(await plain(t, "GET", `/simulator/${raw}/outbox`))).toMatchObject({ status: 404, error: "ERR_NO_WAPP_FOUND" });
    }
    expect(t.sim.connections()).toEqual([]);
  });

  it("starts, pairs, receives, sends and lists a connection with a high id as with a small one", async () => {
    const t = await host();
    for (const id of IDS) {
      await connected(t, id);
      expect(t.worker.leases.get(id)).toMatchObject({ hostId: "host-a" });
      // The contact's message reaches the worker under this very connection id.
      await eventually(() =>
        expect(t.worker.events.filter((e) => e.type === "message" && e.message.id === IN).map((e) => e.connectionId)).toContain(id),
      );
      const outbox = await plain(t, "GET", `/simulator/${id}/outbox`);
      expect(outbox.json.messages).toEqual([expect.objectContaining({ id: OUT, to: CONTACT, body: "Olá" })]);
      const conversation = await plain(t, "GET", `/simulator/${id}/conversation?with=${CONTACT}`);
      expect(conversation.json.messages.map((m: { id: string; direction: string }) => [m.direction, m.id])).toEqual([
        ["in", IN],
        ["out", OUT],
      ]);
    }
    // Each connection got its own events, its own lease and its own number (at most 15 digits, E.164).
    for (const id of IDS) {
      expect(t.worker.events.filter((e) => e.type === "status" && e.connectionId === id).map((e) => (e as { status: string }).status)).toEqual([
        "OPENING",
        "qrcode",
        "CONNECTED",
      ]);
    }
    expect([...t.worker.leases.keys()]).toEqual(IDS);
    const numbers = t.sim.connections().map((c) => c.number);
    expect(new Set(numbers).size).toBe(IDS.length);
    for (const number of numbers) expect(number).toMatch(/^\d{8,15}$/);
    // What the page and the probes show names the ids exactly.
    expect((await plain(t, "GET", "/simulator/connections")).json.connections.map((c: { id: number }) => c.id)).toEqual(IDS);
    expect((await plain(t, "GET", "/health")).json.bridge.leases).toEqual(IDS);
    expect((await plain(t, "GET", "/metrics")).text).toContain('zapdesk_host_connections{provider="simulator",status="CONNECTED"} 3');
  });

  it.each(ROUTES.map((r) => [r.name, r] as const))("%s answers a connected connection with a high id as with a small one", async (_, route) => {
    const t = await host();
    const answers: Answer[] = [];
    for (const id of IDS) {
      await connected(t, id);
      answers.push(answer(await route.call(t, id)));
    }
    const [small, ...high] = answers;
    expect(small!.status).toBeLessThan(500);
    for (const a of high) expect(a).toEqual(small);
  });

  it("answers the routes without an id (probes, page, lists) alike with high-id connections", async () => {
    const t = await host();
    for (const id of HIGH_IDS) await connected(t, id);
    for (const path of FIXED_PATHS) {
      const res = await plain(t, "GET", path);
      expect([path, res.status]).toEqual([path, path === "/favicon.ico" ? 204 : 200]);
    }
    expect((await plain(t, "GET", "/simulator/contacts")).json.contacts).toEqual([expect.objectContaining({ number: CONTACT, name: "Maria" })]);
  });

  it("knows every route the server answers", async () => {
    // Paths named in the routers' sources: each one the server answers must be walked above (a fixed path here, or
    // a route of the tables). Route patterns other than the three built from the tables would escape the walk.
    const dir = path.dirname(fileURLToPath(import.meta.url));
    const files = ["server.ts", ...(await sources(path.join(dir, "http"), "http")), ...(await sources(path.join(dir, "simulator"), "simulator"))];
    const texts = await Promise.all(files.map((f) => readFile(path.join(dir, f), "utf8")));
    const patterns = texts.flatMap((text) => text.match(/new RegExp\(|[=(]\s*\/\^\\?\//g) ?? []);
    expect(patterns).toHaveLength(3);
    const literals = new Set(texts.flatMap((text) => [...text.matchAll(/["'`](\/[A-Za-z0-9._~/-]*)["'`]/g)].map((m) => m[1]!)));
    const t = await host();
    await connected(t, FIRST_ID_OF_COMPANY_9999);
    const walked = (p: string) => FIXED_PATHS.includes(p) || ROUTE_PATTERNS.some((r) => r.test(p));
    for (const literal of literals) {
      for (const method of ["GET", "POST"]) {
        const res = literal.startsWith("/bridge") ? await signedCall(t.host.url, method, literal, method === "POST" ? {} : undefined) : await plain(t, method, literal);
        const unknown = res.status === 404 && res.json?.error === "ERR_NOT_FOUND";
        if (!unknown && res.status !== 405) expect({ method, literal, walked: walked(literal) }).toEqual({ method, literal, walked: true });
      }
    }
  });
});

/** The routes without an id. */
const FIXED_PATHS = ["/health", "/metrics", "/favicon.ico", "/simulator", "/simulator/", "/simulator/connections", "/simulator/contacts"];
const ROUTE_PATTERNS = [
  new RegExp(`^/bridge/connections/[^/]+/(${Object.keys(CONNECTION_ACTIONS).join("|")})$`),
  new RegExp(`^/bridge/(${COMMANDS.join("|")})$`),
  new RegExp(`^/simulator/[^/]+/(${Object.keys(SIMULATOR_ACTIONS).join("|")})$`),
];

async function sources(dir: string, prefix: string) {
  return (await readdir(dir)).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts")).map((f) => path.join(prefix, f));
}
