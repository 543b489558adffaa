import type { SessionState } from "../../../worker/contracts/bridge";
import { consoleLogger, type Logger } from "../log";
import type { SessionStore } from "../providers/sessionStore";
import { backoffDelay, sleep } from "./backoff";
import { KeyedQueue } from "./keyedQueue";
import { BridgeCallError, type WorkerClient } from "./workerClient";

/**
 * The SessionStore kept by the worker (D1) over the bridge, for the Baileys provider
 * (docs/decisions/0004-session-host-state.md). Writes of one connection run one after another, in call order, so
 * key updates land in the order Baileys made them; each resolves only once the worker has stored it. A load waits
 * for the writes before it. Transient failures (worker unreachable, 5xx, 429) are retried with backoff a few times;
 * a refusal (4xx) or running out of attempts rejects.
 */

export interface WorkerSessionStoreOptions {
  client: Pick<WorkerClient, "loadSession" | "saveCreds" | "saveKeys" | "wipeSession">;
  /** Attempts per call, the first included. */
  attempts?: number;
  retryBaseMs?: number;
  retryMaxMs?: number;
  logger?: Logger;
}

export class WorkerSessionStore implements SessionStore {
  private readonly client: WorkerSessionStoreOptions["client"];
  private readonly attempts: number;
  private readonly retryBaseMs: number;
  private readonly retryMaxMs: number;
  private readonly logger: Logger;
  private readonly queues = new KeyedQueue<number>();

  constructor(options: WorkerSessionStoreOptions) {
    this.client = options.client;
    this.attempts = options.attempts ?? 6;
    this.retryBaseMs = options.retryBaseMs ?? 250;
    this.retryMaxMs = options.retryMaxMs ?? 4_000;
    this.logger = options.logger ?? consoleLogger;
  }

  load(connectionId: number): Promise<SessionState> {
    return this.serial(connectionId, () => this.retrying(`load connection ${connectionId}'s session`, () => this.client.loadSession(connectionId)));
  }

  saveCreds(connectionId: number, creds: unknown): Promise<void> {
    return this.serial(connectionId, () => this.retrying(`save connection ${connectionId}'s credentials`, () => this.client.saveCreds(connectionId, creds)));
  }

  saveKeys(connectionId: number, set: Record<string, Record<string, unknown | null>>): Promise<void> {
    return this.serial(connectionId, () => this.retrying(`save connection ${connectionId}'s keys`, () => this.client.saveKeys(connectionId, set)));
  }

  wipe(connectionId: number): Promise<void> {
    return this.serial(connectionId, () => this.retrying(`wipe connection ${connectionId}'s session`, () => this.client.wipeSession(connectionId)));
  }

  /** Resolves once every write asked for so far has settled (for shutdown). */
  async settled(): Promise<void> {
    await this.queues.settled();
  }

  private async retrying<T>(what: string, call: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await call();
      } catch (err) {
        const transient = err instanceof BridgeCallError && err.transient;
        if (!transient || attempt >= this.attempts) throw err;
        this.logger.warn(`session store: could not ${what} (attempt ${attempt}); retrying`, err instanceof Error ? err.message : err);
        await sleep(backoffDelay(attempt, this.retryBaseMs, this.retryMaxMs));
      }
    }
  }

  private serial<T>(connectionId: number, op: () => Promise<T>): Promise<T> {
    return this.queues.run(connectionId, op);
  }

}
