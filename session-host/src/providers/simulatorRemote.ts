import { type BridgeEvent, bridgeEvent } from "../../../worker/contracts/bridge";
import { backoffDelay, sleep } from "../bridge/backoff";
import { consoleLogger, type Logger } from "../log";
import {
  type AddressBookEntry,
  type CheckedNumber,
  type ConnectionInfo,
  type ConnectionStatus,
  type DeleteRequest,
  type EditRequest,
  type OutboundMessage,
  type Provider,
  ProviderError,
  type ProviderEventHandler,
  type ReactRequest,
} from "./provider";

/**
 * The simulator as a provider of a host that shares one simulated phone network with other hosts
 * (SIMULATOR_NETWORK_URL; the network is session-host/src/simulator/network/). The host holds the "sockets": start
 * attaches the connection to this host, stop detaches it; the phone side (pairings, contacts, conversations, the
 * outbox) lives in the network and outlives the host.
 *
 * Events come from the network's stream for this host (long poll) and go to the handlers as the in-process
 * simulator's do. Each is acknowledged to the network only once the worker has it (`delivered`, called by the spool),
 * so what this host received but never got to the worker is delivered again to the next host that runs the connection.
 */

export interface RemoteSimulatorOptions {
  /** The network's base URL, e.g. http://127.0.0.1:8790. */
  url: string;
  hostId: string;
  fetch?: typeof globalThis.fetch;
  logger?: Logger;
  /** How long one long poll waits for events. */
  pollWaitMs?: number;
  /** Without a spool (no bridge) nothing calls `delivered`: acknowledge on receipt instead. */
  ackOnReceipt?: boolean;
  timeoutMs?: number;
}

interface PendingAck {
  connectionId: number;
  seq: number;
}

/** Events received but not yet known delivered, by content; the oldest are forgotten past this many. */
const MAX_PENDING = 50_000;

/** An event's identity as the spool hands it back: the contract's parse, as JSON (undefined: the contract refuses it). */
function keyOf(event: BridgeEvent): string | undefined {
  const parsed = bridgeEvent.safeParse(event);
  return parsed.success ? JSON.stringify(parsed.data) : undefined;
}

export class RemoteSimulatorProvider implements Provider {
  readonly name = "simulator" as const;
  private readonly base: string;
  private readonly hostId: string;
  private readonly fetch: typeof globalThis.fetch;
  private readonly logger: Logger;
  private readonly pollWaitMs: number;
  private readonly ackOnReceipt: boolean;
  private readonly timeoutMs: number;
  private readonly handlers = new Set<ProviderEventHandler>();
  private readonly local = new Map<number, ConnectionInfo>();
  /** Connections this host runs: events of any other are not ours (a late answer after a stop). */
  private readonly attached = new Set<number>();
  private readonly pending = new Map<string, PendingAck[]>();
  private pendingCount = 0;
  private readonly closing = new AbortController();
  private ready: Promise<void> | null = null;
  private loop: Promise<void> | null = null;
  private cursor = 0;
  private readonly acking = new Set<Promise<void>>();

  constructor(options: RemoteSimulatorOptions) {
    this.base = options.url.replace(/\/+$/, "");
    this.hostId = options.hostId;
    this.fetch = options.fetch ?? globalThis.fetch;
    this.logger = options.logger ?? consoleLogger;
    this.pollWaitMs = options.pollWaitMs ?? 20_000;
    this.ackOnReceipt = options.ackOnReceipt ?? false;
    this.timeoutMs = options.timeoutMs ?? 15_000;
  }

  // ---- Provider: lifecycle ----

