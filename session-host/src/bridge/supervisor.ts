import { HOST_HEARTBEAT_MS, type ConnectionToRun } from "../../../worker/contracts/bridge";
import { consoleLogger, type Logger } from "../log";
import { type ConnectionStatus, type Provider, type ProviderEvent, ProviderError } from "../providers/provider";
import { backoffDelay, sleep } from "./backoff";
import { KeyedQueue } from "./keyedQueue";
import type { Leases } from "./leases";
import { BridgeCallError, type WorkerClient } from "./workerClient";

/**
 * Runs connections under leases, on the worker's behalf (ADR 0056: many hosts).
 *
 * - Heartbeat: every `heartbeatMs` (HOST_HEARTBEAT_MS) it tells the worker who this host is (id, public URL,
 *   capacity, memory, what it runs, whether it is draining), and the worker answers the connections placed on it;
 *   each one not running yet is started under its lease. Until the worker first answers (npm start launches both at
 *   once) it retries with backoff. A worker from before many hosts (no heartbeat route) is asked with the old
 *   listing instead.
 * - Commands from the worker (start, restart, stop, logout) run one at a time per connection. A connection the
 *   worker stopped or logged out is not started again by the heartbeat, only by an explicit start (the heartbeat
 *   may still answer it until our DISCONNECTED status reaches the worker).
 * - A lost lease stops the connection at once. Its status events are then held back: the worker keeps the status
 *   it had (so the connection is placed again), and a host that took the lease over is not contradicted by our
 *   DISCONNECTED.
 * - Drain (a deploy stops this host): heartbeat `draining: true` at once (nothing new is placed here), start
 *   nothing more, then hand each connection over in turn: close its socket (credentials kept), stop renewing its
 *   lease without releasing it, and ask the worker to move it (`POST /bridge/leases/:id/handover`), which starts it
 *   on another host; when that call fails the lease is released so that it lapses at once. Its status events are
 *   held back as for a lost lease.
 */

export class LeaseRefusedError extends ProviderError {
  constructor(connectionId: number, reason: string) {
    super("ERR_WAPP_NOT_INITIALIZED", `Connection ${connectionId} cannot run on this host: ${reason}.`, 409);
  }
}

/** What the heartbeat says about this host besides what it runs. */
export interface HostFacts {
  /** Where the worker reaches this host (known once it listens, when it asked for any port). */
  url(): string;
  capacity: number;
  /** When this process started (epoch ms). */
  startedAt: number;
  version?: string;
  /** Resident memory in MB; process.memoryUsage().rss by default. */
  memoryMb?(): number;
}

export interface SupervisorOptions {
  provider: Provider;
  leases: Leases;
  client: Pick<WorkerClient, "heartbeat" | "handover" | "listConnections" | "releaseLease">;
  host: HostFacts;
  /** How often to heartbeat (HOST_HEARTBEAT_MS). */
  heartbeatMs?: number;
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** Connections started at once after a heartbeat (the rest wait their turn). */
  startConcurrency?: number;
  /** Resolves once the credential writes under way have landed (a handed-over connection resumes from them). */
  credentialsSettled?: () => Promise<unknown>;
  logger?: Logger;
}

export interface DrainReport {
  handedOver: number;
  /** Handovers the worker could not do: their leases were released instead. */
  released: number;
  /** Connections left when the drain was cut short. */
  left: number;
}

export class ConnectionSupervisor {
  private readonly provider: Provider;
  private readonly leases: Leases;
  private readonly client: SupervisorOptions["client"];
  private readonly host: HostFacts;
  private readonly heartbeatMs: number;
  private readonly startConcurrency: number;
  private readonly credentialsSettled: () => Promise<unknown>;
  private readonly retryBaseMs: number;
  private readonly retryMaxMs: number;
  private readonly logger: Logger;
  private readonly stoppedByWorker = new Set<number>();
  private readonly leaseLost = new Set<number>();
  /** Given away while draining: their status events stay here, as for a lost lease. */
  private readonly handedOver = new Set<number>();
  /** Started after a heartbeat and not done yet. */
  private readonly starting = new Set<number>();
  private readonly queues = new KeyedQueue<number>();
  private readonly closing = new AbortController();
  private loop: Promise<void> | null = null;
  private booted = false;
  private isDraining = false;
  /** The worker has no heartbeat route: list instead (an older worker). */
  private legacy = false;
  private activeStarts = 0;
  private readonly startWaiters: (() => void)[] = [];

  constructor(options: SupervisorOptions) {
    this.provider = options.provider;
    this.leases = options.leases;
    this.client = options.client;
    this.host = options.host;
    this.heartbeatMs = options.heartbeatMs ?? HOST_HEARTBEAT_MS;
    this.startConcurrency = options.startConcurrency ?? 8;
    this.credentialsSettled = options.credentialsSettled ?? (() => Promise.resolve());
    this.retryBaseMs = options.retryBaseMs ?? 500;
    this.retryMaxMs = options.retryMaxMs ?? 15_000;
    this.logger = options.logger ?? consoleLogger;
  }

