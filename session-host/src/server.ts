import { readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { resolveHostId } from "./bridge/hostId";
import { Leases } from "./bridge/leases";
import { WorkerSessionStore } from "./bridge/sessionStore";
import { Spool, type SpoolOptions } from "./bridge/spool";
import { ConnectionSupervisor } from "./bridge/supervisor";
import { SilenceWatchdog } from "./bridge/watchdog";
import { createWorkerClient, type WorkerClient } from "./bridge/workerClient";
import { ConfigError, type HostConfig, hostUrl, loadConfig } from "./config";
import { type EventSink, RecordingSink } from "./events/sink";
import { handleBridge } from "./http/bridgeRoutes";
import { assertProbeAllowed } from "./http/probeAccess";
import { HttpError, sendJson, sendText, serveRoutes } from "./http/respond";
import { consoleLogger, type Logger } from "./log";
import { renderMetrics } from "./metrics";
import type { Provider } from "./providers/provider";
import type { SessionStore } from "./providers/sessionStore";
import { SimulatorProvider } from "./providers/simulator";
import { RemoteSimulatorProvider } from "./providers/simulatorRemote";
import { handleSimulator } from "./simulator/routes";

/** What the HTTP surface needs of the bridge; absent when the host runs without a worker. */
export interface HostBridge {
  hostId: string;
  /** Where the worker reaches this host. */
  url(): string;
  capacity: number;
  secret: string;
  supervisor: ConnectionSupervisor;
  leases: Leases;
  spool: Spool;
}

export interface RunningHostParts {
  /** Probes CONNECTED connections that went silent (providers with probe() only). */
  watchdog: SilenceWatchdog;
}

export interface HostDeps {
  provider: Provider;
  sink: EventSink;
  bridge?: HostBridge;
  logger?: Logger;
  /** performance.now()-style start, for uptime. */
  startedAt?: number;
  /** SESSION_HOST_METRICS_TOKEN: without it, /health and /metrics answer only on loopback. */
  metricsToken?: string;
}

/** The session host's HTTP surface: health, metrics, the bridge's command routes and (with the simulator) its control routes. */
export function createHostServer({ provider, sink, bridge, logger = consoleLogger, startedAt = performance.now(), metricsToken }: HostDeps): Server {
  const uptime = () => (performance.now() - startedAt) / 1000;

  async function route(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://session-host");
    const method = req.method ?? "GET";

    if ((url.pathname === "/health" || url.pathname === "/metrics") && method === "GET") assertProbeAllowed(req, metricsToken);
    if (url.pathname === "/health" && method === "GET") {
      const connections = provider.connections();
      const byStatus: Record<string, number> = {};
      for (const c of connections) byStatus[c.status] = (byStatus[c.status] ?? 0) + 1;
      return sendJson(res, 200, {
        ok: true,
        provider: provider.name,
        connections: connections.length,
        byStatus,
        events: sink.stats(),
        bridge: bridge
          ? {
              hostId: bridge.hostId,
              url: bridge.url(),
              capacity: bridge.capacity,
              running: bridge.supervisor.running().length,
              draining: bridge.supervisor.draining,
              listed: bridge.supervisor.ready,
              leases: bridge.leases.ids(),
              lostLeases: bridge.supervisor.lostLeases(),
              delivery: bridge.spool.health(),
            }
          : null,
        uptime: Math.round(uptime() * 10) / 10,
        pid: process.pid,
      });
    }
    if (url.pathname === "/metrics" && method === "GET") {
      const text = renderMetrics({
        provider: provider.name,
        connections: provider.connections(),
        events: sink.stats(),
        leases: bridge?.leases.ids().length,
        deliveryFailures: bridge?.spool.health().failures,
        capacity: bridge?.capacity,
        draining: bridge?.supervisor.draining,
        uptimeSeconds: uptime(),
      });
      return sendText(res, 200, text, "text/plain; version=0.0.4; charset=utf-8");
    }
    if (url.pathname === "/favicon.ico") {
      res.writeHead(204).end();
      return;
    }
    if (bridge && (await handleBridge({ provider, supervisor: bridge.supervisor, secret: bridge.secret, logger }, req, res, url))) return;
    if (provider instanceof SimulatorProvider && url.pathname.startsWith("/simulator")) {
      if (await handleSimulator(provider, req, res, url)) return;
    }
    throw new HttpError(404, "ERR_NOT_FOUND", "Not found.");
  }

  return serveRoutes(route, (req, err) => logger.error("unhandled error", req.method, req.url, err));
}

export async function createProvider(
  config: HostConfig,
  store: SessionStore | undefined,
  client?: WorkerClient,
  logger: Logger = consoleLogger,
  hostId = config.bridge?.hostId ?? "standalone",
): Promise<Provider> {
  if (config.provider === "simulator" && config.simulatorNetworkUrl) {
    // One network for many hosts: its state outlives this host; events are acknowledged once the worker has them.
    return new RemoteSimulatorProvider({ url: config.simulatorNetworkUrl, hostId, logger, ackOnReceipt: !config.bridge });
  }
  if (config.provider === "simulator") {
    // With the bridge, a pairing made at run time is kept in the worker, as Baileys' credentials are.
    return new SimulatorProvider({ fixture: config.simulatorFixture, ackStepMs: config.simulatorAckStepMs, store, logger });
  }
  if (!store) throw new Error('The "baileys" provider keeps its credentials through the worker: it needs the bridge (SESSION_HOST_BRIDGE=on).');
  // Big media waits here between download and upload; what a run that died mid-download left is of no use.
  const mediaTmpDir = path.join(config.stateDir, "tmp");
  await rm(mediaTmpDir, { recursive: true, force: true });
  // Loaded only when chosen, so the simulator never loads Baileys.
  const { createBaileysProvider } = await import("./providers/baileys/index");
  return createBaileysProvider({ store, mediaTmpDir, uploadMedia: client ? (upload) => client.uploadMedia(upload) : undefined });
}

export interface RunningHost extends RunningHostParts {
  server: Server;
  provider: Provider;
  sink: EventSink;
  bridge: HostBridge | undefined;
  url: string;
  close(): Promise<void>;
  /**
   * A deploy stops this host: hands every connection over (one at a time), delivers the spool, then closes;
   * gives up after the drain timeout. Answers whether everything was handed over and delivered. Without the
   * bridge it only closes.
   */
  drain(): Promise<boolean>;
}

export interface StartOptions {
  /** A ready provider (tests); otherwise made from the config. */
  provider?: Provider;
  logger?: Logger;
  fetch?: typeof globalThis.fetch;
  /** How often the supervisor heartbeats (HOST_HEARTBEAT_MS), and how it retries while the worker is not up. */
  heartbeatMs?: number;
  heartbeatRetry?: { baseMs: number; maxMs: number };
  /** Spool tuning (tests shorten the retries). */
  spool?: Pick<SpoolOptions, "retryBaseMs" | "retryMaxMs" | "maxBatchEvents" | "compactAfterBytes">;
  /** Shutdown budget for flushing the spool, in ms (npm start gives the host 8 s in all). */
  flushTimeoutMs?: number;
}

/** The version the heartbeat reports: package.json's (the container image's bundle has it written in at build time). */
const VERSION: string | undefined = (() => {
  if (process.env.SESSION_HOST_VERSION) return process.env.SESSION_HOST_VERSION;
  try {
    const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version?: unknown };
    return typeof pkg.version === "string" ? pkg.version : undefined;
  } catch {
    return undefined;
  }
})();

