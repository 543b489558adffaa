// Starts the app exactly as `npm start` does, on free ports with a fresh database, for a benchmark run.
import { spawn, execSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { bulkClient } from "../../scripts/lib/bulk.mjs";

export async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

/**
 * stateDir: reuse a state directory (ZAPDESK_STATE_DIR, wrangler's --persist-to) from an earlier startApp(), e.g.
 * to restart the app over data seeded while it was stopped; a fresh one by default. Answers it as `stateDir`.
 * env: more environment for scripts/start.mjs (e.g. ZAPDESK_LOCAL_CRON: "off").
 */
export async function startApp({ skipBuild = false, stateDir = mkdtempSync(path.join(os.tmpdir(), "zapdesk-bench-")), env = {} } = {}) {
  const port = await freePort();
  const hostPort = await freePort();
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    env: {
      ...process.env,
      PORT: String(port),
      SESSION_HOST_PORT: String(hostPort),
      ZAPDESK_STATE_DIR: stateDir,
      SKIP_BUILD: skipBuild ? "1" : "",
      WRANGLER_SEND_METRICS: "false",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let log = "";
  child.stdout.on("data", (d) => (log += d));
  child.stderr.on("data", (d) => (log += d));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`app exited early:\n${log.slice(-4000)}`);
    if (Date.now() > deadline) {
      try {
        process.kill(-child.pid, "SIGINT"); // start.mjs stops its services; the caller has no handle to stop it
      } catch {}
      throw new Error(`app not ready in time:\n${log.slice(-4000)}`);
    }
    try {
      const res = await fetch(`${baseUrl}/api/version`);
      if (res.ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  const exited = new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once("exit", () => resolve())));
  return {
    baseUrl,
    hostUrl: `http://127.0.0.1:${hostPort}`,
    pid: child.pid,
    stateDir,
    log: () => log,
    // start.mjs stops the worker and the session host (each in its own process group) on SIGINT, waiting up to 8 s
    // for them; kill its group only if it has not exited by then, so that no workerd is left holding the state.
    stop: async () => {
      try {
        process.kill(-child.pid, "SIGINT");
      } catch {}
      await Promise.race([exited, new Promise((r) => setTimeout(r, 12_000))]);
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {}
    },
  };
}

/** The workerd processes under a process tree (the runtime hosting the worker and hubs). */
function workerdProcesses(rootPid) {
  const out = execSync(`ps -e -o pid=,ppid=,rss=,comm=`).toString();
  const rows = out
    .trim()
    .split("\n")
    .map((l) => l.trim().split(/\s+/))
    .map(([pid, ppid, rss, comm]) => ({ pid: +pid, ppid: +ppid, rss: +rss, comm }));
  const inTree = new Set([rootPid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const r of rows) if (!inTree.has(r.pid) && inTree.has(r.ppid)) (inTree.add(r.pid), (grew = true));
  }
  return rows.filter((r) => inTree.has(r.pid) && r.comm.includes("workerd"));
}

/** Resident memory (KiB) of the workerd processes under a process tree: the runtime hosting the worker and hubs. */
export function workerdRssKiB(rootPid) {
  return workerdProcesses(rootPid).reduce((s, r) => s + r.rss, 0);
}

/**
 * CPU time (ms, user + system, all threads) the workerd processes under a process tree have used so far. Unlike
 * wall time, it barely moves when other work shares the machine: the difference over a run is what the runtime spent.
 */
export function workerdCpuMs(rootPid) {
  const ticksPerMs = Number(execSync("getconf CLK_TCK").toString().trim()) / 1000;
  return workerdProcesses(rootPid).reduce((sum, { pid }) => {
    try {
      // Fields after the command's closing parenthesis: state is the 1st, utime the 12th, stime the 13th.
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      return sum + (Number(fields[11]) + Number(fields[12])) / ticksPerMs;
    } catch {
      return sum;
    }
  }, 0);
}

export function machine() {
  return `${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}`;
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const idx = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, idx)];
}

export function summarize(samples) {
  const s = [...samples].sort((a, b) => a - b);
  return { n: s.length, median: percentile(s, 50), p95: percentile(s, 95), p99: percentile(s, 99), max: s.at(-1) };
}

export async function api(baseUrl, method, pathName, { token, body } = {}) {
  const res = await fetch(baseUrl + pathName, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const { json, text } = await readAnswer(res);
  if (!res.ok) throw new Error(`${method} ${pathName} → ${res.status} ${text.slice(0, 300)}`);
  return json;
}

/** A response's body as JSON, or as its text when it is not JSON. */
export async function readAnswer(res) {
  const text = await res.text();
  try {
    return { json: JSON.parse(text), text };
  } catch {
    return { json: text, text };
  }
}

export const pkgVersion = () => JSON.parse(readFileSync("package.json", "utf8")).version;

/** The app with its local bulk port open (the minute cron off), and a client of that port: for seeding a benchmark's data. */
export async function startAppWithBulk() {
  const bulkPort = await freePort();
  const app = await startApp({ skipBuild: process.env.SKIP_BUILD === "1", env: { ZAPDESK_BULK_PORT: String(bulkPort), ZAPDESK_LOCAL_CRON: "off" } });
  const deadline = Date.now() + 30_000;
  while (!app.log().includes("[bulk] local bulk path")) {
    if (Date.now() > deadline) {
      await app.stop();
      throw new Error(`the app did not open its bulk port:\n${app.log().slice(-2000)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { app, bulk: bulkClient(bulkPort) };
}

/** A size a bench takes from the environment (a positive integer), or its default. */
export function intEnv(name, fallback) {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer, got ${JSON.stringify(raw)}`);
  return n;
}
