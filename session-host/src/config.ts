import { z } from "zod";
import { type SimulatorFixture, simulatorFixtureSchema } from "./providers/simulatorFixture";

// Unset and empty environment variables both mean "use the default".
const env = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), schema);

export const configSchema = z.object({
  SESSION_HOST_PORT: env(z.coerce.number().int().min(0).max(65_535).default(8788)),
  /** Loopback by default: the simulator's control routes are for local use only. */
  SESSION_HOST_BIND: env(z.string().default("127.0.0.1")),
  SESSION_HOST_PROVIDER: env(z.enum(["simulator", "baileys"]).default("simulator")),
  /** Where the bridge will reach the worker (used once the bridge lands). */
  WORKER_URL: env(z.url({ protocol: /^https?$/ }).default("http://127.0.0.1:8787")),
  /** Shared with the worker to sign bridge calls (required once the bridge lands). */
  BRIDGE_SECRET: env(z.string().min(32, "BRIDGE_SECRET must be at least 32 characters").optional()),
  /** Simulator: milliseconds between ack steps 1 → 2 → 3. */
  SIMULATOR_ACK_STEP_MS: env(z.coerce.number().int().min(0).max(60_000).default(700)),
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
});

export interface HostConfig {
  port: number;
  bind: string;
  provider: "simulator" | "baileys";
  workerUrl: string;
  bridgeSecret: string | undefined;
  simulatorAckStepMs: number;
  simulatorFixture: SimulatorFixture | undefined;
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
    workerUrl: c.WORKER_URL.replace(/\/+$/, ""),
    bridgeSecret: c.BRIDGE_SECRET,
    simulatorAckStepMs: c.SIMULATOR_ACK_STEP_MS,
    simulatorFixture: c.SIMULATOR_FIXTURE,
  };
}
