import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { eventually, FakeWorker } from "./testing/fakeWorker";
import { connectionId } from "./testing/ids";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const CONNS = [connectionId(1), connectionId(2)];
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe("the session host process", () => {
  it("on SIGTERM hands its connections over one by one, delivers its events and exits 0", async () => {
    const worker = await FakeWorker.start();
    cleanups.push(() => worker.close());
    worker.connections = CONNS.map((id) => ({ id, name: `Connection ${id}`, status: "CONNECTED" as const }));
    const stateDir = await mkdtemp(path.join(os.tmpdir(), "zapdesk-host-signal-"));
    cleanups.push(() => rm(stateDir, { recursive: true, force: true }));

    const child = spawn(process.execPath, ["--import", "tsx", "session-host/src/server.ts"], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        SESSION_HOST_PORT: "0",
        WORKER_URL: worker.url,
        BRIDGE_SECRET: worker.secret,
        SESSION_HOST_ID: "host-a",
        SESSION_HOST_STATE_DIR: stateDir,
        SIMULATOR_FIXTURE: JSON.stringify({ connections: CONNS.map((id) => ({ id, status: "CONNECTED" })), contacts: [] }),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    cleanups.push(async () => {
      if (child.exitCode === null) child.kill("SIGKILL");
    });

    await eventually(() => expect(CONNS.map((id) => worker.leases.get(id)?.hostId)).toEqual(["host-a", "host-a"]), 30_000, 100);
    await eventually(() => expect(worker.heartbeats.at(-1)?.running.length).toBe(2), 30_000, 100);
    child.kill("SIGTERM");
    expect(await exited).toBe(0);

    expect(worker.heartbeats.some((h) => h.draining)).toBe(true);
    expect(worker.handovers).toEqual(CONNS.map((id) => ({ connectionId: id, hostId: "host-a" })));
    expect(CONNS.map((id) => worker.leases.get(id)?.hostId)).toEqual(["host-b", "host-b"]);
    expect(output).toContain("SIGTERM: draining");
    expect(output).toContain(`drain: connection ${CONNS[0]}: now on host host-b`);
    expect(output).toContain("drain: every event delivered");
  }, 60_000);
});
