// The app without its built-in session host, one shared simulator network and N session hosts, each a process of its
// own: what e2e/session-hosts.e2e.ts and bench/session-hosts.mjs run. Every process is ours: stop() ends them by pid.
import { spawn } from "node:child_process";
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DEV_VARS, parseDevVars } from "../../scripts/lib/devVars.mjs";
import { freePort } from "../../scripts/lib/ports.mjs";
import { idContract } from "../../scripts/seed.mjs";
import { simulatorFixture } from "../../scripts/seed/demo.mjs";
import { readAnswer, startApp } from "./app.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Waits until `url` answers 2xx (or the process exits). */
async function answers(url, proc, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc.exited) throw new Error(`${proc.name} exited before ${url} answered; its log: ${proc.logFile}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(3_000) });
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs / 1000}s; log: ${proc.logFile}`);
    await sleep(300);
  }
}

/** A TypeScript entry run by node itself (tsx as a loader), so that the pid we signal is the process that serves. */
function node(name, entry, env, logDir) {
  const logFile = path.join(logDir, `${name}.log`);
  const out = createWriteStream(logFile, { flags: "a" });
  const child = spawn(process.execPath, ["--import", "tsx", entry], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout.pipe(out, { end: false });
  child.stderr.pipe(out, { end: false });
  const proc = { name, child, pid: child.pid, logFile, exited: false, exitedAt: 0 };
  proc.done = new Promise((resolve) =>
    child.once("exit", (code, signal) => {
      proc.exited = true;
      proc.exitedAt = Date.now();
      resolve({ code, signal });
    }),
  );
  return proc;
}

/**
 * @param {{ hosts?: number, leaseTtlMs?: number, skipBuild?: boolean, ackStepMs?: number, hostEnv?: Record<string,string>, log?: (m: string) => void }} options
 */
export async function startCluster({ hosts = 3, leaseTtlMs = 15_000, skipBuild = true, ackStepMs = 200, hostEnv = {}, log = () => {} } = {}) {
  const stateDir = mkdtempSync(path.join(os.tmpdir(), "zapdesk-hosts-"));
  const logDir = path.join(ROOT, "test-results", "session-hosts");
  mkdirSync(logDir, { recursive: true });
  const procs = [];

  // 1. The network, with the demo's phone network (its companies' connections paired), as npm start's host has it.
  const networkPort = await freePort();
  const network = node("network", path.join("session-host", "src", "simulator", "network", "main.ts"), {
    SIMULATOR_NETWORK_PORT: String(networkPort),
    SIMULATOR_ACK_STEP_MS: String(ackStepMs),
    SIMULATOR_FIXTURE: JSON.stringify(simulatorFixture(await idContract())),
  }, logDir);
  procs.push(network);
  const networkUrl = `http://127.0.0.1:${networkPort}`;
  await answers(`${networkUrl}/health`, network);
  log(`network on ${networkUrl}`);

  // 2. The app without its session host.
  const app = await startApp({
    skipBuild,
    stateDir,
    env: {
      ZAPDESK_SESSION_HOST: "off",
      FAKES_PORT: String(await freePort()),
      ...(process.env.E2E_CLIENT_IP_HEADER ? { TRUSTED_PROXY_HEADER: process.env.E2E_CLIENT_IP_HEADER } : {}),
    },
  });
  log(`app on ${app.baseUrl}`);
  const secret = parseDevVars(readFileSync(DEV_VARS, "utf8")).BRIDGE_SECRET;

  // 3. The hosts: each keeps its id, port and state directory across restarts.
  const running = new Map();
  const specs = new Map();
  for (let i = 1; i <= hosts; i++) specs.set(`host-${i}`, { port: await freePort() });

  async function startHost(id) {
    const { port } = specs.get(id);
    const proc = node(id, path.join("session-host", "src", "server.ts"), {
      SESSION_HOST_ID: id,
      SESSION_HOST_PORT: String(port),
      SESSION_HOST_BIND: "127.0.0.1",
      SESSION_HOST_PUBLIC_URL: `http://127.0.0.1:${port}`,
      SESSION_HOST_PROVIDER: "simulator",
      SIMULATOR_NETWORK_URL: networkUrl,
      WORKER_URL: app.baseUrl,
      BRIDGE_SECRET: secret,
      SESSION_HOST_LEASE_TTL_MS: String(leaseTtlMs),
      SESSION_HOST_STATE_DIR: path.join(stateDir, "hosts", id),
      ...hostEnv,
    }, logDir);
    procs.push(proc);
    running.set(id, proc);
    await answers(`http://127.0.0.1:${port}/health`, proc);
    log(`${id} on ${port} (pid ${proc.pid})`);
    return proc;
  }

  for (const id of specs.keys()) await startHost(id);

  return {
    app,
    appUrl: app.baseUrl,
    networkUrl,
    stateDir,
    logDir,
    hostIds: [...specs.keys()],
    hostUrl: (id) => `http://127.0.0.1:${specs.get(id).port}`,
    process: (id) => running.get(id),
    startHost,
    /** SIGKILL: the host dies as a crashed machine does (nothing handed over, nothing flushed). */
    async kill(id) {
      const proc = running.get(id);
      proc.child.kill("SIGKILL");
      await proc.done;
    },
    /** SIGTERM: the host drains (hands its connections over one by one) and exits; answers how long that took. */
    async terminate(id, timeoutMs = 180_000) {
      const proc = running.get(id);
      const from = Date.now();
      proc.child.kill("SIGTERM");
      const exited = await Promise.race([proc.done, sleep(timeoutMs).then(() => null)]);
      if (!exited) throw new Error(`${id} did not exit within ${timeoutMs / 1000}s of SIGTERM; log: ${proc.logFile}`);
      return { ...exited, ms: Date.now() - from };
    },
    /** The network's API (its stats, the simulator's control routes). */
    async network(method, pathName, body) {
      const res = await fetch(networkUrl + pathName, {
        method,
        headers: body === undefined ? {} : { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, json: (await readAnswer(res)).json };
    },
    async stop() {
      for (const proc of procs.filter((p) => !p.exited && p !== network)) {
        proc.child.kill("SIGKILL");
        await proc.done;
      }
      await app.stop();
      if (!network.exited) {
        network.child.kill("SIGKILL");
        await network.done;
      }
    },
  };
}
