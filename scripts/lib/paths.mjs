import path from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root (scripts/ lives directly under it). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

export const DEFAULT_STATE_DIR = path.join(ROOT, ".wrangler", "state");

/**
 * Where the local run keeps the worker's local state (D1, R2, Durable Objects): ZAPDESK_STATE_DIR, or
 * .wrangler/state. The e2e harness passes a fresh directory to get a clean demo. (The session host's simulator
 * keeps its network in memory.)
 */
export function stateDirs(env = process.env) {
  const custom = env.ZAPDESK_STATE_DIR?.trim();
  return { persistTo: custom ? path.resolve(custom) : DEFAULT_STATE_DIR };
}

export const bin = (name) => path.join(ROOT, "node_modules", ".bin", name);