/**
 * Starts the host as configured. With the bridge: opens the spool (delivering what an earlier run left), serves,
 * then asks the worker which connections to run. `close()` stops taking requests, closes the provider's sockets,
 * gives the leases back and flushes the spool; what is not delivered stays on disk for the next start.
 */
export async function startHost(config: HostConfig, options: StartOptions = {}): Promise<RunningHost> {
  const logger = options.logger ?? consoleLogger;
  let bridge: HostBridge | undefined;
  let store: WorkerSessionStore | undefined;
  let sink: EventSink;
  let provider: Provider;
  let watchdog: SilenceWatchdog;
  const processStartedAt = Date.now();
  // Known once the server listens when the configuration let the port be picked (SESSION_HOST_PORT=0).
  let publicUrl = config.bridge?.publicUrl;

  if (config.bridge) {
    const hostId = await resolveHostId(config.stateDir, config.bridge.hostId);
    const client = createWorkerClient({ workerUrl: config.bridge.workerUrl, secret: config.bridge.secret, hostId, fetch: options.fetch });
    let delivered: ((events: Parameters<RemoteSimulatorProvider["delivered"]>[0]) => void) | undefined;
    const spool = await Spool.open({
      dir: config.stateDir,
      // Batches may carry media: give them longer than the default call.
      deliver: (events, signal) => client.postEvents(events, { signal, timeoutMs: 120_000 }),
      logger,
      ...options.spool,
      onDelivered: (events) => delivered?.(events),
    });
    store = new WorkerSessionStore({ client, logger });
    try {
      provider = options.provider ?? (await createProvider(config, store, client, logger, hostId));
    } catch (err) {
      await spool.close();
      throw err;
    }
    let supervisor: ConnectionSupervisor | undefined;
    const leases = new Leases({ client, ttlMs: config.bridge.leaseTtlMs, logger, onLost: (id) => supervisor?.onLeaseLost(id) });
    const url = () => publicUrl ?? hostUrl(config.bind, config.port);
    const sessions = store;
    supervisor = new ConnectionSupervisor({
      provider,
      leases,
      client,
      logger,
      host: { url, capacity: config.bridge.capacity, startedAt: processStartedAt, version: VERSION },
      heartbeatMs: options.heartbeatMs,
      retryBaseMs: options.heartbeatRetry?.baseMs,
      retryMaxMs: options.heartbeatRetry?.maxMs,
      credentialsSettled: () => sessions.settled(),
    });
    bridge = { hostId, url, capacity: config.bridge.capacity, secret: config.bridge.secret, supervisor, leases, spool };
    if (provider instanceof RemoteSimulatorProvider) {
      const remote = provider;
      delivered = (events) => remote.delivered(events);
    }
    sink = spool;
    const forward = supervisor;
    watchdog = new SilenceWatchdog({
      provider,
      silenceMs: config.silenceMs,
      restart: (id) => forward.restart(id),
      emit: (event) => spool.record(event),
      mayAct: (id) => leases.has(id) && !forward.draining,
      logger,
    });
    const watch = watchdog;
    provider.onEvent((event) => {
      watch.heard(event);
      if (forward.forwards(event)) spool.record(event);
    });
  } else {
    provider = options.provider ?? (await createProvider(config, undefined, undefined, logger));
    const recording = new RecordingSink();
    const running = provider;
    watchdog = new SilenceWatchdog({
      provider,
      silenceMs: config.silenceMs,
      restart: async (id) => {
        await running.stop(id);
        await running.start(id);
      },
      emit: (event) => recording.record(event),
      logger,
    });
    const watch = watchdog;
    provider.onEvent((event) => {
      watch.heard(event);
      recording.record(event);
    });
    sink = recording;
  }

  const server = createHostServer({ provider, sink, bridge, logger, metricsToken: config.metricsToken });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(config.port, config.bind, () => {
        server.off("error", reject);
        resolve();
      });
    });
  } catch (err) {
    await provider.close();
    await bridge?.spool.close();
    throw err;
  }
  const { port } = server.address() as AddressInfo;
  const listeningUrl = hostUrl(config.bind, port);
  publicUrl ??= listeningUrl;
  bridge?.supervisor.boot();
  watchdog.start();

  let closing: Promise<void> | undefined;
  let draining: Promise<boolean> | undefined;
  // Each step is bounded so that the whole shutdown fits in npm start's 8 s grace even with the worker gone.
  const flushTimeoutMs = options.flushTimeoutMs ?? 2_000;

  async function close() {
    // 1. No new requests; give those in flight a moment.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    await within(1_000, closed);
    server.closeAllConnections();
    await closed;
    // 2. No probes, no new starts, no renewals; then close the sockets while we still hold their leases.
    await within(1_500, watchdog.close());
    if (bridge) await within(1_500, bridge.supervisor.close());
    bridge?.leases.close();
    await provider.close();
    // 3. Let credential writes land, then give the leases back, then deliver what we can.
    if (store) await within(1_500, store.settled());
    if (bridge) await within(1_500, bridge.leases.releaseAll());
    if (bridge) {
      const drained = await bridge.spool.flush(flushTimeoutMs);
      await bridge.spool.close();
      const left = bridge.spool.stats().spooled;
      if (!drained) logger.warn(`spool: ${left} event(s) not delivered yet; they are delivered at the next start`);
    }
  }

  async function drain(): Promise<boolean> {
    if (!bridge || !config.bridge) {
      await (closing ??= close());
      return true;
    }
    const budgetMs = config.bridge.drainTimeoutMs;
    const deadline = Date.now() + budgetMs;
    const giveUp = new AbortController();
    const timer = setTimeout(() => giveUp.abort(), budgetMs);
    timer.unref?.();
    logger.info(`drain: handing this host's connections over (giving up after ${Math.round(budgetMs / 1000)}s)`);
    const report = await bridge.supervisor.drain(giveUp.signal);
    clearTimeout(timer);
    logger.info(
      `drain: ${report.handedOver} handed over, ${report.released} released` + (report.left ? `, ${report.left} left when the drain timeout ran out` : ""),
    );
    if (report.workerUnreachable) {
      await (closing ??= close());
      return false;
    }
    logger.info(`drain: delivering the spool (${bridge.spool.stats().spooled} event(s) left)`);
    const delivered = await bridge.spool.flush(Math.max(0, deadline - Date.now()));
    if (delivered) logger.info("drain: every event delivered");
    else logger.warn(`drain: gave up with ${bridge.spool.stats().spooled} event(s) not delivered; they are delivered at the next start`);
    await (closing ??= close());
    logger.info("drain: done");
    return report.left === 0 && delivered;
  }

  return {
    server,
    provider,
    sink,
    bridge,
    watchdog,
    url: listeningUrl,
    close: () => (closing ??= close()),
    drain: () => (draining ??= drain()),
  };
}

