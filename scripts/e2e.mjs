#!/usr/bin/env node
/**
 * npm run test:e2e: the end-to-end journeys (e2e/*.e2e.ts) in real Chromium against the app started exactly as
 * `npm start` starts it, on free ports and with a fresh state dir (so it seeds a clean demo); always stops it.
 *   node scripts/e2e.mjs [vitest args…]     e.g. `node scripts/e2e.mjs e2e/smoke.e2e.ts`
 * Env: CHROME_PATH (a Chromium binary), SKIP_BUILD=1 (reuse build/), E2E_KEEP_STATE=1 (keep the temp state dir).
 * A throwaway PostgreSQL (scripts/lib/postgres.mjs; Debian's package, installed here as root when missing) runs
 * beside the app for the legacy-import journeys: its URL reaches them as LEGACY_PG_URL. When none can be started
 * the other journeys still run, and LEGACY_PG_ERROR tells the ones that need it why (they fail, saying what to install).
 * The app's log goes to test-results/e2e-app.log (its tail is printed when something fails).
 */
import { spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ROOT, bin } from "./lib/paths.mjs";
import { run } from "./lib/run.mjs";
import { freePort } from "./lib/ports.mjs";
import { executable, findPostgresBin, startPostgres } from "./lib/postgres.mjs";

// A busy machine (other builds and tests beside this run) starts the app slower: E2E_READY_TIMEOUT_MS lengthens the wait.
const READY_TIMEOUT_MS = Number(process.env.E2E_READY_TIMEOUT_MS) || 300_000;
const STOP_TIMEOUT_MS = 30_000;
const APP_LOG = path.join(ROOT, "test-results", "e2e-app.log");
const log = (msg) => console.log(`[e2e] ${msg}`);
/** The header the e2e app trusts for the client address (TRUSTED_PROXY_HEADER): journeys that sign companies up set their own. */
const E2E_CLIENT_IP_HEADER = "x-e2e-client-ip";


/** CHROME_PATH, then Debian's /usr/bin/chromium, then (as root on Debian) apt-get install chromium. */
async function findChromium() {
  const given = process.env.CHROME_PATH?.trim();
  if (given) {
    if (executable(given)) return given;
    throw new Error(`CHROME_PATH=${given} is not an executable file`);
  }
  const debian = "/usr/bin/chromium";
  if (executable(debian)) return debian;
  if (process.getuid?.() === 0 && existsSync("/usr/bin/apt-get")) {
    log("no Chromium found: installing Debian's chromium (apt-get install -y chromium)…");
    const env = { DEBIAN_FRONTEND: "noninteractive" };
    try {
      await run("apt-get", ["install", "-y", "--no-install-recommends", "chromium"], { env, prefix: "[apt] " });
    } catch {
      await run("apt-get", ["update"], { env, prefix: "[apt] " });
      await run("apt-get", ["install", "-y", "--no-install-recommends", "chromium"], { env, prefix: "[apt] " });
    }
    if (executable(debian)) return debian;
  }
  throw new Error(
    "No Chromium found. Install one (Debian/Ubuntu: `sudo apt-get install -y chromium`) or set CHROME_PATH to a Chromium or Chrome binary.",
  );
}

/** Debian's PostgreSQL for the legacy-import journeys: installed as root when missing (like Chromium), then started. */
async function startLegacyPostgres() {
  try {
    findPostgresBin();
  } catch (err) {
    if (!(process.getuid?.() === 0 && existsSync("/usr/bin/apt-get") && !process.env.PG_BIN)) throw err;
    log("no PostgreSQL found: installing Debian's postgresql (apt-get install -y postgresql)…");
    const env = { DEBIAN_FRONTEND: "noninteractive" };
    try {
      await run("apt-get", ["install", "-y", "--no-install-recommends", "postgresql"], { env, prefix: "[apt] " });
    } catch {
      await run("apt-get", ["update"], { env, prefix: "[apt] " });
      await run("apt-get", ["install", "-y", "--no-install-recommends", "postgresql"], { env, prefix: "[apt] " });
    }
  }
  return startPostgres({ log });
}

function tail(file, lines = 60) {
  try {
    return readFileSync(file, "utf8").split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log)";
  }
}

