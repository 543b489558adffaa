import { consoleLogger, type Logger } from "../log";
import { BridgeCallError, type WorkerClient } from "./workerClient";

/**
 * Connection leases: the worker grants one host the right to run a connection for `ttlMs`, so two hosts never
 * open sockets with the same credentials (WhatsApp would replace one with the other, code 440, in a loop).
 *
 * A granted lease is renewed every ttl/3. A renewal the worker refuses (another host holds it, or the connection
 * is gone) loses the lease at once. A renewal that fails because the worker is unreachable is retried; the lease
 * is lost when it would have expired, counted from when the last granted request was sent (never later than the
 * worker's own clock says), minus a margin for closing the socket.
 */

export type LeaseVerdict = { granted: true } | { granted: false; holder?: string; reason: string };
export type LeaseLost = (connectionId: number, reason: string) => void;

export interface LeasesOptions {
  client: Pick<WorkerClient, "acquireLease" | "releaseLease">;
  ttlMs: number;
  onLost: LeaseLost;
  logger?: Logger;
  now?: () => number;
}

interface Held {
  /** Local time until which we may run the connection. */
  validUntil: number;
  renewTimer: NodeJS.Timeout | null;
  expiryTimer: NodeJS.Timeout | null;
}

export class Leases {
  private readonly client: LeasesOptions["client"];
  private readonly ttlMs: number;
  private readonly onLost: LeaseLost;
  private readonly logger: Logger;
  private readonly now: () => number;
  private readonly held = new Map<number, Held>();
  private readonly marginMs: number;
  private readonly callTimeoutMs: number;

  constructor(options: LeasesOptions) {
    this.client = options.client;
    this.ttlMs = options.ttlMs;
    this.onLost = options.onLost;
    this.logger = options.logger ?? consoleLogger;
    this.now = options.now ?? Date.now;
    this.marginMs = Math.min(2_000, Math.floor(this.ttlMs / 10));
    this.callTimeoutMs = Math.max(1_000, Math.floor(this.ttlMs / 4));
  }

  has(connectionId: number): boolean {
    return this.held.has(connectionId);
  }

  ids(): number[] {
    return [...this.held.keys()];
  }

  /**
   * Asks for (or renews) a connection's lease. A refusal is an answer, not an error; an unreachable worker throws
   * (BridgeCallError), and the caller must not run the connection.
   */
  async acquire(connectionId: number): Promise<LeaseVerdict> {
    const sentAt = this.now();
    let answer;
    try {
      answer = await this.client.acquireLease(connectionId, this.ttlMs, { timeoutMs: this.callTimeoutMs });
    } catch (err) {
      if (err instanceof BridgeCallError && err.status === 404) return { granted: false, reason: "the worker does not know this connection" };
      throw err;
    }
    if (!answer.granted) {
      return { granted: false, holder: answer.holder, reason: `host ${answer.holder ?? "(unknown)"} holds it until ${new Date(answer.expiresAt).toISOString()}` };
    }
    this.hold(connectionId, sentAt);
    return { granted: true };
  }

  /** Stops renewing and tells the worker (best effort: an unreleased lease lapses by itself). */
  async release(connectionId: number): Promise<void> {
    if (!this.drop(connectionId)) return;
    try {
      await this.client.releaseLease(connectionId, { timeoutMs: this.callTimeoutMs });
    } catch (err) {
      this.logger.warn(`leases: could not release connection ${connectionId}'s lease; it lapses within ${this.ttlMs / 1000}s`, describe(err));
    }
  }

  /**
   * Stops renewing a lease without releasing it (a draining host hands the connection over: the worker moves the
   * lease itself). Nothing is reported lost.
   */
  forget(connectionId: number): void {
    this.drop(connectionId);
  }

  async releaseAll(): Promise<void> {
    await Promise.all(this.ids().map((id) => this.release(id)));
  }

  /** Stops every timer without releasing (the process is going away and releases separately, or not at all). */
  close(): void {
    for (const held of this.held.values()) clearTimers(held);
  }

  private hold(connectionId: number, sentAt: number) {
    const held = this.held.get(connectionId) ?? { validUntil: 0, renewTimer: null, expiryTimer: null };
    clearTimers(held);
    held.validUntil = sentAt + this.ttlMs - this.marginMs;
    this.held.set(connectionId, held);
    held.expiryTimer = timer(() => this.lose(connectionId, held, "it expired while the worker could not be reached"), held.validUntil - this.now());
    this.scheduleRenewal(connectionId, held, Math.floor(this.ttlMs / 3));
  }

  private scheduleRenewal(connectionId: number, held: Held, delayMs: number) {
    if (held.renewTimer) clearTimeout(held.renewTimer);
    held.renewTimer = timer(() => void this.renew(connectionId, held), delayMs);
  }

  private async renew(connectionId: number, held: Held) {
    held.renewTimer = null;
    const sentAt = this.now();
    try {
      const answer = await this.client.acquireLease(connectionId, this.ttlMs, { timeoutMs: this.callTimeoutMs });
      if (this.held.get(connectionId) !== held) return; // released or lost meanwhile
      if (answer.granted) return this.hold(connectionId, sentAt);
      this.lose(connectionId, held, `the worker gave it to host ${answer.holder ?? "(unknown)"}`);
    } catch (err) {
      if (this.held.get(connectionId) !== held) return;
      if (err instanceof BridgeCallError && err.status === 404) return this.lose(connectionId, held, "the worker no longer knows this connection");
      // Keep running on the lease we have; try again sooner than usual.
      const left = held.validUntil - this.now();
      this.logger.warn(`leases: could not renew connection ${connectionId}'s lease (${Math.max(0, Math.round(left / 1000))}s left)`, describe(err));
      this.scheduleRenewal(connectionId, held, Math.max(1_000, Math.min(Math.floor(this.ttlMs / 6), left)));
    }
  }

  private lose(connectionId: number, held: Held, reason: string) {
    if (this.held.get(connectionId) !== held) return;
    this.drop(connectionId);
    this.logger.warn(`leases: lost connection ${connectionId}'s lease: ${reason}`);
    this.onLost(connectionId, reason);
  }

  private drop(connectionId: number): boolean {
    const held = this.held.get(connectionId);
    if (!held) return false;
    clearTimers(held);
    this.held.delete(connectionId);
    return true;
  }
}

function timer(fn: () => void, ms: number): NodeJS.Timeout {
  const t = setTimeout(fn, Math.max(0, ms));
  t.unref?.();
  return t;
}

function clearTimers(held: Held) {
  if (held.renewTimer) clearTimeout(held.renewTimer);
  if (held.expiryTimer) clearTimeout(held.expiryTimer);
  held.renewTimer = held.expiryTimer = null;
}

function describe(err: unknown) {
  return err instanceof Error ? err.message : String(err);
}
