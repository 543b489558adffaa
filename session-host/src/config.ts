import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { type SimulatorFixture, simulatorFixtureSchema } from "./providers/simulatorFixture";

// Unset and empty environment variables both mean "use the default".
const env = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), schema);

/** session-host/data: already gitignored, beside the code, whatever the working directory. */
export const DEFAULT_STATE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "data");

export const configSchema = z
  .object({
    SESSION_HOST_PORT: env(z.coerce.number().int().min(0).max(65_535).default(8788)),
    /** Loopback by default: the simulator's control routes are for local use only. */
    SESSION_HOST_BIND: env(z.string().default("127.0.0.1")),
    SESSION_HOST_PROVIDER: env(z.enum(["simulator", "baileys"]).default("simulator")),
    /** "off" runs the host without a worker (its own tests, a quick look at the simulator): events stay in memory. */
    SESSION_HOST_BRIDGE: env(z.enum(["on", "off"]).default("on")),
    WORKER_URL: env(z.url({ protocol: /^https?$/ }).default("http://127.0.0.1:8787")),
    /** Shared with the worker to sign bridge calls; required while the bridge is on (no default secrets). */
    BRIDGE_SECRET: env(z.string().min(32, "BRIDGE_SECRET must be at least 32 characters").optional()),
    /** A bearer token for /health and /metrics from anywhere; without it they answer only on loopback. */
    SESSION_HOST_METRICS_TOKEN: env(z.string().min(32, "SESSION_HOST_METRICS_TOKEN must be at least 32 characters").optional()),
    /** Names this host to the worker (leases). Default: generated once and kept in the state directory. */
    SESSION_HOST_ID: env(
      z
        .string()
        .regex(/^[A-Za-z0-9._:-]{1,100}$/, "SESSION_HOST_ID: letters, digits and . _ : -, at most 100")
        .optional(),
    ),
    /** Where the spool and the host id live. Default: $ZAPDESK_STATE_DIR/session-host, else session-host/data. */
    SESSION_HOST_STATE_DIR: env(z.string().optional()),
    ZAPDESK_STATE_DIR: env(z.string().optional()),
    /** How long a connection lease lasts; it is renewed every third of it. */
    SESSION_HOST_LEASE_TTL_MS: env(z.coerce.number().int().min(5_000).max(300_000).default(60_000)),
    /** Where the worker reaches this host's /bridge routes. Default http://<bind>:<port>; required when bound to all interfaces. */
    SESSION_HOST_PUBLIC_URL: env(z.url({ protocol: /^https?$/, message: "SESSION_HOST_PUBLIC_URL must be an http(s) URL" }).max(500).optional()),
    /** How many connections this host may hold (the worker places no more on it). */
    SESSION_HOST_CAPACITY: env(z.coerce.number().int().min(1).max(100_000).default(500)),
    /** A CONNECTED connection that hears nothing this long is probed (and restarted when the probe fails). */
    SESSION_HOST_SILENCE_MS: env(z.coerce.number().int().min(1_000, "SESSION_HOST_SILENCE_MS must be at least 1000").default(1_800_000)),
    /** SIGTERM: how long handing the connections over and delivering the spool may take before the host gives up and exits. */
    SESSION_HOST_DRAIN_TIMEOUT_MS: env(z.coerce.number().int().min(0).max(3_600_000).default(120_000)),
    /** Simulator: milliseconds between ack steps 1 → 2 → 3. */
    SIMULATOR_ACK_STEP_MS: env(z.coerce.number().int().min(0).max(60_000).default(700)),
    /**
     * Simulator: the shared simulated phone network (session-host/src/simulator/network/main.ts) this host runs its
     * connections on, so that many hosts share one network. Unset: the simulator runs in this process, as before.
     */
    SIMULATOR_NETWORK_URL: env(z.url({ protocol: /^https?$/ }).optional()),
    /** Simulator: JSON of the connections and contacts to start with (npm start passes the demo's). */
    SIMULATOR_FIXTURE: env(
      z
        .string()
        .transform((text, ctx) => {
          try {
            return JSON.parse(text) as unknown;
          } catch {
            ctx.addIssue({ code: "custom", message: "SIMULATOR_FIXTURE must be JSON" });
            return z.NEVER;
          }
        })
        .pipe(simulatorFixtureSchema)
        .optional(),
    ),
  })
  .superRefine((c, ctx) => {
    if (c.SESSION_HOST_BRIDGE === "on" && !c.BRIDGE_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["BRIDGE_SECRET"],
        message: "BRIDGE_SECRET is required while the bridge is on (set SESSION_HOST_BRIDGE=off to run without a worker)",
      });
    }
    if (c.SESSION_HOST_BRIDGE === "on" && !c.SESSION_HOST_PUBLIC_URL && ALL_INTERFACES.has(c.SESSION_HOST_BIND)) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_HOST_PUBLIC_URL"],
        message: `SESSION_HOST_PUBLIC_URL is required when SESSION_HOST_BIND is ${c.SESSION_HOST_BIND}: the worker needs an address it can reach this host at (e.g. http://session-host-0.session-host:8788)`,
      });
    }
  });

