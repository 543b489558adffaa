import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "../config";
import { silentLogger } from "../log";
import type { SimulatorOptions } from "../providers/simulator";
import { SimulatorProvider } from "../providers/simulator";
import { type RunningHost, type StartOptions, startHost } from "../server";
import { FakeWorker } from "./fakeWorker";

/**
 * A host with the bridge on, a simulator and a fake worker, for tests; `dispose()` stops all and removes the state.
 * Give its simulator connections of companies that signed up (testing/ids.ts), not 1, 2, 7.
 */
export async function bridgedHost(
  options: {
    worker?: FakeWorker;
    stateDir?: string;
    simulator?: SimulatorOptions;
    /** The host makes its simulator itself, as `npm start`'s does (from the config, with the worker's session store). */
    asStarted?: boolean;
    env?: Record<string, string>;
    start?: StartOptions;
  } = {},
) {
  const worker = options.worker ?? (await FakeWorker.start());
  const stateDir = options.stateDir ?? (await mkdtemp(path.join(os.tmpdir(), "zapdesk-host-")));
  const given = options.asStarted ? undefined : new SimulatorProvider({ ackStepMs: 20, ...options.simulator });
  const config = loadConfig({
    SESSION_HOST_PORT: "0",
    WORKER_URL: worker.url,
    BRIDGE_SECRET: worker.secret,
    SESSION_HOST_ID: "host-a",
    SESSION_HOST_STATE_DIR: stateDir,
    SIMULATOR_ACK_STEP_MS: "20",
    ...options.env,
  });
  const host: RunningHost = await startHost(config, {
    provider: given,
    logger: silentLogger,
    heartbeatMs: 200,
    heartbeatRetry: { baseMs: 20, maxMs: 100 },
    spool: { retryBaseMs: 20, retryMaxMs: 100 },
    flushTimeoutMs: 500,
    ...options.start,
  });
  const sim = given ?? (host.provider as SimulatorProvider);
  return {
    worker,
    sim,
    host,
    stateDir,
    async dispose({ keepState = false, keepWorker = false } = {}) {
      await host.close();
      if (!keepWorker) await worker.close();
      if (!keepState) await rm(stateDir, { recursive: true, force: true });
    },
  };
}