  /** Whether an event goes on to the worker (see the lost-lease rule above). */
  forwards(event: ProviderEvent): boolean {
    if (event.type !== "status" && event.type !== "qr") return true;
    return !this.leaseLost.has(event.connectionId) && !this.handedOver.has(event.connectionId);
  }

  /** Whether the worker's first answer (the connections placed here) has been handled. */
  get ready(): boolean {
    return this.booted;
  }

  get draining(): boolean {
    return this.isDraining;
  }

  /** Starts the heartbeat loop in the background; `ready` turns true after the first answer was handled. */
  boot(): void {
    this.loop ??= this.heartbeatLoop();
  }

  /** The connections whose sockets are open (or opening, or showing a QR) here. */
  running(): number[] {
    return this.provider
      .connections()
      .filter((c) => c.status !== "DISCONNECTED" && c.status !== "TIMEOUT")
      .map((c) => c.id);
  }

  /** One heartbeat now, outside the loop (drain announces itself with it); answers the connections placed here. */
  async heartbeat(timeoutMs = 5_000): Promise<ConnectionToRun[]> {
    if (this.legacy) return this.client.listConnections({ timeoutMs, signal: this.closing.signal });
    try {
      return await this.client.heartbeat(
        {
          url: this.host.url(),
          capacity: this.host.capacity,
          running: this.running(),
          draining: this.isDraining,
          memoryMb: Math.round(this.host.memoryMb?.() ?? process.memoryUsage().rss / (1024 * 1024)),
          startedAt: this.host.startedAt,
          version: this.host.version,
        },
        { timeoutMs, signal: this.closing.signal },
      );
    } catch (err) {
      // A worker from before many hosts: it has no heartbeat route, and lists this host's connections instead.
      if (err instanceof BridgeCallError && (err.status === 404 || err.status === 405) && err.code !== "ERR_NO_WAPP_FOUND") {
        this.legacy = true;
        this.logger.warn("supervisor: the worker has no heartbeat route (an older worker); asking it for this host's connections instead");
        return this.client.listConnections({ timeoutMs, signal: this.closing.signal });
      }
      throw err;
    }
  }

  /** The leases lost and never regained, for health. */
  lostLeases(): number[] {
    return [...this.leaseLost];
  }

  /** Starts a connection under its lease (a command from the worker). */
  start(connectionId: number): Promise<ConnectionStatus> {
    this.stoppedByWorker.delete(connectionId);
    return this.serial(connectionId, () => {
      this.refuseWhileDraining(connectionId);
      return this.startUnderLease(connectionId);
    });
  }

  restart(connectionId: number): Promise<ConnectionStatus> {
    this.stoppedByWorker.delete(connectionId);
    return this.serial(connectionId, async () => {
      this.refuseWhileDraining(connectionId);
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
      if (this.isRunning(connectionId)) await this.provider.stop(connectionId);
    }).catch((err) => this.logger.error(`supervisor: could not stop connection ${connectionId} after losing its lease`, err));
  }

  /**
   * Hands every connection over, one at a time (see the class comment), until done or `signal` aborts. The
   * heartbeat goes on meanwhile, saying `draining: true`.
   */
  async drain(signal?: AbortSignal): Promise<DrainReport> {
    this.isDraining = true;
    this.logger.info("drain: telling the worker this host is draining");
    await this.heartbeat().catch((err) => this.logger.warn(`drain: the draining heartbeat failed (${describe(err)}); handing over anyway`));
    const ids = [...new Set([...this.running(), ...this.leases.ids()])];
    this.logger.info(`drain: ${ids.length} connection(s) to hand over`);
    const report: DrainReport = { handedOver: 0, released: 0, left: 0 };
    for (const [i, id] of ids.entries()) {
      if (signal?.aborted || this.closing.signal.aborted) {
        report.left = ids.length - i;
        break;
      }
      const outcome = await this.serial(id, () => this.handOver(id)).catch((err) => {
        this.logger.error(`drain: connection ${id}: handing over failed`, err);
        return "released" as const;
      });
      if (outcome === "handedOver") report.handedOver++;
      else if (outcome === "released") report.released++;
    }
    return report;
  }

  /** Stops the heartbeat loop (leases and the provider are closed by the host). */
  async close(): Promise<void> {
    this.closing.abort();
    await this.loop;
    await this.queues.settled();
  }

  // ---- internals ----

