import type { BridgeEvent } from "../../../../worker/contracts/bridge";
import { ProviderError } from "../../providers/provider";
import { SimulatorProvider, type SimulatorOptions } from "../../providers/simulator";

/**
 * One simulated phone network for many session hosts (issue 30). The simulator's state (connections, pairings,
 * contacts, conversations, the product's outbox) lives here, in one process that outlives any host, as WhatsApp's
 * servers do; hosts only hold the "sockets".
 *
 * - A host attaches a connection to run it (the bridge's start); a second attach from another host replaces the first,
 *   whose stream stops carrying that connection. A detach (the bridge's stop) closes the socket only: the phone stays
 *   paired, and what contacts write meanwhile waits here.
 * - Every event of a connection gets a network-wide sequence (`seq`); all but statuses and QR codes stay here until a host acknowledges it
 *   (cumulatively per connection: acking 7 acknowledges every earlier event of that connection). A host acknowledges
 *   an event once the worker has it, so an event a host received but never got to the worker (the host died) is
 *   delivered again to whoever attaches the connection next, as WhatsApp redelivers what a client never acknowledged.
 * - Each host reads its own stream (`events(host, after)`): items with a position (`pos`, per host) so that a
 *   long-poll answer that got lost is simply asked for again.
 * - Sends are idempotent by id (the engine keeps one message per id): a resend after a failover lands once.
 */

export interface StreamItem {
  /** The item's place in its host's stream: ask for `after` the last one received. */
  pos: number;
  /** The event's network-wide sequence: acknowledge it once the worker has it. */
  seq: number;
  event: BridgeEvent;
}

interface LoggedEvent {
  seq: number;
  event: BridgeEvent;
}

interface NetConnection {
  holder: string | null;
  /** Unacknowledged events, oldest first. */
  log: LoggedEvent[];
  acked: number;
  paired: boolean;
}

interface HostStream {
  pos: number;
  queue: (StreamItem & { connectionId: number })[];
  waiters: Set<() => void>;
}

export interface NetworkStats {
  hosts: number;
  attached: Record<string, number[]>;
  unacknowledged: number;
  /** QR codes shown for a connection that had been paired before (a logout would do it; a failover must not). */
  qrAfterPairing: number;
  events: number;
}

/** At most this many events per answer. */
const MAX_ITEMS = 500;

export class SimulatorNetwork {
  readonly engine: SimulatorProvider;
  private seq = 0;
  private readonly conns = new Map<number, NetConnection>();
  private readonly hosts = new Map<string, HostStream>();
  private qrAfterPairing = 0;

  constructor(options: SimulatorOptions = {}) {
    // The network keeps every message (sends stay idempotent by id for the whole run).
    this.engine = new SimulatorProvider({ maxMessages: 1_000_000, ...options });
    this.engine.onEvent((event) => this.record(event));
  }

  // ---- hosts ----

  /** A host process (re)starts: it runs nothing yet, and its old stream is gone. */
  hello(hostId: string): { pos: number } {
    for (const conn of this.conns.values()) if (conn.holder === hostId) conn.holder = null;
    const stream = this.stream(hostId);
    stream.queue = [];
    this.wake(stream);
    return { pos: stream.pos };
  }

  /** The host runs the connection from now on (replacing any other) and receives what it has not acknowledged. */
  async attach(hostId: string, connectionId: number) {
    const conn = this.conn(connectionId);
    const previous = conn.holder;
    conn.holder = hostId;
    if (previous && previous !== hostId) this.wake(this.stream(previous));
    const stream = this.stream(hostId);
    stream.queue = stream.queue.filter((item) => item.connectionId !== connectionId);
    for (const logged of conn.log) this.enqueue(stream, connectionId, logged);
    this.wake(stream);
    await this.engine.start(connectionId);
    return this.view(connectionId);
  }

  /** The host closed its socket (the credentials stay; the phone stays paired). */
  detach(hostId: string, connectionId: number): void {
    const conn = this.conns.get(connectionId);
    if (conn?.holder === hostId) conn.holder = null;
  }

  async logout(hostId: string, connectionId: number) {
    this.requireHolder(hostId, connectionId);
    await this.engine.logout(connectionId);
    this.detach(hostId, connectionId);
    return this.view(connectionId);
  }

  holderOf(connectionId: number): string | null {
    return this.conns.get(connectionId)?.holder ?? null;
  }

  /** Throws 409 ERR_WAPP_NOT_INITIALIZED unless `hostId` runs the connection. */
  requireHolder(hostId: string, connectionId: number): void {
    if (this.holderOf(connectionId) !== hostId) {
      throw new ProviderError("ERR_WAPP_NOT_INITIALIZED", `Connection ${connectionId} is not running on host ${hostId}.`, 409);
    }
  }

