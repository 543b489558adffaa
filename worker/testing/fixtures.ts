import { env, exports } from "cloudflare:workers";
import { createExecutionContext, runInDurableObject, waitOnExecutionContext } from "cloudflare:test";
import { sql } from "drizzle-orm";
import { createControlDb, type Db } from "../db/client";
import { companies, loginEmails, plans } from "../db/control";
import { queues, settings, userQueues, users } from "../db/tenant";
import type { CompanyHub } from "../hub/CompanyHub";
import { hubFor } from "../hub/ports";
import { hashPassword } from "../lib/crypto";
import { createWorker } from "../server";
import type { Env } from "../env";

/**
 * Test data built through the real schemas, and requests sent through the real worker entry
 * (Hono, D1, the hubs) — nothing of ours is mocked.
 */
export const testEnv = env as unknown as Env;
/** The control database (D1): companies, plans, the login and connection indexes. */
export const control = createControlDb(testEnv.DB);

/**
 * Runs `use` against a company's own database, inside its hub (created for the company on first use, as a
 * request would). The database is synchronous: `.get()`, `.all()` and `.run()` answer at once.
 */
export async function inTenant<T>(companyId: number, use: (db: Db) => T | Promise<T>): Promise<T> {
  return inHub(companyId, (hub) => use(hub.db));
}

/**
 * Runs `use` inside a company's hub, e.g. a verb with the context the hub gives the work it runs:
 * `hub.systemCtx(companyId)` (nobody acting) or `hub.contextFor(user)` (an agent, as the API's requests).
 */
export async function inHub<T>(companyId: number, use: (hub: CompanyHub) => T | Promise<T>): Promise<T> {
  return runInDurableObject(hubInstanceOf(companyId), async (hub) => {
    await hub.ready(companyId);
    return use(hub);
  });
}

/**
 * A company's hub as runInDurableObject takes it: the stub typed as the class (the worker's env knows it only by its
 * RPC interface, hub/rpc.ts), so the test can reach inside the instance.
 */
export function hubInstanceOf(companyId: number): DurableObjectStub<CompanyHub> {
  return hubOf(companyId) as unknown as DurableObjectStub<CompanyHub>;
}

/** A company's hub as the worker reaches it (its stub). */
export function hubOf(companyId: number) {
  return hubFor(testEnv, companyId);
}
export const ORIGIN = "http://zapdesk.test";
export const PASSWORD = "Secret123";

let passwordHash: Promise<string> | undefined;
const hashOf = () => (passwordHash ??= hashPassword(PASSWORD));

let seq = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++seq}`;

export async function createPlan(overrides: Partial<typeof plans.$inferInsert> = {}) {
  return control
    .insert(plans)
    .values({ name: unique("Plan"), users: 10, connections: 3, queues: 5, value: 99, ...overrides })
    .returning()
    .get();
}

/**
 * Fixture companies are numbered from here up, so their rows' ids are in the high range (company 9,000 numbers
 * from 8,999 × 10^9 + 1, about 9 × 10^12) as a customer's are, not the platform company's small ids (issue 21).
 */
export const FIRST_FIXTURE_COMPANY_ID = 9_000;
let nextCompanyId = FIRST_FIXTURE_COMPANY_ID;
let companyIdTaken: Promise<unknown> = Promise.resolve();

/**
 * The next free company id at or above the last one given. Each test file has its own database, and a signup in it
 * takes the next id above the highest (AUTOINCREMENT): the highest is read each time, one call after another, so two
 * fixtures never pick the same id.
 */
function takeCompanyId(): Promise<number> {
  const taken = companyIdTaken.then(async () => {
    const highest = await control.select({ id: sql<number>`max(${companies.id})` }).from(companies).get();
    nextCompanyId = Math.max(nextCompanyId, (highest?.id ?? 0) + 1);
    return nextCompanyId++;
  });
  companyIdTaken = taken.catch(() => undefined);
  return taken;
}

/** A company, numbered in the high range unless `overrides.id` says otherwise. */
export async function createCompany(overrides: Partial<typeof companies.$inferInsert> = {}) {
  const planId = overrides.planId ?? (await createPlan()).id;
  const id = overrides.id ?? (await takeCompanyId());
  return control.insert(companies).values({ name: unique("Company"), email: `${unique("c")}@test.dev`, planId, ...overrides, id }).returning().get();
}

export async function createUser(
  companyId: number,
  overrides: Partial<Omit<typeof users.$inferInsert, "companyId">> & { queueIds?: number[] } = {},
) {
  const { queueIds = [], ...rest } = overrides;
  const passwordHash = await hashOf();
  const user = await inTenant(companyId, (db) => {
    const row = db
      .insert(users)
      .values({ companyId, name: unique("User"), email: `${unique("u")}@test.dev`.toLowerCase(), passwordHash, profile: "user", ...rest })
      .returning()
      .get();
    if (queueIds.length) db.insert(userQueues).values(queueIds.map((queueId) => ({ userId: row.id, queueId }))).run();
    return row;
  });
  await control.insert(loginEmails).values({ email: user.email, companyId, userId: user.id });
  return user;
}

export async function createQueue(companyId: number, overrides: Partial<typeof queues.$inferInsert> = {}) {
  const color = `#${(++seq).toString(16).padStart(6, "0")}`;
  return inTenant(companyId, (db) => db.insert(queues).values({ companyId, name: unique("Queue"), color, ...overrides }).returning().get());
}