/** Binding to these listens everywhere, so http://<bind>:<port> names no address the worker could call. */
const ALL_INTERFACES = new Set(["0.0.0.0", "::", "[::]"]);

export interface BridgeConfig {
  workerUrl: string;
  secret: string;
  /** Undefined: generated once and kept in the state directory (see bridge/hostId.ts). */
  hostId: string | undefined;
  leaseTtlMs: number;
  /** Where the worker reaches this host; undefined: http://<bind>:<the port it listens on> (SESSION_HOST_PORT=0). */
  publicUrl: string | undefined;
  /** How many connections this host may hold. */
  capacity: number;
  /** SIGTERM: budget for handing connections over and delivering the spool. */
  drainTimeoutMs: number;
}

export interface HostConfig {
  port: number;
  bind: string;
  provider: "simulator" | "baileys";
  /** Null when the host runs without a worker. */
  bridge: BridgeConfig | null;
  stateDir: string;
  simulatorAckStepMs: number;
  simulatorFixture: SimulatorFixture | undefined;
  /** The shared simulator network's URL; undefined: the in-process simulator. */
  simulatorNetworkUrl: string | undefined;
  /** Bearer token for /health and /metrics; undefined: they answer only on loopback. */
  metricsToken: string | undefined;
  /** A CONNECTED connection silent this long is probed (providers with probe() only). */
  silenceMs: number;
}

export class ConfigError extends Error {
  constructor(readonly fields: Record<string, string>) {
    super(`Invalid session host configuration: ${Object.entries(fields).map(([k, v]) => `${k}: ${v}`).join("; ")}`);
    this.name = "ConfigError";
  }
}

export function loadConfig(source: Record<string, string | undefined> = process.env): HostConfig {
  const result = configSchema.safeParse(source);
  if (!result.success) {
    const fields: Record<string, string> = {};
    for (const issue of result.error.issues) fields[issue.path.join(".") || "_"] ??= issue.message;
    throw new ConfigError(fields);
  }
  const c = result.data;
  return {
    port: c.SESSION_HOST_PORT,
    bind: c.SESSION_HOST_BIND,
    provider: c.SESSION_HOST_PROVIDER,
    bridge:
      c.SESSION_HOST_BRIDGE === "on"
        ? {
            workerUrl: c.WORKER_URL.replace(/\/+$/, ""),
            secret: c.BRIDGE_SECRET!,
            hostId: c.SESSION_HOST_ID,
            leaseTtlMs: c.SESSION_HOST_LEASE_TTL_MS,
            publicUrl: (c.SESSION_HOST_PUBLIC_URL ?? (c.SESSION_HOST_PORT === 0 ? undefined : hostUrl(c.SESSION_HOST_BIND, c.SESSION_HOST_PORT)))?.replace(/\/+$/, ""),
            capacity: c.SESSION_HOST_CAPACITY,
            drainTimeoutMs: c.SESSION_HOST_DRAIN_TIMEOUT_MS,
          }
        : null,
    // A run with its own ZAPDESK_STATE_DIR (e2e, benchmarks) gets its own spool, so a fresh database never
    // receives events spooled for another one.
    stateDir: path.resolve(c.SESSION_HOST_STATE_DIR ?? (c.ZAPDESK_STATE_DIR ? path.join(c.ZAPDESK_STATE_DIR, "session-host") : DEFAULT_STATE_DIR)),
    simulatorAckStepMs: c.SIMULATOR_ACK_STEP_MS,
    simulatorFixture: c.SIMULATOR_FIXTURE,
    simulatorNetworkUrl: c.SIMULATOR_NETWORK_URL?.replace(/\/+$/, ""),
    metricsToken: c.SESSION_HOST_METRICS_TOKEN,
    silenceMs: c.SESSION_HOST_SILENCE_MS,
  };
}

/** http://<bind>:<port>, an IPv6 address in brackets. */
export function hostUrl(bind: string, port: number): string {
  return `http://${bind.includes(":") && !bind.startsWith("[") ? `[${bind}]` : bind}:${port}`;
}