  private async heartbeatLoop() {
    let failures = 0;
    while (!this.closing.signal.aborted) {
      try {
        const placed = await this.heartbeat();
        failures = 0;
        const starts = this.startPlaced(placed);
        if (!this.booted) {
          // At boot the first answer's connections are started before the host counts as ready.
          await starts;
          this.logger.info(`supervisor: the worker placed ${placed.length} connection(s) on this host`);
          this.booted = true;
        }
        await sleep(this.heartbeatMs, this.closing.signal);
      } catch (err) {
        if (this.closing.signal.aborted) break;
        failures++;
        if (failures === 1 || failures % 10 === 0) {
          const what = this.booted ? "heartbeat failed" : "cannot reach the worker yet";
          this.logger.warn(`supervisor: ${what} (attempt ${failures}): ${describe(err)}`);
        }
        const delay = backoffDelay(failures, this.retryBaseMs, this.retryMaxMs);
        // Once running, a missed heartbeat is retried within the period: the worker counts us dead after three.
        await sleep(this.booted ? Math.min(delay, this.heartbeatMs) : delay, this.closing.signal);
      }
    }
  }

  /** Starts, in the background, each placed connection not running yet; resolves when those starts are done. */
  private startPlaced(placed: ConnectionToRun[]): Promise<unknown> {
    if (this.isDraining) return Promise.resolve();
    const starts: Promise<unknown>[] = [];
    for (const { id } of placed) {
      if (this.stoppedByWorker.has(id) || this.leases.has(id) || this.starting.has(id)) continue;
      this.starting.add(id);
      starts.push(
        this.limited<unknown>(() => (this.isDraining || this.closing.signal.aborted ? Promise.resolve() : this.serial(id, () => this.startUnderLease(id))))
          .catch((err) => {
            if (err instanceof LeaseRefusedError) this.logger.info(err.message);
            else this.logger.error(`supervisor: could not start connection ${id}`, err);
          })
          .finally(() => this.starting.delete(id)),
      );
    }
    return Promise.all(starts);
  }

  /** Runs `op` when fewer than `startConcurrency` such ops are running. */
  private async limited<T>(op: () => Promise<T>): Promise<T> {
    while (this.activeStarts >= this.startConcurrency) await new Promise<void>((resolve) => this.startWaiters.push(resolve));
    this.activeStarts++;
    try {
      return await op();
    } finally {
      this.activeStarts--;
      this.startWaiters.shift()?.();
    }
  }

  /** Closes the socket, stops renewing the lease (keeping it), asks the worker to move the connection. */
  private async handOver(connectionId: number): Promise<"handedOver" | "released" | "skipped"> {
    if (!this.leases.has(connectionId)) {
      // Not ours to give: just close it.
      if (this.isRunning(connectionId)) await this.provider.stop(connectionId);
      return "skipped";
    }
    if (!this.isRunning(connectionId)) {
      // Stopped here already (refused by WhatsApp, stopped by the worker): nothing to run elsewhere.
      this.logger.info(`drain: connection ${connectionId}: not running; releasing its lease`);
      await this.leases.release(connectionId);
      return "released";
    }
    this.handedOver.add(connectionId);
    this.logger.info(`drain: connection ${connectionId}: closing its socket (credentials kept)`);
    await this.provider.stop(connectionId);
    // The next host resumes from the stored credentials: let the writes under way land first.
    await Promise.race([this.credentialsSettled().catch(() => {}), sleep(5_000)]);
    this.leases.forget(connectionId);
    this.logger.info(`drain: connection ${connectionId}: asking the worker to hand it over`);
    try {
      const answer = await this.client.handover(connectionId, { timeoutMs: 15_000 });
      if (answer.to) this.logger.info(`drain: connection ${connectionId}: now on host ${answer.to} (${answer.status ?? "status unknown"})`);
      else this.logger.info(`drain: connection ${connectionId}: no other host is live; its lease was released and it waits for one`);
      return "handedOver";
    } catch (err) {
      this.logger.warn(`drain: connection ${connectionId}: the handover failed (${describe(err)}); releasing its lease so that another host takes it`);
      try {
        await this.client.releaseLease(connectionId, { timeoutMs: 5_000 });
      } catch (releaseErr) {
        this.logger.warn(`drain: connection ${connectionId}: releasing its lease failed too (${describe(releaseErr)}); it lapses by itself`);
      }
      return "released";
    }
  }

  private refuseWhileDraining(connectionId: number) {
    if (this.isDraining) throw new LeaseRefusedError(connectionId, "this host is draining (being stopped)");
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
        if (this.isRunning(connectionId)) await this.provider.stop(connectionId);
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

  private isRunning(connectionId: number) {
    const status = this.provider.connections().find((c) => c.id === connectionId)?.status;
    return status !== undefined && status !== "DISCONNECTED";
  }

  private status(connectionId: number): ConnectionStatus {
    return this.provider.connections().find((c) => c.id === connectionId)?.status ?? "DISCONNECTED";
  }
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