export async function setSetting(companyId: number, key: string, value: string) {
  await inTenant(companyId, (db) =>
    db.insert(settings).values({ companyId, key, value }).onConflictDoUpdate({ target: [settings.companyId, settings.key], set: { value } }).run(),
  );
}

/** A company with an admin, a supervisor and an agent, each logged in. */
export async function companyWithTeam(companyOverrides: Partial<typeof companies.$inferInsert> = {}) {
  const company = await createCompany(companyOverrides);
  const admin = await createUser(company.id, { profile: "admin" });
  const supervisor = await createUser(company.id, { profile: "supervisor" });
  const agent = await createUser(company.id, { profile: "user" });
  return {
    company,
    admin: { ...admin, token: await loginAs(admin.email) },
    supervisor: { ...supervisor, token: await loginAs(supervisor.email) },
    agent: { ...agent, token: await loginAs(agent.email) },
  };
}

type Worker = { fetch(req: Request): Promise<Response> };
const worker = () => (exports as unknown as { default: Worker }).default;

export interface CallOptions {
  token?: string;
  body?: unknown;
  rawBody?: BodyInit;
  headers?: Record<string, string>;
  ip?: string;
}

/** Calls the worker as a client would. */
export async function call(method: string, path: string, opts: CallOptions = {}) {
  return answerOf(await worker().fetch(requestOf(method, path, opts)));
}

let inProcessWorker: ReturnType<typeof createWorker> | undefined;

/**
 * The same call, handled in the test's own isolate by the worker's handler (the hubs are still reached through
 * their binding), and its background work awaited. The pool's loopback (`exports.default`) gets slower with
 * every request it carries (workers-sdk#15446: ~6 ms to ~200 ms after a few hundred), so a test that sends
 * thousands of requests sends them this way.
 */
export async function callInProcess(method: string, path: string, opts: CallOptions = {}) {
  inProcessWorker ??= createWorker();
  const ctx = createExecutionContext();
  const answer = await answerOf(await inProcessWorker.fetch(requestOf(method, path, opts), testEnv, ctx));
  await waitOnExecutionContext(ctx);
  return answer;
}

function requestOf(method: string, path: string, opts: CallOptions) {
  const headers = new Headers(opts.headers);
  if (opts.token) headers.set("authorization", `Bearer ${opts.token}`);
  if (opts.ip) headers.set("cf-connecting-ip", opts.ip);
  let body: BodyInit | undefined = opts.rawBody;
  if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers.set("content-type", "application/json");
  }
  return new Request(`${ORIGIN}${path}`, { method, headers, body });
}

async function answerOf(res: Response) {
  const text = await res.text();
  let json: any = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: res.status, json, headers: res.headers };
}

/**
 * Rate limits count in fixed windows aligned to the clock: a test that fires a burst waits, when the current
 * window ends within `marginMs`, for the next one to begin, so its burst is counted in one window.
 */
export async function awayFromWindowEdge(windowSeconds: number, marginMs = 10_000) {
  const windowMs = windowSeconds * 1000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < marginMs) await new Promise((r) => setTimeout(r, left + 50));
}

export async function loginAs(email: string, password = PASSWORD): Promise<string> {
  const res = await call("POST", "/api/auth/login", { body: { email, password }, ip: unique("ip") });
  if (res.status !== 200) throw new Error(`login failed for ${email}: ${res.status} ${JSON.stringify(res.json)}`);
  return res.json.token as string;
}

export function cookieFrom(headers: Headers, name: string): string | undefined {
  for (const c of headers.getSetCookie()) {
    const [pair] = c.split(";");
    const [k, v] = pair!.split("=");
    if (k === name) return v;
  }
  return undefined;
}

/**
 * The platform company (id 1, the super admin's company; platform settings live on it) with a logged-in
 * platform admin. Each test file has its own database, so the company is made here when the file has none.
 */
export async function platformAdmin() {
  const { eq } = await import("drizzle-orm");
  let company = await control.select().from(companies).where(eq(companies.id, 1)).get();
  company ??= await control.insert(companies).values({ id: 1, name: unique("Platform"), email: `${unique("p")}@test.dev` }).returning().get();
  const user = await createUser(company.id, { profile: "admin", super: true });
  return { company, user: { ...user, token: await loginAs(user.email) } };
}

/** A websocket to /api/ws as the browser opens it; `events` collects every event of every frame received. */
export async function connectWs(token: string) {
  const res = await worker().fetch(
    new Request(`${ORIGIN}/api/ws?token=${encodeURIComponent(token)}`, { headers: { upgrade: "websocket" } }),
  );
  const ws = res.webSocket;
  if (res.status !== 101 || !ws) throw new Error(`websocket refused: ${res.status} ${await res.text()}`);
  const events: any[] = [];
  let closed: { code: number; reason: string } | null = null;
  ws.accept();
  ws.addEventListener("message", (e) => {
    if (typeof e.data === "string" && e.data.startsWith("[")) events.push(...(JSON.parse(e.data) as unknown[]));
  });
  ws.addEventListener("close", (e) => {
    closed = { code: e.code, reason: e.reason };
  });
  /** Waits until an event matching `pick` has arrived (or fails after `ms`). */
  async function waitFor(pick: (event: any) => boolean, ms = 3000) {
    const until = Date.now() + ms;
    for (;;) {
      const found = events.find(pick);
      if (found) return found;
      if (Date.now() > until) throw new Error(`no matching event; got ${JSON.stringify(events)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }
  await waitFor((e) => e.type === "ready");
  return { ws, events, waitFor, closed: () => closed, close: () => ws.close(1000, "done") };
}
