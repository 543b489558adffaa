#!/usr/bin/env node
/**
 * npm start: the whole product on this machine.
 *   1. .dev.vars with random JWT_SECRET, BRIDGE_SECRET and DATA_SECRET, and a VAPID key pair, when missing (never overwritten)
 *   2. remix vite:build (SKIP_BUILD=1 skips it when a build exists)
 *   3. local D1 migrations, then the demo seed when the database has no company
 *   4. the worker bundled (wrangler deploy --dry-run) and served by scripts/worker-server.mjs (Miniflare: workerd,
 *      local D1, Durable Objects, R2, Queues, the minute cron) on 127.0.0.1:$PORT (8787), and the session host on
 *      127.0.0.1:$SESSION_HOST_PORT (8788); logs prefixed [worker] / [host]; "ready: …" once both answer;
 *      Ctrl-C / SIGTERM stops both and their children. `npm run dev` (--dev) serves with wrangler dev instead,
 *      which rebuilds on every change (and has no cron).
 * ZAPDESK_STATE_DIR chooses where local state lives (the e2e harness passes a fresh one for a clean demo).
 * ZAPDESK_SESSION_HOST=off starts no session host: the caller runs its own hosts (e2e/session-hosts.e2e.ts runs three
 * on a shared simulator network), which register with the worker by their heartbeat.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import readline from "node:readline";
import { pathToFileURL } from "node:url";
import { ensureDevVars } from "./lib/devVars.mjs";
import { ROOT, bin, stateDirs } from "./lib/paths.mjs";
import { run, wrangler } from "./lib/run.mjs";
import { idContract, seedIfEmpty } from "./seed.mjs";
import { simulatorFixture } from "./seed/demo.mjs";
import { freePort } from "./lib/ports.mjs";

process.env.WRANGLER_SEND_METRICS = "false";

const PORT = parsePort("PORT", 8787);
const HOST_PORT = parsePort("SESSION_HOST_PORT", 8788);
const FAKES_PORT = parsePort("FAKES_PORT", 8789);
const { persistTo } = stateDirs();
const APP_URL = `http://127.0.0.1:${PORT}`;
const HOST_URL = `http://127.0.0.1:${HOST_PORT}`;
const FAKES_URL = `http://127.0.0.1:${FAKES_PORT}`;
/** The key the local worker presents to the mail catcher (any value: the catcher only checks it is this one). */
const LOCAL_MAIL_KEY = "local-mail-key";
const READY_TIMEOUT_MS = 180_000;
const STOP_GRACE_MS = 8_000;

const log = (msg) => console.log(`[start] ${msg}`);

/** Long-running children, each the leader of its own process group so that stopping it reaches its children. */
const services = [];
let stopping = false;
/** A setup step's child (build, migrations), stopped with us if we are interrupted. */
let stepChild = null;

const DEV = process.argv.includes("--dev");
const BUILT_IN_HOST = process.env.ZAPDESK_SESSION_HOST?.trim() !== "off";

function parsePort(name, fallback) {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 65_535) {
    console.error(`[start] ${name} must be a port number, got ${JSON.stringify(raw)}`);
    process.exit(2);
  }
  return n;
}

function portFree(port, host = "127.0.0.1") {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}


function pipeWithPrefix(stream, prefix, out) {
  readline.createInterface({ input: stream, crlfDelay: Infinity }).on("line", (line) => out.write(`${prefix} ${line}\n`));
}

/** A crashed session host is started again (as systemd would), at most this many times a minute. */
const MAX_RESTARTS_PER_MINUTE = 5;

