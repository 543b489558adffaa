import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { simulatorFixtureSchema } from "../../providers/simulatorFixture";
import { SimulatorNetwork } from "./network";
import { createNetworkServer } from "./server";

/**
 * The shared simulated phone network as a process of its own:
 *   SIMULATOR_NETWORK_PORT=8790 npx tsx session-host/src/simulator/network/main.ts
 * then start each host with SESSION_HOST_PROVIDER=simulator and SIMULATOR_NETWORK_URL=http://127.0.0.1:8790.
 * Its state lives in this process's memory (a restart starts again from SIMULATOR_FIXTURE). Its routes are unsigned:
 * it listens on loopback unless SIMULATOR_NETWORK_BIND says otherwise (a private network of test containers).
 */

const LOOPBACK = new Set(["127.0.0.1", "::1", "localhost"]);

const envSchema = z.object({
  SIMULATOR_NETWORK_PORT: z.coerce.number().int().min(0).max(65_535).default(8790),
  SIMULATOR_NETWORK_BIND: z.string().min(1).default("127.0.0.1"),
  SIMULATOR_ACK_STEP_MS: z.coerce.number().int().min(0).max(60_000).default(700),
  SIMULATOR_FIXTURE: z
    .string()
    .optional()
    .transform((text) => (text ? simulatorFixtureSchema.parse(JSON.parse(text)) : undefined)),
});

export async function startNetwork(options: { port: number; bind?: string; ackStepMs?: number; fixture?: z.infer<typeof simulatorFixtureSchema> }) {
  const network = new SimulatorNetwork({ ackStepMs: options.ackStepMs, fixture: options.fixture });
  const server = createNetworkServer(network);
  const bind = options.bind ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, bind, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    network,
    server,
    url: `http://${bind.includes(":") ? `[${bind}]` : bind}:${port}`,
    async close() {
      await network.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function main() {
  const env = envSchema.parse(Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== undefined && v.trim() !== "")));
  if (!LOOPBACK.has(env.SIMULATOR_NETWORK_BIND)) {
    console.warn(`warning: the simulator network's routes have no authentication and it listens on ${env.SIMULATOR_NETWORK_BIND}`);
  }
  const running = await startNetwork({ port: env.SIMULATOR_NETWORK_PORT, bind: env.SIMULATOR_NETWORK_BIND, ackStepMs: env.SIMULATOR_ACK_STEP_MS, fixture: env.SIMULATOR_FIXTURE });
  console.log(`simulator network listening on ${running.url} (page: ${running.url}/simulator; state in memory only)`);
  const stop = (signal: string) => {
    console.log(`${signal}: stopping`);
    running.close().then(() => process.exit(0), () => process.exit(1));
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