/** Starts scripts/start.mjs in its own process group; resolves once it prints "ready:". */
function startApp({ port, hostPort, fakesPort, journeyFakePort, stateDir }) {
  mkdirSync(path.dirname(APP_LOG), { recursive: true });
  const out = createWriteStream(APP_LOG);
  const child = spawn(process.execPath, [path.join(ROOT, "scripts", "start.mjs")], {
    cwd: ROOT,
    // A journey's own fake (e2e/support/fakeOpenAi.ts) listens on journeyFakePort: on the egress guard's allow-list.
    env: { ...process.env, PORT: String(port), SESSION_HOST_PORT: String(hostPort), FAKES_PORT: String(fakesPort), EGRESS_ALLOW: `http://127.0.0.1:${journeyFakePort}`, TRUSTED_PROXY_HEADER: E2E_CLIENT_IP_HEADER, ZAPDESK_STATE_DIR: stateDir },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const exited = new Promise((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
  const ready = new Promise((resolve, reject) => {
    let buffer = "";
    const timer = setTimeout(() => reject(new Error(`the app was not ready within ${READY_TIMEOUT_MS / 1000}s`)), READY_TIMEOUT_MS);
    child.stdout.on("data", (chunk) => {
      out.write(chunk);
      buffer = (buffer + chunk).slice(-4096);
      if (/^ready: /m.test(buffer)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr.on("data", (chunk) => out.write(chunk));
    exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`the app exited before it was ready (${signal ?? `code ${code}`})`));
    });
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    // start.mjs stops wrangler dev and the session host (and their children) on SIGTERM.
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      return;
    }
    const done = await Promise.race([exited.then(() => true), new Promise((r) => setTimeout(() => r(false), STOP_TIMEOUT_MS))]);
    if (!done) {
      log(`the app did not stop within ${STOP_TIMEOUT_MS / 1000}s; killing it`);
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // gone
      }
    }
    await new Promise((r) => out.end(r));
  };
  return { child, ready, stop };
}

async function main() {
  const vitestArgs = process.argv.slice(2);
  const chrome = await findChromium();
  log(`chromium: ${chrome}`);

  const port = await freePort();
  let hostPort = await freePort();
  while (hostPort === port) hostPort = await freePort();
  let fakesPort = await freePort();
  while (fakesPort === port || fakesPort === hostPort) fakesPort = await freePort();
  let journeyFakePort = await freePort();
  while ([port, hostPort, fakesPort].includes(journeyFakePort)) journeyFakePort = await freePort();
  const fakesUrl = `http://127.0.0.1:${fakesPort}`;
  const stateDir = mkdtempSync(path.join(os.tmpdir(), "zapdesk-e2e-"));
  const baseUrl = `http://127.0.0.1:${port}`;
  const hostUrl = `http://127.0.0.1:${hostPort}`;
  log(`starting the app on ${baseUrl} (session host ${hostUrl}), fresh state in ${stateDir}; log: ${path.relative(ROOT, APP_LOG)}`);

  let legacyPg = null;
  let legacyPgError = "";
  try {
    legacyPg = await startLegacyPostgres();
  } catch (err) {
    legacyPgError = String(err.message ?? err).split("\n")[0];
    log(`no PostgreSQL for the legacy-import journeys (they will fail): ${legacyPgError}`);
  }

  const app = startApp({ port, hostPort, fakesPort, journeyFakePort, stateDir });
  let interrupted = false;
  const onSignal = async (signal) => {
    interrupted = true;
    log(`${signal}: stopping the app`);
    await app.stop();
    await legacyPg?.stop();
    process.exit(130);
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);

  let code = 1;
  try {
    const started = Date.now();
    await app.ready;
    log(`app ready in ${((Date.now() - started) / 1000).toFixed(1)}s; running the journeys`);
    code = await new Promise((resolve) => {
      const vitest = spawn(bin("vitest"), ["run", "--config", "vitest.e2e.config.ts", ...vitestArgs], {
        cwd: ROOT,
        stdio: ["ignore", "inherit", "inherit"],
        env: { ...process.env, E2E_BASE_URL: baseUrl, E2E_HOST_URL: hostUrl, E2E_FAKES_URL: fakesUrl, E2E_JOURNEY_FAKE_PORT: String(journeyFakePort), E2E_CLIENT_IP_HEADER, CHROME_PATH: chrome, ...(legacyPg ? { LEGACY_PG_URL: legacyPg.url } : { LEGACY_PG_ERROR: legacyPgError }) },
      });
      vitest.on("exit", (c, s) => resolve(c ?? (s ? 1 : 0)));
    });
  } catch (err) {
    console.error(`[e2e] ${err.message}`);
    console.error(`[e2e] last lines of ${path.relative(ROOT, APP_LOG)}:\n${tail(APP_LOG)}`);
  } finally {
    if (!interrupted) {
      log("stopping the app");
      await app.stop();
      await legacyPg?.stop();
      if (process.env.E2E_KEEP_STATE === "1") log(`state kept in ${stateDir}`);
      else rmSync(stateDir, { recursive: true, force: true });
    }
  }
  if (code !== 0) log(`journeys failed; the app's log is in ${path.relative(ROOT, APP_LOG)}`);
  process.exit(code);
}

main().catch((err) => {
  console.error(`[e2e] ${err.message ?? err}`);
  process.exit(1);
});
