/**
 * The local bulk path (scripts/worker-server.mjs with ZAPDESK_BULK_PORT): seeding and benchmarks write through the
 * same workerd, D1 and Durable Objects the app runs on, with the app's bundle. Local only: a deployment has no such
 * server and its hubs refuse bulkSql.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { ROOT } from "./paths.mjs";
import { wrangler } from "./run.mjs";
import { freePort } from "./ports.mjs";


/**
 * A client of a running bulk port: `bulk("/control" | "/tenant/<id>", statements)` answers each statement's rows;
 * `bulk.putMedia(key, bytes, contentType)` stores a file in the local R2 (the demo's media).
 */
export function bulkClient(port) {
  const bulk = async function bulk(target, statements) {
    const res = await fetch(`http://127.0.0.1:${port}${target}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ statements }),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`bulk ${target} failed (${res.status}): ${text}`);
    return JSON.parse(text).results;
  };
  bulk.putMedia = async (key, bytes, contentType) => {
    const res = await fetch(`http://127.0.0.1:${port}/media?key=${encodeURIComponent(key)}`, { method: "PUT", headers: { "content-type": contentType }, body: bytes });
    if (!res.ok) throw new Error(`bulk media ${key} failed (${res.status}): ${await res.text()}`);
  };
  return bulk;
}

/**
 * Runs `use(bulk)` against a worker server of its own on `persistTo` (bundled first, the minute cron off), then
 * stops it. For seeding before the app starts; a benchmark that runs the app passes ZAPDESK_BULK_PORT to it instead.
 */
export async function withBulkServer(persistTo, use, { bundle = path.join(persistTo, "bundle") } = {}) {
  await wrangler(["deploy", "--dry-run", "--outdir", bundle], { capture: true });
  const [port, bulkPort] = [await freePort(), await freePort()];
  const child = spawn(process.execPath, [path.join(ROOT, "scripts", "worker-server.mjs")], {
    cwd: ROOT,
    env: {
      ...process.env,
      WORKER_BUNDLE: bundle,
      PORT: String(port),
      PERSIST_TO: persistTo,
      SESSION_HOST_URL: "http://127.0.0.1:9",
      ZAPDESK_LOCAL_CRON: "off",
      ZAPDESK_BULK_PORT: String(bulkPort),
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true, // its own process group, so that stopping it reaches workerd too
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    const deadline = Date.now() + 60_000;
    while (!output.includes("[bulk] local bulk path")) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the local bulk server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    return await use(bulkClient(bulkPort));
  } finally {
    const signalGroup = (signal) => {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // already gone
      }
    };
    signalGroup("SIGTERM");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
    signalGroup("SIGKILL");
  }
}
