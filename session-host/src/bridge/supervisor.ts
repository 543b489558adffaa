import { consoleLogger, type Logger } from "../log";
import { type ConnectionStatus, type Provider, type ProviderEvent, ProviderError } from "../providers/provider";
import { backoffDelay, sleep } from "./backoff";
import { KeyedQueue } from "./keyedQueue";
import type { Leases } from "./leases";
import type { WorkerClient } from "./workerClient";

/**
 * Runs connections under leases, on the worker's behalf.
 *
 * - Boot: asks the worker which connections to run (retrying with backoff while it is not up yet: npm start
 *   launches both at once) and starts each under its lease. Then it asks again every `reconcileMs`, which picks
 *   up a connection whose lease was lost while the worker was unreachable, or whose host died.
 * - Commands from the worker (start, restart, stop, logout) run one at a time per connection. A connection the
 *   worker stopped or logged out is not started again by the periodic listing, only by an explicit start (the
 *   listing may still show it until our DISCONNECTED status reaches the worker).
 * - A lost lease stops the connection at once. Its status events are then held back: the worker keeps the status
 *   it had (so the connection stays listed and is picked up again), and a host that took the lease over is not
 *   contradicted by our DISCONNECTED.
 */

export class LeaseRefusedError extends ProviderError {
  constructor(connectionId: number, reason: string) {
    super("ERR_WAPP_NOT_INITIALIZED", `Connection ${connectionId} cannot run on this host: ${reason}.`, 409);
  }
}

export interface SupervisorOptions {
  provider: Provider;
  leases: Leases;
  client: Pick<WorkerClient, "listConnections">;
  /** How often to ask the worker again which connections to run. */
  reconcileMs?: number;
  retryBaseMs?: number;
  retryMaxMs?: number;
  logger?: Logger;
}

export class ConnectionSupervisor {
  private readonly provider: Provider;
  private readonly leases: Leases;
  private readonly client: SupervisorOptions["client"];
  private readonly reconcileMs: number;
  private readonly retryBaseMs: number;
  private readonly retryMaxMs: number;
  private readonly logger: Logger;
  private readonly stoppedByWorker = new Set<number>();
  private readonly leaseLost = new Set<number>();
  private readonly queues = new KeyedQueue<number>();
  private readonly closing = new AbortController();
  private bootLoop: Promise<void> | null = null;
  private booted = false;

  constructor(options: SupervisorOptions) {
    this.provider = options.provider;
    this.leases = options.leases;
    this.client = options.client;
    this.reconcileMs = options.reconcileMs ?? 60_000;
    this.retryBaseMs = options.retryBaseMs ?? 500;
    this.retryMaxMs = options.retryMaxMs ?? 15_000;
    this.logger = options.logger ?? consoleLogger;
  }

  /** Whether an event goes on to the worker (see the lost-lease rule above). */
  forwards(event: ProviderEvent): boolean {
    return !((event.type === "status" || event.type === "qr") && this.leaseLost.has(event.connectionId));
  }

  /** Whether the first listing has been handled. */
  get ready(): boolean {
    return this.booted;
  }

  /** Starts the listing loop in the background; `ready` turns true after the first listing was handled. */
  boot(): void {
    this.bootLoop ??= this.listLoop();
  }

  /** The leases lost and never regained, for health. */
  lostLeases(): number[] {
    return [...this.leaseLost];
  }

  /** Starts a connection under its lease (a command from the worker). */
  start(connectionId: number): Promise<ConnectionStatus> {
    this.stoppedByWorker.delete(connectionId);
    return this.serial(connectionId, () => this.startUnderLease(connectionId));
  }

  restart(connectionId: number): Promise<ConnectionStatus> {
    this.stoppedByWorker.delete(connectionId);
    return this.serial(connectionId, async () => {
      // The lease first: without it, even stopping would speak over the host that holds it.
      await this.ensureLease(connectionId);
      if (this.known(connectionId)) await this.provider.stop(connectionId);
      return this.startUnderLease(connectionId);
    });
  }

