import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { ConfigError, type HostConfig, loadConfig } from "./config";
import { type EventSink, RecordingSink } from "./events/sink";
import { HttpError, sendError, sendJson, sendText } from "./http/respond";
import { renderMetrics } from "./metrics";
import { type Provider, ProviderError } from "./providers/provider";
import { SimulatorProvider } from "./providers/simulator";
import { handleSimulator } from "./simulator/routes";

export interface HostDeps {
  provider: Provider;
  sink: EventSink;
  /** performance.now()-style start, for uptime. */
  startedAt?: number;
}

/** The session host's HTTP surface: health, metrics and (with the simulator) its control routes. */
export function createHostServer({ provider, sink, startedAt = performance.now() }: HostDeps): Server {
  const uptime = () => (performance.now() - startedAt) / 1000;

  async function route(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://session-host");
    const method = req.method ?? "GET";

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
        uptime: Math.round(uptime() * 10) / 10,
      });
    }
    if (url.pathname === "/metrics" && method === "GET") {
      const text = renderMetrics({ provider: provider.name, connections: provider.connections(), events: sink.stats(), uptimeSeconds: uptime() });
      return sendText(res, 200, text, "text/plain; version=0.0.4; charset=utf-8");
    }
    if (url.pathname === "/favicon.ico") {
      res.writeHead(204).end();
      return;
    }
    if (provider instanceof SimulatorProvider && url.pathname.startsWith("/simulator")) {
      if (await handleSimulator(provider, req, res, url)) return;
    }
    throw new HttpError(404, "ERR_NOT_FOUND", "Not found.");
  }

  return createServer((req, res) => {
    route(req, res).catch((err: unknown) => {
      if (res.headersSent) return res.destroy();
      if (err instanceof HttpError) return sendError(res, err);
      if (err instanceof ProviderError) return sendError(res, new HttpError(err.status, err.code, err.message));
      console.error("unhandled error", req.method, req.url, err);
      sendError(res, new HttpError(500, "ERR_INTERNAL", "An internal error occurred."));
    });
  });
}

export function createProvider(config: HostConfig): Provider {
  if (config.provider === "simulator") {
    return new SimulatorProvider({ fixture: config.simulatorFixture, ackStepMs: config.simulatorAckStepMs });
  }
  throw new Error('The "baileys" provider is not built yet (a later issue); use SESSION_HOST_PROVIDER=simulator.');
}

export interface RunningHost {
  server: Server;
  provider: Provider;
  sink: EventSink;
  url: string;
  close(): Promise<void>;
}

/** Starts the host as configured; `close()` stops taking requests and closes the provider. */
export async function startHost(config: HostConfig, provider = createProvider(config)): Promise<RunningHost> {
  const sink = new RecordingSink();
  // Until the bridge to the worker exists, events are recorded, not delivered (see session-host/README.md).
  provider.onEvent((event) => sink.record(event));
  const server = createHostServer({ provider, sink });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.bind, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = config.bind.includes(":") ? `[${config.bind}]` : config.bind;
  let closing: Promise<void> | undefined;
  return {
    server,
    provider,
    sink,
    url: `http://${host}:${port}`,
    close: () =>
      (closing ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        await provider.close();
      })()),
  };
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
  if (host.provider.name === "simulator") {
    const n = host.provider.connections().length;
    console.log(`simulator: ${host.url}/simulator (${n} connection${n === 1 ? "" : "s"} from the fixture; state in memory only)`);
  }

  const stop = (signal: string) => {
    console.log(`${signal}: stopping`);
    host.close().then(
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