function startService(name, command, args, env, { restartOnCrash = false } = {}) {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true, // own process group: stop() signals the group, reaching workerd and tsx's child too
  });
  const prefix = `[${name}]`;
  pipeWithPrefix(child.stdout, prefix, process.stdout);
  pipeWithPrefix(child.stderr, prefix, process.stderr);
  const service = { name, child, exited: false, exit: null };
  service.exit = new Promise((resolve) => {
    child.on("exit", (code, signal) => {
      service.exited = true;
      resolve({ code, signal });
      if (stopping) return;
      const recent = (service.restarts = (service.restarts ?? []).filter((t) => Date.now() - t < 60_000));
      if (restartOnCrash && recent.length < MAX_RESTARTS_PER_MINUTE) {
        // Its spool and the worker's queue keep every message meanwhile; a restart resumes delivery.
        console.error(`[start] ${name} exited unexpectedly (${signal ?? `code ${code}`}); starting it again`);
        const index = services.indexOf(service);
        if (index >= 0) services.splice(index, 1);
        setTimeout(() => {
          if (stopping) return;
          const again = startService(name, command, args, env, { restartOnCrash });
          again.restarts = [...recent, Date.now()];
        }, 1000);
        return;
      }
      console.error(`[start] ${name} exited unexpectedly (${signal ?? `code ${code}`}); stopping everything`);
      stop(1);
    });
  });
  child.on("error", (err) => {
    console.error(`[start] could not start ${name}: ${err.message}`);
    if (!stopping) stop(1);
  });
  services.push(service);
  return service;
}

