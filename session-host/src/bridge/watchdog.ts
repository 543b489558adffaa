import type { BridgeEvent } from "../../../worker/contracts/bridge";
import { consoleLogger, type Logger } from "../log";
import type { Provider, ProviderEvent } from "../providers/provider";

/**
 * Silent connections (issue 30): a connection can look CONNECTED and hear nothing (a half-dead socket). The
 * watchdog notes when each connection last produced an event; a CONNECTED one silent for `silenceMs` is probed
 * (Provider.probe: Baileys sends a message to its own number and waits for it to come back). A passed probe counts
 * as traffic; a failed one restarts the connection (under its lease, as the worker's restart does) and emits
 * `health{kind:"silent"}`. A provider without `probe` is never probed. One probe at a time per connection.
 */

export interface WatchdogOptions {
  provider: Provider;
  silenceMs: number;
  /** Restarts a connection the way the worker's restart does (the supervisor's restart, under its lease). */
  restart(connectionId: number): Promise<unknown>;
  /** Where the health event goes (the spool). */
  emit(event: BridgeEvent): void;
  /** Whether this host may act on the connection now (it holds the lease and is not draining). */
  mayAct?(connectionId: number): boolean;
  /** How often to look; a quarter of silenceMs by default, between 250 ms and 30 s. */
  checkEveryMs?: number;
  now?: () => number;
  logger?: Logger;
}

export class SilenceWatchdog {
  private readonly lastHeard = new Map<number, number>();
  private readonly probing = new Map<number, Promise<void>>();
  private readonly now: () => number;
  private readonly logger: Logger;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly options: WatchdogOptions) {
    this.now = options.now ?? Date.now;
    this.logger = options.logger ?? consoleLogger;
  }

  /** Every provider event of a connection counts as hearing from it. */
  heard(event: ProviderEvent): void {
    this.lastHeard.set(event.connectionId, this.now());
  }

  /** When the connection was last heard from (epoch ms), if ever. */
  lastEventAt(connectionId: number): number | undefined {
    return this.lastHeard.get(connectionId);
  }

  start(): void {
    if (!this.options.provider.probe || this.timer || this.closed) return;
    const every = this.options.checkEveryMs ?? Math.min(30_000, Math.max(250, Math.floor(this.options.silenceMs / 4)));
    this.timer = setInterval(() => void this.check(), every);
    this.timer.unref?.();
  }

  /** One pass: probes every CONNECTED connection silent for too long; resolves when those probes are done. */
  async check(): Promise<void> {
    const { provider, silenceMs } = this.options;
    if (!provider.probe || this.closed) return;
    const now = this.now();
    const started: Promise<void>[] = [];
    for (const { id, status } of provider.connections()) {
      if (status !== "CONNECTED" || this.probing.has(id)) continue;
      const last = this.lastHeard.get(id);
      if (last === undefined) {
        // Connected before we started watching: count from now.
        this.lastHeard.set(id, now);
        continue;
      }
      if (now - last < silenceMs) continue;
      if (this.options.mayAct && !this.options.mayAct(id)) continue;
      const run = this.probe(id).finally(() => this.probing.delete(id));
      this.probing.set(id, run);
      started.push(run);
    }
    await Promise.all(started);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await Promise.all(this.probing.values());
  }

  private async probe(connectionId: number): Promise<void> {
    const { provider } = this.options;
    const silentFor = Math.round((this.now() - (this.lastHeard.get(connectionId) ?? this.now())) / 1000);
    let alive: boolean;
    try {
      alive = await provider.probe!(connectionId);
    } catch (err) {
      this.logger.warn(`watchdog: connection ${connectionId}: the probe failed`, err);
      alive = false;
    }
    if (this.closed) return;
    if (alive) {
      this.lastHeard.set(connectionId, this.now());
      return;
    }
    // Stopped or handed over while we probed: nothing to restart here.
    const status = provider.connections().find((c) => c.id === connectionId)?.status;
    if (status !== "CONNECTED" || (this.options.mayAct && !this.options.mayAct(connectionId))) return;
    this.logger.warn(`watchdog: connection ${connectionId} looked connected but was silent for ${silentFor}s and failed its probe: restarting it`);
    this.options.emit({ type: "health", connectionId, kind: "silent", count: 1, at: this.now() });
    try {
      await this.options.restart(connectionId);
    } catch (err) {
      this.logger.error(`watchdog: connection ${connectionId}: the restart failed`, err);
    }
    this.lastHeard.set(connectionId, this.now());
  }
}