/** Waits for `promise`, but at most `ms`. */
async function within(ms: number, promise: Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([promise.catch(() => {}), new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

const LOOPBACK = new Set(["127.0.0.1", "::1", "localhost"]);

async function main() {
  let config: HostConfig;
  try {
    config = loadConfig();
  } catch (err) {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(2);
  }
  if (config.provider === "simulator" && !LOOPBACK.has(config.bind)) {
    console.warn(`warning: the simulator's control routes have no authentication and the host listens on ${config.bind}`);
  }
  const host = await startHost(config);
  console.log(`session host (${host.provider.name}) listening on ${host.url}`);
  if (host.bridge) {
    console.log(`bridge: host ${host.bridge.hostId} → ${config.bridge!.workerUrl}; spool in ${config.stateDir}`);
  } else {
    console.log("bridge: off (SESSION_HOST_BRIDGE=off): events stay in memory and nothing reaches a worker");
  }
  if (host.provider instanceof RemoteSimulatorProvider) {
    console.log(`simulator: connections run on the shared network at ${config.simulatorNetworkUrl}`);
  } else if (host.provider.name === "simulator") {
    const n = host.provider.connections().length;
    console.log(`simulator: ${host.url}/simulator (${n} connection${n === 1 ? "" : "s"} from the fixture; state in memory only)`);
  }

  const stop = (signal: string) => {
    console.log(host.bridge ? `${signal}: draining (handing the connections over, then stopping)` : `${signal}: stopping`);
    host.drain().then(
      () => process.exit(0),
      (err) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.once("SIGINT", () => stop("SIGINT"));
  process.once("SIGTERM", () => stop("SIGTERM"));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
