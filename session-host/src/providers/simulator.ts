import { randomBytes } from "node:crypto";
import {
  type ConnectionInfo,
  type ConnectionStatus,
  type MediaPayload,
  type MessageAck,
  type OutboundMessage,
  type Provider,
  type ProviderEvent,
  type ProviderEventHandler,
  ProviderError,
} from "./provider";
import type { SimulatorFixture } from "./simulatorFixture";

/**
 * An in-process fake phone network. Connections pair by "scanning" a QR (POST /simulator/:id/scan), people play
 * contacts who write to a connection (POST /simulator/:id/inbound), and whatever the product sends lands in
 * an outbox whose acks advance 1 → 2 → 3 (sent, delivered, read) like a phone that receives and reads it.
 * It is a local tool: nothing here talks to WhatsApp, and its state lives in memory only (a restart starts again
 * from the fixture it is given; see docs/decisions/0004-session-host-state.md).
 */

export interface StoredMessage {
  id: string;
  connectionId: number;
  /** "in": the contact wrote to us; "out": the product sent it to the contact. */
  direction: "in" | "out";
  /** The contact's number. */
  contact: string;
  body: string;
  mediaType: string;
  /** Media contents are not kept, only what the page shows. */
  media?: { mimetype: string; filename: string; size: number };
  quotedId?: string;
  ack: MessageAck;
  at: number;
}

interface SimConnection {
  id: number;
  status: ConnectionStatus;
  /** Our number once paired; a paired connection resumes without a new QR (like saved credentials). */
  number: string;
  qr: string;
}

export interface SimulatorOptions {
  /** The connections and contacts to start with. */
  fixture?: SimulatorFixture;
  /** Time between ack steps (1 → 2 → 3). 0 advances on the next tick. */
  ackStepMs?: number;
  /** The conversation log keeps at most this many messages (oldest dropped first). */
  maxMessages?: number;
  now?: () => number;
}

export interface InboundInput {
  from: string;
  name?: string;
  body?: string;
  id?: string;
  media?: MediaPayload;
  quotedId?: string;
}

export interface ContactInfo {
  number: string;
  name: string;
  lastMessageAt: number | null;
}

const DIGITS = /^\d{8,20}$/;
const FINAL_ACK: MessageAck = 3;

/** WhatsApp-looking ids, with a prefix that says where they came from. */
export function newMessageId(): string {
  return `SIM${randomBytes(10).toString("hex").toUpperCase()}`;
}

/** The product's media type for a mimetype. */
export function mediaTypeOf(mimetype: string): string {
  const [kind] = mimetype.toLowerCase().split("/");
  if (kind === "image" || kind === "audio" || kind === "video") return kind;
  return "application";
}

/** The simulated number of a connection once paired: 55 11 9 + the id, padded. */
export function simulatedNumber(connectionId: number): string {
  return `551190${String(connectionId).padStart(7, "0")}`;
}

export class SimulatorProvider implements Provider {
  readonly name = "simulator" as const;
  private readonly ackStepMs: number;
  private readonly maxMessages: number;
  private readonly now: () => number;
  private readonly state: { connections: SimConnection[]; contacts: { number: string; name: string }[]; messages: StoredMessage[] };
  private readonly handlers = new Set<ProviderEventHandler>();
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(options: SimulatorOptions = {}) {
    this.ackStepMs = options.ackStepMs ?? 700;
    this.maxMessages = options.maxMessages ?? 5_000;
    this.now = options.now ?? Date.now;
    const fixture = options.fixture ?? { connections: [], contacts: [] };
    this.state = {
      connections: fixture.connections.map((c) => ({
        id: c.id,
        status: c.status,
        number: c.number ?? (c.status === "CONNECTED" ? simulatedNumber(c.id) : ""),
        qr: "",
      })),
      contacts: fixture.contacts.map((c) => ({ number: c.number, name: c.name })),
      messages: [],
    };
  }

  // ---- Provider ----