function groupAlive(pid) {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function stopService(service) {
  const pid = service.child.pid;
  if (!pid) return;
  if (groupAlive(pid)) signalGroup(pid, "SIGTERM");
  const deadline = Date.now() + STOP_GRACE_MS;
  while (groupAlive(pid) && Date.now() < deadline) await sleep(100);
  if (groupAlive(pid)) {
    console.error(`[start] ${service.name} did not stop within ${STOP_GRACE_MS / 1000}s; killing it`);
    signalGroup(pid, "SIGKILL");
  }
}

let stopPromise = null;
function stop(code = 0) {
  stopPromise ??= (async () => {
    stopping = true;
    if (stepChild && stepChild.exitCode === null) stepChild.kill("SIGTERM");
    await Promise.all(services.map(stopService));
    log("stopped");
    process.exit(code);
  })();
  return stopPromise;
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => stop(0));
// Last resort if we exit some other way: leave no server behind.
process.on("exit", () => {
  for (const s of services) if (s.child.pid && groupAlive(s.child.pid)) signalGroup(s.child.pid, "SIGKILL");
});

const onSpawn = (child) => {
  stepChild = child;
};

async function step(name, fn) {
  const started = Date.now();
  log(`${name}…`);
  await fn();
  log(`${name}: done in ${((Date.now() - started) / 1000).toFixed(1)}s`);
}

async function waitFor(url, service) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (stopping || service.exited) throw new Error(`${service.name} stopped before it answered ${url}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await sleep(500);
  }
  throw new Error(`${url} did not answer within ${READY_TIMEOUT_MS / 1000}s`);
}

async function main() {
  for (const [name, port] of [["PORT", PORT], ["SESSION_HOST_PORT", HOST_PORT], ["FAKES_PORT", FAKES_PORT]]) {
    if (!(await portFree(port))) {
      console.error(`[start] port ${port} is already in use on 127.0.0.1; stop what uses it or set ${name}=<another port>`);
      process.exit(1);
    }
  }

  const { vars, created } = ensureDevVars();
  if (created.length) log(`wrote ${created.join(" and ")} to .dev.vars`);
  for (const key of ["JWT_SECRET", "BRIDGE_SECRET", "DATA_SECRET"]) {
    if (vars[key].length < 32) log(`warning: ${key} in .dev.vars is shorter than 32 characters; the worker will refuse to serve until it is longer`);
  }

  const buildExists = existsSync(path.join(ROOT, "build", "server", "index.js"));
  if (process.env.SKIP_BUILD === "1" && buildExists) log("SKIP_BUILD=1: using the existing build/");
  else await step("building the app (remix vite:build)", () => run(bin("remix"), ["vite:build"], { prefix: "[build] ", onSpawn }));

  log(`local state: ${persistTo}`);
  await step("applying migrations to the local D1", () =>
    wrangler(["d1", "migrations", "apply", "zapdesk", "--local", "--persist-to", persistTo], { prefix: "[migrate] ", env: { CI: "true" }, onSpawn }),
  );
  // A fresh demo pays its invoices at the local fake PSP.
  process.env.ZAPDESK_FAKE_PSP_URL = `${FAKES_URL}/psp`;
  let seeded = false;
  await step("checking for the demo", async () => {
    seeded = (await seedIfEmpty({ persistTo, log, dataSecret: vars.DATA_SECRET })).seeded;
  });
  if (stopping) return;

  // The platform's Meta app (ADR 0050): .dev.vars may name a real one; otherwise the fake Graph API's.
  const { tsImport } = await import("tsx/esm/api");
  const { LOCAL_META_APP } = await tsImport(pathToFileURL(path.join(ROOT, "worker", "testing", "fakes", "demoCloudNumber.ts")).href, import.meta.url);
  const metaApp = {
    appSecret: vars.META_APP_SECRET ?? LOCAL_META_APP.appSecret,
    verifyToken: vars.META_VERIFY_TOKEN ?? LOCAL_META_APP.verifyToken,
    appId: vars.META_APP_ID ?? LOCAL_META_APP.appId,
    configId: vars.META_CONFIG_ID ?? LOCAL_META_APP.configId,
  };
  // The outside services faked (worker/testing/fakes/server.ts): the mail catcher.
  const fakes = startService("fakes", bin("tsx"), [path.join("worker", "testing", "fakes", "server.ts")], {
    FAKES_PORT: String(FAKES_PORT),
    FAKES_BIND: "127.0.0.1",
    MAIL_API_KEY: LOCAL_MAIL_KEY,
    PSP_CLIENT_ID: "local-client",
    PSP_CLIENT_SECRET: "local-secret",
    PSP_WEBHOOK_URL: `${APP_URL}/api/subscription/webhook/pix`,
    // The fake Graph API posts the demo's Cloud API number's webhooks here, signed with the platform app's secret.
    GRAPH_WEBHOOK_URL: `${APP_URL}/webhooks/whatsapp`,
    META_APP_SECRET: metaApp.appSecret,
    META_APP_ID: metaApp.appId,
  }, { restartOnCrash: true });
  // A .dev.vars with a real provider's key wins; otherwise the worker's e-mail goes to the mail catcher.
  const mailVars = vars.EMAIL_API_KEY
    ? {}
    : { EMAIL_API_URL: `${FAKES_URL}/mail`, EMAIL_API_KEY: LOCAL_MAIL_KEY, EMAIL_FROM: "Zapdesk <no-reply@zapdesk.local>" };
  // Dialogflow and Azure speech go to the fakes too, unless .dev.vars names real ones (OpenAI and Typebot are per prompt
  // and per integration: the demo's point at <fakes>/openai/v1 and <fakes>/typebot).
  const aiVars = {
    GOOGLE_TOKEN_URL: vars.GOOGLE_TOKEN_URL ?? `${FAKES_URL}/google/token`,
    DIALOGFLOW_API_URL: vars.DIALOGFLOW_API_URL ?? `${FAKES_URL}/google`,
    AZURE_SPEECH_URL: vars.AZURE_SPEECH_URL ?? `${FAKES_URL}/azure/{region}/cognitiveservices/v1`,
    WHATSAPP_GRAPH_URL: vars.WHATSAPP_GRAPH_URL ?? `${FAKES_URL}/graph`,
    META_APP_SECRET: metaApp.appSecret,
    META_VERIFY_TOKEN: metaApp.verifyToken,
    // Embedded Signup ("Connect with Facebook"): the fake Facebook SDK, unless .dev.vars names Meta's app.
    META_APP_ID: metaApp.appId,
    META_CONFIG_ID: metaApp.configId,
    ...(vars.FACEBOOK_SDK_URL || !vars.META_APP_ID ? { FACEBOOK_SDK_URL: vars.FACEBOOK_SDK_URL ?? `${FAKES_URL}/facebook/sdk.js` } : {}),
  };
  // The worker's own URL (links in e-mails), and the egress guard's allow-list: only the fakes (and what .dev.vars or
  // the environment adds: a Typebot on http://localhost:3000, a journey's own fake) may be called over http or on this
  // machine. A deployment has neither.
  const localVars = {
    PUBLIC_URL: vars.PUBLIC_URL ?? APP_URL,
    EGRESS_ALLOW: [FAKES_URL, ...[vars.EGRESS_ALLOW, process.env.EGRESS_ALLOW].flatMap((v) => (v ?? "").split(",")).map((s) => s.trim()).filter(Boolean)].join(","),
    // The e2e run names each journey's client address in a header of its own, so the per-address limits (signups:
    // 10 an hour) count per journey, not for the whole run from 127.0.0.1.
    ...(process.env.TRUSTED_PROXY_HEADER ? { TRUSTED_PROXY_HEADER: process.env.TRUSTED_PROXY_HEADER } : {}),
  };
  const worker = DEV ? await startWranglerDev({ ...mailVars, ...aiVars, ...localVars }) : await startWorkerServer({ ...mailVars, ...aiVars, ...localVars });
  const host = !BUILT_IN_HOST ? null : startService("host", bin("tsx"), [path.join("session-host", "src", "server.ts")], {
    SESSION_HOST_PORT: String(HOST_PORT),
    SESSION_HOST_BIND: "127.0.0.1",
    SESSION_HOST_PROVIDER: "simulator",
    // The simulator starts with the demo's phone network: each demo company's connection paired, their contacts.
    SIMULATOR_FIXTURE: JSON.stringify(simulatorFixture(await idContract())),
    WORKER_URL: APP_URL,
    BRIDGE_SECRET: vars.BRIDGE_SECRET,
  }, { restartOnCrash: true });

  await Promise.all([waitFor(`${APP_URL}/api/version`, worker), host && waitFor(`${HOST_URL}/health`, host), waitFor(`${FAKES_URL}/health`, fakes)]);
  if (stopping) return;
  console.log(`
ready: ${APP_URL} — password 123456 for every demo login${seeded ? " — fresh demo" : ""}
       Padaria Pão Quente (a customer): admin@padaria.demo, supervisor renata@padaria.demo, agents luana@padaria.demo and diego@padaria.demo
       Demo (the platform company): admin@admin.com (super admin), supervisor carla@demo.com, agents ana@demo.com and bruno@demo.com
       ${host ? `session host ${HOST_URL} (simulator: ${HOST_URL}/simulator)` : "no session host (ZAPDESK_SESSION_HOST=off)"} — Ctrl-C stops everything
       mail catcher ${FAKES_URL}/mail — fake Pix PSP ${FAKES_URL}/psp — customers of the official (Cloud API) number ${FAKES_URL}/graph/
`);
}

async function startWorkerServer(extraVars) {
  const bundle = path.join(persistTo, "bundle");
  await step("bundling the worker (wrangler deploy --dry-run)", () =>
    wrangler(["deploy", "--dry-run", "--outdir", bundle], { capture: true, onSpawn }),
  );
  return startService("worker", process.execPath, [path.join("scripts", "worker-server.mjs")], {
    WORKER_BUNDLE: bundle,
    PORT: String(PORT),
    PERSIST_TO: persistTo,
    SESSION_HOST_URL: HOST_URL,
    ...extraVars,
  });
}

async function startWranglerDev(extraVars) {
  const inspectorPort = await freePort();
  return startService("worker", bin("wrangler"), [
    "dev",
    "--ip", "127.0.0.1",
    "--port", String(PORT),
    "--persist-to", persistTo,
    "--inspector-port", String(inspectorPort),
    "--var", `SESSION_HOST_URL:${HOST_URL}`,
    "--var", "APP_ENV:development",
    ...Object.entries(extraVars).flatMap(([k, v]) => ["--var", `${k}:${v}`]),
    "--show-interactive-dev-session=false",
  ]);
}

main().catch((err) => {
  console.error(`[start] ${err.message ?? err}`);
  stop(1);
});
