#!/usr/bin/env node
/**
 * A throwaway PostgreSQL for the tests and the import bench (issue 27 §2): Debian's server binaries
 * (/usr/lib/postgresql/<version>/bin, the newest found; PG_BIN overrides), a fresh cluster in a temp dir
 * (initdb, trust auth, fsync off), listening on 127.0.0.1 and a free port. As root the server runs as the
 * `postgres` user (it refuses root) through `runuser`, and that user is given the temp dir.
 *
 *   const pg = await startPostgres();          // { url, port, bin, dir, stop() }
 *   const url = await createDatabase(pg.url, "ticketz");
 *   await psql(url, { file: "importer/fixtures/ticketz/schema.sql" });
 *   await pg.stop();                            // stops the server and removes the temp dir
 *
 *   node scripts/lib/postgres.mjs               prints the URL and keeps running until Ctrl-C (manual use)
 *
 * How tests find it: a test in Node starts its own with startPostgres(); the e2e script (scripts/e2e.mjs) starts
 * one before the app and hands its URL to the journeys as LEGACY_PG_URL (legacyPgUrl() below answers it, or
 * throws saying what to install). No PostgreSQL installed: startPostgres() throws naming the package
 * (`apt-get install -y postgresql`); a test that needs it fails, it never skips.
 */
import { spawn, spawnSync } from "node:child_process";
import { accessSync, chmodSync, constants, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "./ports.mjs";

const READY_TIMEOUT_MS = Number(process.env.PG_READY_TIMEOUT_MS) || 60_000;
const STOP_TIMEOUT_MS = 20_000;

export const INSTALL_HINT =
  "PostgreSQL is not installed: the legacy-import tests need Debian's server package (as root: `apt-get install -y postgresql`), or set PG_BIN to a directory holding initdb, postgres and psql";

/** The file exists and this process may run it. */
export function executable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The directory with initdb/postgres/psql/pg_dump: PG_BIN, else the newest /usr/lib/postgresql/<n>/bin. Throws INSTALL_HINT when none. */
export function findPostgresBin(env = process.env) {
  const given = env.PG_BIN?.trim();
  if (given) {
    if (executable(path.join(given, "postgres")) && executable(path.join(given, "initdb"))) return given;
    throw new Error(`PG_BIN=${given} holds no postgres/initdb executables. ${INSTALL_HINT}`);
  }
  const root = "/usr/lib/postgresql";
  let versions = [];
  try {
    versions = readdirSync(root).filter((v) => /^\d+(\.\d+)?$/.test(v));
  } catch {
    // no Debian PostgreSQL
  }
  versions.sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const dir = path.join(root, v, "bin");
    if (executable(path.join(dir, "postgres")) && executable(path.join(dir, "initdb"))) return dir;
  }
  throw new Error(INSTALL_HINT);
}

const isRoot = () => process.getuid?.() === 0;

/** Runs a server binary, as the `postgres` user when we are root. */
function asServerUser(command, args) {
  return isRoot() ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
}