  onEvent(handler: ProviderEventHandler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  connections(): ConnectionInfo[] {
    return this.state.connections.map(({ id, status, number }) => ({ id, status, number }));
  }

  async start(connectionId: number): Promise<void> {
    let conn = this.findConnection(connectionId);
    if (!conn) {
      conn = { id: connectionId, status: "OPENING", number: "", qr: "" };
      this.state.connections.push(conn);
      this.setStatus(conn, "OPENING");
    }
    if (conn.status === "CONNECTED") {
      this.emit({ type: "status", connectionId, status: "CONNECTED", number: conn.number, at: this.now() });
      return;
    }
    // A connection paired before resumes without a new QR, as saved credentials would let it.
    if (conn.number) return this.setStatus(conn, "CONNECTED");
    this.showQr(conn);
  }

  async stop(connectionId: number): Promise<void> {
    const conn = this.requireConnection(connectionId);
    if (conn.status !== "DISCONNECTED") this.setStatus(conn, "DISCONNECTED");
  }

  async send(message: OutboundMessage): Promise<{ id: string }> {
    const conn = this.requireConnected(message.connectionId);
    if (!DIGITS.test(message.to)) throw new ProviderError("ERR_VALIDATION", "to must be a phone number, digits only.");
    if (!message.body && !message.media) throw new ProviderError("ERR_VALIDATION", "A message needs a body or media.");
    if (message.id) {
      // A retried send keeps its id and is not delivered twice.
      const known = this.findMessage(conn.id, message.id);
      if (known) return { id: known.id };
    }
    const stored: StoredMessage = {
      id: message.id ?? newMessageId(),
      connectionId: conn.id,
      direction: "out",
      contact: message.to,
      body: message.body ?? "",
      mediaType: message.media ? mediaTypeOf(message.media.mimetype) : "chat",
      media: message.media ? mediaMeta(message.media) : undefined,
      quotedId: message.quotedId,
      ack: 1,
      at: this.now(),
    };
    this.ensureContact(message.to);
    this.push(stored);
    this.emit({ type: "ack", connectionId: conn.id, messageId: stored.id, ack: 1, at: this.now() });
    this.scheduleAck(stored);
    return { id: stored.id };
  }

  async close(): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  // ---- simulator controls ----

  /** Completes QR pairing. Scanning a connected connection changes nothing. */
  scan(connectionId: number): ConnectionInfo {
    const conn = this.requireConnection(connectionId);
    if (conn.status === "qrcode" || conn.status === "PAIRING") {
      conn.number ||= simulatedNumber(conn.id);
      conn.qr = "";
      this.setStatus(conn, "CONNECTED");
    } else if (conn.status !== "CONNECTED") {
      throw new ProviderError(
        "ERR_NO_QRCODE",
        `Connection ${connectionId} is ${conn.status}: there is no QR code to scan; start the connection first.`,
        409,
      );
    }
    return { id: conn.id, status: conn.status, number: conn.number };
  }

  /**
   * A contact writes to a connection. With a known `id` this is a redelivery: the same event is emitted again
   * (the worker must ingest it once) and nothing is added to the conversation.
   */
  inbound(connectionId: number, input: InboundInput): { id: string } {
    const conn = this.requireConnected(connectionId);
    if (!DIGITS.test(input.from)) throw new ProviderError("ERR_VALIDATION", "from must be a phone number, digits only.");
    if (!input.body && !input.media) throw new ProviderError("ERR_VALIDATION", "A message needs a body or media.");
    const known = input.id ? this.findMessage(conn.id, input.id) : undefined;
    if (known && known.direction === "out") {
      throw new ProviderError("ERR_DUPLICATE_ID", `Message id ${input.id} belongs to a message the product sent.`, 409);
    }
    const stored: StoredMessage = known ?? {
      id: input.id ?? newMessageId(),
      connectionId: conn.id,
      direction: "in",
      contact: input.from,
      body: input.body ?? "",
      mediaType: input.media ? mediaTypeOf(input.media.mimetype) : "chat",
      media: input.media ? mediaMeta(input.media) : undefined,
      quotedId: input.quotedId,
      ack: 0,
      at: this.now(),
    };
    this.ensureContact(input.from, input.name);
    if (!known) this.push(stored);
    this.emit({
      type: "message",
      connectionId: conn.id,
      at: this.now(),
      message: {
        id: stored.id,
        from: stored.contact,
        name: input.name ?? this.contactName(stored.contact),
        body: stored.body,
        mediaType: stored.mediaType,
        media: input.media,
        quotedId: stored.quotedId,
        timestamp: stored.at,
      },
    });
    return { id: stored.id };
  }

  /** What the product sent through a connection, oldest first, optionally to one contact. */
  outbox(connectionId: number, filter: { to?: string } = {}): StoredMessage[] {
    this.requireConnection(connectionId);
    return this.state.messages.filter(
      (m) => m.connectionId === connectionId && m.direction === "out" && (!filter.to || m.contact === filter.to),
    );
  }

  /** Both sides of one contact's conversation with a connection, oldest first. */
  conversation(connectionId: number, number: string): StoredMessage[] {
    this.requireConnection(connectionId);
    return this.state.messages.filter((m) => m.connectionId === connectionId && m.contact === number);
  }

  /** Every contact the simulator knows, most recently active first. */
  contacts(): ContactInfo[] {
    const last = new Map<string, number>();
    for (const m of this.state.messages) last.set(m.contact, Math.max(last.get(m.contact) ?? 0, m.at));
    return this.state.contacts
      .map((c) => ({ number: c.number, name: c.name, lastMessageAt: last.get(c.number) ?? null }))
      .sort((a, b) => (b.lastMessageAt ?? 0) - (a.lastMessageAt ?? 0) || a.name.localeCompare(b.name));
  }

  qrOf(connectionId: number): string {
    return this.requireConnection(connectionId).qr;
  }

  // ---- internals ----

  private findConnection(id: number) {
    return this.state.connections.find((c) => c.id === id);
  }

  private requireConnection(id: number) {
    const conn = this.findConnection(id);
    if (!conn) throw new ProviderError("ERR_CONNECTION_NOT_FOUND", `Connection ${id} is unknown to the simulator.`, 404);
    return conn;
  }

  private requireConnected(id: number) {
    const conn = this.requireConnection(id);
    if (conn.status !== "CONNECTED") {
      throw new ProviderError("ERR_CONNECTION_NOT_CONNECTED", `Connection ${id} is ${conn.status}, not CONNECTED.`, 409);
    }
    return conn;
  }

  private findMessage(connectionId: number, id: string) {
    return this.state.messages.find((m) => m.connectionId === connectionId && m.id === id);
  }

  private contactName(number: string) {
    return this.state.contacts.find((c) => c.number === number)?.name || undefined;
  }

  private ensureContact(number: string, name?: string) {
    const found = this.state.contacts.find((c) => c.number === number);
    if (!found) this.state.contacts.push({ number, name: name ?? "" });
    else if (name) found.name = name;
  }

  private showQr(conn: SimConnection) {
    conn.qr = `sim-qr:${conn.id}:${randomBytes(12).toString("base64url")}`;
    this.setStatus(conn, "qrcode");
    this.emit({ type: "qr", connectionId: conn.id, qr: conn.qr, at: this.now() });
  }

  private setStatus(conn: SimConnection, status: ConnectionStatus) {
    conn.status = status;
    this.emit({ type: "status", connectionId: conn.id, status, number: conn.number || undefined, at: this.now() });
  }

  private push(message: StoredMessage) {
    this.state.messages.push(message);
    if (this.state.messages.length > this.maxMessages) this.state.messages.splice(0, this.state.messages.length - this.maxMessages);
  }

  private scheduleAck(message: StoredMessage) {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (message.ack >= FINAL_ACK) return;
      message.ack = (message.ack + 1) as MessageAck;
      this.emit({ type: "ack", connectionId: message.connectionId, messageId: message.id, ack: message.ack, at: this.now() });
      if (message.ack < FINAL_ACK) this.scheduleAck(message);
    }, this.ackStepMs);
    timer.unref?.();
    this.timers.add(timer);
  }

  private emit(event: ProviderEvent) {
    for (const handler of this.handlers) {
      try {
        handler(event);
      } catch (err) {
        console.error("simulator: an event handler failed", err);
      }
    }
  }
}

function mediaMeta(media: MediaPayload) {
  return { mimetype: media.mimetype, filename: media.filename, size: Buffer.byteLength(media.base64, "base64") };
}