  onEvent(handler: ProviderEventHandler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  connections(): ConnectionInfo[] {
    return [...this.local.values()].map((c) => ({ ...c }));
  }

  async start(connectionId: number): Promise<void> {
    await this.connect();
    this.attached.add(connectionId);
    try {
      const view = await this.call<{ status: ConnectionStatus; number: string }>("POST", this.connectionPath(connectionId, "attach"));
      this.local.set(connectionId, { id: connectionId, status: view.status, number: view.number });
    } catch (err) {
      this.attached.delete(connectionId);
      throw err;
    }
  }

  async stop(connectionId: number): Promise<void> {
    this.attached.delete(connectionId);
    const known = this.local.get(connectionId);
    if (!known) throw new ProviderError("ERR_NO_WAPP_FOUND", `Connection ${connectionId} is unknown to this host.`, 404);
    await this.call("POST", this.connectionPath(connectionId, "detach"));
    if (known.status !== "DISCONNECTED") {
      known.status = "DISCONNECTED";
      this.emit({ type: "status", connectionId, status: "DISCONNECTED", number: known.number || undefined, at: Date.now() });
    }
  }

  async logout(connectionId: number): Promise<void> {
    if (!this.local.has(connectionId)) return;
    const view = await this.call<{ status: ConnectionStatus; number: string }>("POST", this.connectionPath(connectionId, "logout"));
    this.attached.delete(connectionId);
    this.local.set(connectionId, { id: connectionId, status: view.status, number: view.number });
  }

  async requestPairingCode(connectionId: number, number: string): Promise<string> {
    return (await this.call<{ code: string }>("POST", this.connectionPath(connectionId, "pairing-code"), { number })).code;
  }

  /** Whether the connection hears: the network answers for its phone side (silent connections fail). */
  async probe(connectionId: number): Promise<boolean> {
    if (!this.attached.has(connectionId)) return false;
    try {
      return (await this.call<{ ok: boolean }>("GET", this.connectionPath(connectionId, "probe"))).ok;
    } catch {
      return false; // the network out of reach: no socket hears either
    }
  }

  async close(): Promise<void> {
    // Acknowledgements in flight land first (at most a few seconds): what the worker has is not delivered again.
    await Promise.race([Promise.all(this.acking), sleep(3_000)]);
    this.closing.abort();
    await this.loop;
  }

  // ---- Provider: messages ----

  send(message: OutboundMessage): Promise<{ id: string }> {
    return this.call("POST", this.hostPath("send"), message);
  }

  async edit(request: EditRequest): Promise<void> {
    await this.call("POST", this.hostPath("edit"), request);
  }

  async delete(request: DeleteRequest): Promise<void> {
    await this.call("POST", this.hostPath("delete"), request);
  }

  async react(request: ReactRequest): Promise<void> {
    await this.call("POST", this.hostPath("react"), request);
  }

  checkNumber(connectionId: number, number: string): Promise<{ exists: boolean; number: string }> {
    return this.call("POST", this.hostPath("check-number"), { connectionId, number });
  }

  async checkNumbers(connectionId: number, numbers: string[]): Promise<CheckedNumber[]> {
    return (await this.call<{ results: CheckedNumber[] }>("POST", this.hostPath("check-numbers"), { connectionId, numbers })).results;
  }

  async addressBook(connectionId: number): Promise<AddressBookEntry[]> {
    return (await this.call<{ contacts: AddressBookEntry[] }>("GET", this.connectionPath(connectionId, "contacts"))).contacts;
  }

  // ---- acknowledgements ----

  /** The worker has these events (the spool's hook): acknowledge the network's copies, so nobody gets them again. */
  delivered(events: readonly BridgeEvent[]): void {
    const upTo = new Map<number, number>();
    for (const event of events) {
      const key = keyOf(event);
      if (!key) continue;
      const waiting = this.pending.get(key);
      const ack = waiting?.shift();
      if (!ack) continue;
      this.pendingCount--;
      if (!waiting!.length) this.pending.delete(key);
      upTo.set(ack.connectionId, Math.max(upTo.get(ack.connectionId) ?? 0, ack.seq));
    }
    if (upTo.size) void this.acknowledge([...upTo].map(([connectionId, seq]) => ({ connectionId, seq })));
  }

  // ---- internals ----

  /**
   * Says hello once (the network forgets what an earlier run of this host held) and starts reading the stream. A
   * network out of reach fails the call (502) and the next one tries again.
   */
  private connect(): Promise<void> {
    this.ready ??= (async () => {
      const { pos } = await this.call<{ pos: number }>("POST", `/network/hosts/${encodeURIComponent(this.hostId)}/hello`);
      this.cursor = pos;
      this.loop = this.poll();
    })().catch((err: unknown) => {
      this.ready = null;
      this.logger.warn(`simulator network: cannot reach ${this.base}`, String(err));
      throw err;
    });
    return this.ready;
  }

  private async poll() {
    let failures = 0;
    while (!this.closing.signal.aborted) {
      try {
        const path = `/network/hosts/${encodeURIComponent(this.hostId)}/events?after=${this.cursor}&waitMs=${this.pollWaitMs}`;
        const answer = await this.call<{ items: { pos: number; seq: number; event: BridgeEvent }[]; pos: number }>("GET", path, undefined, this.pollWaitMs + 10_000);
        failures = 0;
        const receipts: PendingAck[] = [];
        for (const { seq, event } of answer.items) {
          if (!this.attached.has(event.connectionId)) continue;
          if (event.type === "status") {
            this.local.set(event.connectionId, { id: event.connectionId, status: event.status, number: event.number ?? this.local.get(event.connectionId)?.number ?? "" });
          }
          if (this.ackOnReceipt) receipts.push({ connectionId: event.connectionId, seq });
          else this.expect(event, { connectionId: event.connectionId, seq });
          this.emit(event);
        }
        this.cursor = answer.pos;
        if (receipts.length) void this.acknowledge(receipts);
      } catch (err) {
        if (this.closing.signal.aborted) break;
        failures++;
        if (failures === 1 || failures % 20 === 0) this.logger.warn(`simulator network: reading events failed ${failures} time(s)`, String(err));
        await sleep(backoffDelay(failures, 200, 5_000), this.closing.signal);
      }
    }
  }

  /** Remembers an event by its content as the spool will hand it back (the contract's parse, through JSON). */
  private expect(event: BridgeEvent, ack: PendingAck) {
    const key = keyOf(event);
    if (!key) return; // the spool dead-letters it; a later ack of the connection covers it
    const list = this.pending.get(key);
    if (list) list.push(ack);
    else this.pending.set(key, [ack]);
    if (++this.pendingCount > MAX_PENDING) {
      const oldest = this.pending.keys().next().value!;
      this.pendingCount -= this.pending.get(oldest)!.length;
      this.pending.delete(oldest);
    }
  }

  private acknowledge(acks: PendingAck[]): Promise<void> {
    const call = this.sendAcks(acks).finally(() => this.acking.delete(call));
    this.acking.add(call);
    return call;
  }

  private async sendAcks(acks: PendingAck[]) {
    try {
      await this.call("POST", "/network/ack", { acks });
    } catch (err) {
      // Not fatal: the events are delivered again to the next host, and the worker takes them once.
      this.logger.warn("simulator network: could not acknowledge delivered events", String(err));
    }
  }

  private emit(event: BridgeEvent) {
    for (const handler of this.handlers) {
      try {
        handler(event);
      } catch (err) {
        this.logger.error("simulator network: an event handler failed", err);
      }
    }
  }

  private hostPath(command: string) {
    return `/network/hosts/${encodeURIComponent(this.hostId)}/${command}`;
  }

  private connectionPath(connectionId: number, action: string) {
    return `/network/hosts/${encodeURIComponent(this.hostId)}/connections/${connectionId}/${action}`;
  }

  private async call<T = unknown>(method: string, path: string, body?: unknown, timeoutMs = this.timeoutMs): Promise<T> {
    const signal = AbortSignal.any([this.closing.signal, AbortSignal.timeout(timeoutMs)]);
    let res: Response;
    try {
      res = await this.fetch(`${this.base}${path}`, {
        method,
        headers: body === undefined ? {} : { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
    } catch (err) {
      throw new ProviderError("ERR_SIMULATOR_NETWORK", `The simulator network did not answer: ${err instanceof Error ? err.message : err}`, 502);
    }
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : {};
    } catch {
      json = {};
    }
    if (!res.ok) {
      const problem = json as { error?: string; message?: string };
      throw new ProviderError(problem.error ?? "ERR_SIMULATOR_NETWORK", problem.message ?? `The simulator network answered ${res.status}.`, res.status);
    }
    return json as T;
  }
}