function runSync(command, args, what) {
  const res = spawnSync(command, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  if (res.error) throw new Error(`${what}: ${res.error.message}`);
  if (res.status !== 0) throw new Error(`${what} failed (exit ${res.status}):\n${res.stdout}\n${res.stderr}`);
  return res.stdout;
}

/** The postmaster's pid from its pid file (runuser sits between us and it). */
function postmasterPid(dataDir) {
  try {
    const pid = Number(readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Starts a fresh PostgreSQL. Answers { url, port, bin, dir, stop() }: url is `postgres://postgres@127.0.0.1:<port>/postgres`.
 * Options: log (a function for progress lines), settings (extra `-c name=value` pairs).
 * @param {{ log?: (line: string) => void, settings?: Record<string, string> }} [options]
 * @returns {Promise<{ url: string, port: number, bin: string, dir: string, stop: () => Promise<void> }>}
 */
export async function startPostgres({ log = () => {}, settings = {} } = {}) {
  const bin = findPostgresBin();
  const dir = mkdtempSync(path.join(os.tmpdir(), "zapdesk-pg-"));
  const dataDir = path.join(dir, "data");
  const cleanup = () => rmSync(dir, { recursive: true, force: true });
  try {
    if (isRoot()) {
      runSync("chown", ["-R", "postgres:postgres", dir], "chown of the temp dir to postgres");
      chmodSync(dir, 0o700);
    }
    const [cmd, args] = asServerUser(path.join(bin, "initdb"), ["-D", dataDir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-instructions"]);
    runSync(cmd, args, "initdb");
  } catch (err) {
    cleanup();
    throw err;
  }

  let lastError;
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort();
    try {
      const server = await launch({ bin, dir, dataDir, port, settings, log });
      return server;
    } catch (err) {
      lastError = err;
      // Another process took the port between freePort() and the bind: try another.
      if (!/could not (bind|create listen)|address already in use/i.test(String(err.message))) break;
    }
  }
  cleanup();
  throw lastError;
}

async function launch({ bin, dir, dataDir, port, settings, log }) {
  const conf = {
    listen_addresses: "127.0.0.1",
    unix_socket_directories: dir,
    fsync: "off",
    synchronous_commit: "off",
    full_page_writes: "off",
    max_connections: "50",
    shared_buffers: "64MB",
    ...settings,
  };
  const confArgs = Object.entries(conf).flatMap(([k, v]) => ["-c", `${k}=${v}`]);
  const [cmd, args] = asServerUser(path.join(bin, "postgres"), ["-D", dataDir, "-p", String(port), ...confArgs]);
  const child = spawn(cmd, args, { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const exited = new Promise((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`PostgreSQL was not ready within ${READY_TIMEOUT_MS / 1000}s:\n${output}`)), READY_TIMEOUT_MS);
    const onData = (chunk) => {
      output = (output + chunk).slice(-8192);
      if (/database system is ready to accept connections/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("error", (err) => {
      clearTimeout(timer);
      reject(err);
    });
    exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`PostgreSQL exited before it was ready (${signal ?? `code ${code}`}):\n${output}`));
    });
  });
  // Keep draining its log so the pipe never fills.
  child.stdout.on("data", () => {});
  child.stderr.on("data", () => {});

  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  log(`PostgreSQL ${path.basename(path.dirname(bin))} ready on ${url} (data in ${dataDir})`);

  let stopped = false;
  const killNow = () => {
    const pid = postmasterPid(dataDir);
    if (pid && alive(pid)) {
      try {
        process.kill(pid, "SIGQUIT");
      } catch {
        // gone
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  // The test process dying must not leave a server behind.
  process.once("exit", () => {
    if (!stopped) killNow();
  });

  const stop = async () => {
    if (stopped) return;
    stopped = true;
    const pid = postmasterPid(dataDir);
    if (child.exitCode === null && child.signalCode === null) {
      try {
        // Fast shutdown: the postmaster ends every session and exits (runuser then exits with it).
        if (pid) process.kill(pid, "SIGINT");
        else child.kill("SIGINT");
      } catch {
        // gone
      }
      const done = await Promise.race([exited.then(() => true), new Promise((r) => setTimeout(() => r(false), STOP_TIMEOUT_MS))]);
      if (!done) {
        for (const p of [pid, child.pid]) {
          try {
            if (p) process.kill(p, "SIGKILL");
          } catch {
            // gone
          }
        }
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  return { url, port, bin, dir, stop };
}

/**
 * A URL with its database name replaced.
 * @param {string} url
 * @param {string} name
 */
export function withDatabase(url, name) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * Creates an empty database (dropping one of that name first) and answers its URL.
 * @param {string} serverUrl
 * @param {string} name
 * @returns {Promise<string>}
 */
export async function createDatabase(serverUrl, name) {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`createDatabase: ${name} is not a plain lower-case name`);
  const admin = withDatabase(serverUrl, "postgres");
  await psql(admin, { sql: `DROP DATABASE IF EXISTS ${name} WITH (FORCE);` });
  await psql(admin, { sql: `CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8';` });
  return withDatabase(serverUrl, name);
}

/**
 * Runs SQL through psql (stops at the first error, which rejects with psql's message). { sql } (one `-c`: several
 * statements run as one transaction), { script } (SQL text fed as a file: statement by statement, so VACUUM and
 * explicit BEGIN/COMMIT work) or { file }; answers psql's stdout. With { rows: true } answers unaligned tuples: an array of rows, each an array of
 * strings (fields split on the unit separator \x1f).
 * @param {string} url
 * @param {{ sql?: string, script?: string, file?: string, rows?: boolean }} [options]
 * @returns {Promise<any>} stdout (a string), or with rows: string[][]
 */
export function psql(url, { sql, script, file, rows = false } = {}) {
  const bin = findPostgresBin();
  const args = ["-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", url];
  if (rows) args.push("-A", "-t", "-F", "\x1f");
  if (file) args.push("-f", file);
  else if (script !== undefined) args.push("-f", "-");
  else if (sql !== undefined) args.push("-c", sql);
  else throw new Error("psql: give sql, script or file");
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(bin, "psql"), args, { stdio: [script !== undefined ? "pipe" : "ignore", "pipe", "pipe"], env: { ...process.env, PGCONNECT_TIMEOUT: "10" } });
    if (script !== undefined) child.stdin.end(script);
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c) => (stdout += c));
    child.stderr.on("data", (c) => (stderr += c));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) return reject(new Error(`psql ${file ?? "-c"} failed (exit ${code}):\n${stderr || stdout}`));
      if (!rows) return resolve(stdout);
      resolve(stdout.split("\n").filter((l) => l !== "").map((l) => l.split("\x1f")));
    });
  });
}

/**
 * For tests run by scripts/e2e.mjs: the URL of the PostgreSQL it started (LEGACY_PG_URL). Throws, saying what to
 * install, when there is none (never a silent skip).
 */
export function legacyPgUrl(env = process.env) {
  const url = env.LEGACY_PG_URL?.trim();
  if (url) return url;
  throw new Error(`LEGACY_PG_URL is not set: scripts/e2e.mjs starts a PostgreSQL and sets it${env.LEGACY_PG_ERROR ? `, but could not: ${env.LEGACY_PG_ERROR}` : ""}. ${INSTALL_HINT}`);
}

// CLI: `node scripts/lib/postgres.mjs` prints the URL and runs until interrupted.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const pg = await startPostgres({ log: (m) => console.error(m) });
  console.log(pg.url);
  console.error("Ctrl-C stops it and removes its data.");
  const bye = async () => {
    await pg.stop();
    process.exit(0);
  };
  process.once("SIGINT", bye);
  process.once("SIGTERM", bye);
  setInterval(() => {}, 1 << 30);
}