  /** Closes the socket and gives the lease back; the credentials stay. */
  stop(connectionId: number): Promise<ConnectionStatus> {
    this.stoppedByWorker.add(connectionId);
    return this.serial(connectionId, async () => {
      // The DISCONNECTED status is reported while we still hold the lease.
      if (this.known(connectionId)) await this.provider.stop(connectionId);
      await this.leases.release(connectionId);
      return this.status(connectionId);
    });
  }

  logout(connectionId: number): Promise<ConnectionStatus> {
    this.stoppedByWorker.add(connectionId);
    return this.serial(connectionId, async () => {
      await this.provider.logout(connectionId);
      await this.leases.release(connectionId);
      return this.status(connectionId);
    });
  }

  /** The lease is gone: stop at once (Leases calls this). */
  onLeaseLost(connectionId: number): void {
    this.leaseLost.add(connectionId);
    void this.serial(connectionId, async () => {
      if (this.leases.has(connectionId)) return; // regained meanwhile
      if (this.running(connectionId)) await this.provider.stop(connectionId);
    }).catch((err) => this.logger.error(`supervisor: could not stop connection ${connectionId} after losing its lease`, err));
  }

  /** Stops the listing loop (leases and the provider are closed by the host). */
  async close(): Promise<void> {
    this.closing.abort();
    await this.bootLoop;
    await this.queues.settled();
  }

  // ---- internals ----

  private async listLoop() {
    let failures = 0;
    while (!this.closing.signal.aborted) {
      try {
        const listed = await this.client.listConnections({ signal: this.closing.signal });
        failures = 0;
        for (const { id } of listed) {
          if (this.closing.signal.aborted) break;
          if (this.stoppedByWorker.has(id) || this.leases.has(id)) continue;
          await this.serial(id, () => this.startUnderLease(id)).catch((err) => {
            if (err instanceof LeaseRefusedError) this.logger.info(err.message);
            else this.logger.error(`supervisor: could not start connection ${id}`, err);
          });
        }
        if (!this.booted) this.logger.info(`supervisor: the worker listed ${listed.length} connection(s) for this host`);
        this.booted = true;
        await sleep(this.reconcileMs, this.closing.signal);
      } catch (err) {
        if (this.closing.signal.aborted) break;
        failures++;
        if (failures === 1 || failures % 10 === 0) {
          this.logger.warn(`supervisor: cannot list this host's connections yet (attempt ${failures}): ${err instanceof Error ? err.message : err}`);
        }
        await sleep(backoffDelay(failures, this.retryBaseMs, this.retryMaxMs), this.closing.signal);
      }
    }
  }

  private async startUnderLease(connectionId: number): Promise<ConnectionStatus> {
    await this.ensureLease(connectionId);
    try {
      await this.provider.start(connectionId);
    } catch (err) {
      await this.leases.release(connectionId);
      throw err;
    }
    return this.status(connectionId);
  }

  /** Holds the lease afterwards, or throws LeaseRefusedError having stopped whatever this host had of the connection. */
  private async ensureLease(connectionId: number): Promise<void> {
    if (!this.leases.has(connectionId)) {
      let verdict;
      try {
        verdict = await this.leases.acquire(connectionId);
      } catch (err) {
        throw new LeaseRefusedError(connectionId, `its lease could not be obtained (${err instanceof Error ? err.message : err})`);
      }
      if (!verdict.granted) {
        // Never two sockets for the same credentials: whatever this host had for it stops, quietly.
        this.leaseLost.add(connectionId);
        if (this.running(connectionId)) await this.provider.stop(connectionId);
        throw new LeaseRefusedError(connectionId, verdict.reason);
      }
    }
    this.leaseLost.delete(connectionId);
  }

  /** One operation at a time per connection, in call order; a failed one does not block the next. */
  private serial<T>(connectionId: number, op: () => Promise<T>): Promise<T> {
    return this.queues.run(connectionId, op);
  }


  private known(connectionId: number) {
    return this.provider.connections().some((c) => c.id === connectionId);
  }

  private running(connectionId: number) {
    const status = this.provider.connections().find((c) => c.id === connectionId)?.status;
    return status !== undefined && status !== "DISCONNECTED";
  }

  private status(connectionId: number): ConnectionStatus {
    return this.provider.connections().find((c) => c.id === connectionId)?.status ?? "DISCONNECTED";
  }
}