  /** Whether the connection hears (the watchdog's probe): held by this host, CONNECTED and not silent. */
  async probe(hostId: string, connectionId: number): Promise<boolean> {
    return this.holderOf(connectionId) === hostId && (await this.engine.probe(connectionId));
  }

  // ---- the stream ----

  /**
   * The host's events after `after` (its last position received); waits up to `waitMs` for some when there are none.
   * Items of connections the host no longer holds, and events acknowledged meanwhile, are left out.
   */
  async events(hostId: string, after: number, waitMs: number, signal?: AbortSignal): Promise<{ items: StreamItem[]; pos: number }> {
    const stream = this.stream(hostId);
    const ready = () => {
      stream.queue = stream.queue.filter((item) => {
        if (item.pos <= after) return false;
        const conn = this.conns.get(item.connectionId);
        return conn !== undefined && conn.holder === hostId && item.seq > conn.acked;
      });
      return stream.queue.length > 0;
    };
    if (!ready() && waitMs > 0 && !signal?.aborted) {
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          stream.waiters.delete(done);
          signal?.removeEventListener("abort", done);
          resolve();
        };
        const timer = setTimeout(done, waitMs);
        stream.waiters.add(done);
        signal?.addEventListener("abort", done);
      });
      ready();
    }
    const items = stream.queue.slice(0, MAX_ITEMS).map(({ pos, seq, event }) => ({ pos, seq, event }));
    return { items, pos: items.at(-1)?.pos ?? Math.max(after, 0) };
  }

  /** The worker has every event of the connection up to `seq`. */
  ack(connectionId: number, seq: number): void {
    const conn = this.conns.get(connectionId);
    if (!conn || seq <= conn.acked) return;
    conn.acked = seq;
    const keep = conn.log.findIndex((logged) => logged.seq > seq);
    conn.log = keep < 0 ? [] : conn.log.slice(keep);
  }

  stats(): NetworkStats {
    const attached: Record<string, number[]> = {};
    let unacknowledged = 0;
    for (const [id, conn] of this.conns) {
      unacknowledged += conn.log.length;
      if (conn.holder) (attached[conn.holder] ??= []).push(id);
    }
    return { hosts: this.hosts.size, attached, unacknowledged, qrAfterPairing: this.qrAfterPairing, events: this.seq };
  }

  view(connectionId: number) {
    const info = this.engine.connections().find((c) => c.id === connectionId);
    if (!info) throw new ProviderError("ERR_NO_WAPP_FOUND", `Connection ${connectionId} is unknown to the simulator.`, 404);
    return { ...info, holder: this.holderOf(connectionId), silent: this.engine.isSilent(connectionId) };
  }

  async close(): Promise<void> {
    for (const stream of this.hosts.values()) this.wake(stream);
    await this.engine.close();
  }

  // ---- internals ----

  private record(event: BridgeEvent) {
    const conn = this.conn(event.connectionId);
    if (event.type === "status" && event.status === "CONNECTED") conn.paired = true;
    if (event.type === "qr" && conn.paired) this.qrAfterPairing++;
    if (event.type === "status" && event.status === "DISCONNECTED" && !event.number) conn.paired = false;
    const logged = { seq: ++this.seq, event };
    // Statuses and QR codes are the socket's state of the moment, not something WhatsApp keeps for a client: they go
    // to the current holder only. Everything else waits here until acknowledged.
    if (event.type !== "status" && event.type !== "qr") conn.log.push(logged);
    if (conn.holder) {
      const stream = this.stream(conn.holder);
      this.enqueue(stream, event.connectionId, logged);
      this.wake(stream);
    }
  }

  private enqueue(stream: HostStream, connectionId: number, logged: LoggedEvent) {
    stream.queue.push({ pos: ++stream.pos, seq: logged.seq, event: logged.event, connectionId });
  }

  private wake(stream: HostStream) {
    for (const waiter of [...stream.waiters]) waiter();
  }

  private conn(connectionId: number): NetConnection {
    let conn = this.conns.get(connectionId);
    if (!conn) {
      conn = { holder: null, log: [], acked: 0, paired: false };
      this.conns.set(connectionId, conn);
    }
    return conn;
  }

  private stream(hostId: string): HostStream {
    let stream = this.hosts.get(hostId);
    if (!stream) {
      stream = { pos: 0, queue: [], waiters: new Set() };
      this.hosts.set(hostId, stream);
    }
    return stream;
  }
}
