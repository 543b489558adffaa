import { randomBytes, randomInt } from "node:crypto";
import { z } from "zod";
import type { BridgeMediaType } from "../../../worker/contracts/bridge";
import { companyOfId, idRangeStart } from "../../../worker/contracts/ids";
import { consoleLogger, type Logger } from "../log";
import {
  type AddressBookEntry,
  type ConnectionInfo,
  type ConnectionStatus,
  type DeleteRequest,
  type CheckedNumber,
  type EditRequest,
  type MediaPayload,
  type MessageAck,
  type OutboundMessage,
  type Provider,
  type ProviderEvent,
  type ProviderEventHandler,
  ProviderError,
  type ReactRequest,
} from "./provider";
import type { SessionStore } from "./sessionStore";
import type { SimulatorFixture } from "./simulatorFixture";

/**
 * An in-process fake phone network. Connections pair by "scanning" a QR or entering a pairing code
 * (POST /simulator/:id/scan), people play contacts who write, edit, delete, react and type
 * (POST /simulator/:id/inbound…), and whatever the product sends lands in an outbox whose acks advance 1 → 2 → 3
 * like a phone that receives and reads it. It is a local tool: nothing here talks to WhatsApp, and its state lives
 * in memory (a restart starts again from its fixture; see docs/decisions/0004-session-host-state.md), except a
 * pairing made at run time, which it keeps as Baileys keeps its credentials: in the worker, through the session store.
 *
 * Which numbers "are on WhatsApp": every number of 8 to 20 digits except those starting with 5500
 * (INVALID_PREFIX), so tests can get ERR_WAPP_INVALID_CONTACT with e.g. 5500912345678, and those ending in 00000
 * (INVALID_SUFFIX): real-looking numbers (5511987600000) that a contact list accepts and its WhatsApp check finds
 * missing (ADR 0039).
 */

export const INVALID_PREFIX = "5500";
export const INVALID_SUFFIX = "00000";

/** Who reacted: a contact's number, or OURS for the product's own reaction. */
export const OURS = "me";

export interface StoredMessage {
  id: string;
  connectionId: number;
  /** "in": the contact wrote to us; "out": the product sent it to the contact. */
  direction: "in" | "out";
  /** The contact's number. */
  contact: string;
  body: string;
  mediaType: BridgeMediaType;
  /** Media contents are not kept, only what the page shows. */
  media?: { mimetype: string; filename: string; size: number };
  location?: { latitude: number; longitude: number; name?: string };
  vcard?: { name: string; number: string };
  quotedId?: string;
  ack: MessageAck;
  at: number;
  /** Bodies before each edit, oldest first. */
  edits: string[];
  deleted: boolean;
  /** Reactor (a contact's number, or OURS) → emoji. */
  reactions: Record<string, string>;
  /** How long "typing…" showed before it (campaign sends). */
  typingMs?: number;
}

interface SimConnection {
  id: number;
  status: ConnectionStatus;
  /** Our number once paired; a paired connection resumes without a new QR (like saved credentials). */
  number: string;
  qr: string;
  /** A pairing code asked for, and the number it was asked for; entering it on the "phone" pairs. */
  pairing: { code: string; number: string } | null;
}

export interface SimulatorOptions {
  /** The connections and contacts to start with. */
  fixture?: SimulatorFixture;
  /** Time between ack steps (1 → 2 → 3). 0 advances on the next tick. */
  ackStepMs?: number;
  /** The conversation log keeps at most this many messages (oldest dropped first). */
  maxMessages?: number;
  now?: () => number;
  /**
   * Where a pairing is kept (the worker, through the bridge), so that a connection paired at run time (a company
   * that signed up today) resumes paired after a restart, as saved credentials would let it. Without one, only the
   * fixture's connections come back paired.
   */
  store?: SessionStore;
  logger?: Logger;
}

/** What the simulator saves as a connection's "credentials": the number it was paired as. */
const savedPairing = z.object({ simulator: z.object({ number: z.string().regex(/^\d{8,20}$/) }) });

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

export type TypingState = "composing" | "recording" | "paused";

const DIGITS = /^\d{8,20}$/;
const FINAL_ACK: MessageAck = 3;
const PAIRING_ALPHABET = "ABCDEFGHJKLMNPQRSTVWXYZ23456789";

/** WhatsApp-looking ids, with a prefix that says where they came from. */
export function newMessageId(): string {
  return `SIM${randomBytes(10).toString("hex").toUpperCase()}`;
}

/** The product's media type for a mimetype. */
export function mediaTypeOf(mimetype: string, ptt = false): BridgeMediaType {
  const [kind] = mimetype.toLowerCase().split("/");
  if (kind === "audio") return ptt ? "ptt" : "audio";
  if (kind === "image" || kind === "video") return kind;
  return "application";
}

/**
 * The simulated number of a connection once paired: a number of its own for every id, that looks like a phone.
 * - Ids under 10^7 keep the demo's form, 551190 + the id in 7 digits (connection 1 is 5511900000001, +55 (11) 90000-0001).
 * - The first 9,999 connections of each of the first 9,999 companies are a Rio mobile, 55 21 9 + the company in 4
 *   digits + the connection's place in its company's range in 4 (company 2's first is 5521900020001,
 *   +55 (21) 90002-0001): 13 digits like the first form, but another area code, so the two never meet.
 * - Any other id is 55 + the id in 13 digits: 15 digits, E.164's longest, so it meets neither 13-digit form.
 * scripts/seed/demo.mjs writes the same numbers for the demo's connections (a test holds the two together).
 */
export function simulatedNumber(connectionId: number): string {
  const digits = (n: number, width: number) => String(n).padStart(width, "0");
  if (connectionId < 10_000_000) return `551190${digits(connectionId, 7)}`;
  const company = companyOfId(connectionId);
  const place = connectionId - idRangeStart(company);
  if (company < 10_000 && place < 10_000) return `55219${digits(company, 4)}${digits(place, 4)}`;
  return `55${digits(connectionId, 13)}`;
}

/** Whether the simulated WhatsApp knows this number (see INVALID_PREFIX). */
export function existsOnSimulatedWhatsApp(number: string): boolean {
  return DIGITS.test(number) && !number.startsWith(INVALID_PREFIX) && !number.endsWith(INVALID_SUFFIX);
}

export class SimulatorProvider implements Provider {
  readonly name = "simulator" as const;
  private readonly ackStepMs: number;
  private readonly maxMessages: number;
  private readonly now: () => number;
  private readonly store: SessionStore | undefined;
  private readonly logger: Logger;
  private readonly state: { connections: SimConnection[]; contacts: { number: string; name: string }[]; messages: StoredMessage[] };
  private readonly handlers = new Set<ProviderEventHandler>();
  private readonly timers = new Set<NodeJS.Timeout>();
  /** Silent connections (see setSilent) and what each has held back meanwhile, oldest first. */
  private readonly silent = new Map<number, ProviderEvent[]>();

  constructor(options: SimulatorOptions = {}) {
    this.ackStepMs = options.ackStepMs ?? 700;
    this.maxMessages = options.maxMessages ?? 5_000;
    this.now = options.now ?? Date.now;
    this.store = options.store;
    this.logger = options.logger ?? consoleLogger;
    const fixture = options.fixture ?? { connections: [], contacts: [] };
    this.state = {
      connections: fixture.connections.map((c) => ({
        id: c.id,
        status: c.status,
        number: c.number ?? (c.status === "CONNECTED" ? simulatedNumber(c.id) : ""),
        qr: "",
        pairing: null,
      })),
      contacts: fixture.contacts.map((c) => ({ number: c.number, name: c.name })),
      messages: [],
    };
  }

  // ---- Provider: lifecycle ----

  onEvent(handler: ProviderEventHandler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  connections(): ConnectionInfo[] {
    return this.state.connections.map(({ id, status, number }) => ({ id, status, number }));
  }

  async start(connectionId: number): Promise<void> {
    // A restarted socket hears again: what waited while it was silent arrives now, as offline messages do.
    const held = this.silent.get(connectionId);
    this.silent.delete(connectionId);
    try {
      await this.startSocket(connectionId);
    } finally {
      if (held) this.release(held);
    }
  }

  private async startSocket(connectionId: number): Promise<void> {
    let conn = this.findConnection(connectionId);
    if (!conn) {
      // Not in the fixture: paired in an earlier run if the store kept its pairing.
      const number = await this.savedNumber(connectionId);
      conn = this.findConnection(connectionId);
      if (!conn) {
        conn = { id: connectionId, status: "OPENING", number, qr: "", pairing: null };
        this.state.connections.push(conn);
        this.setStatus(conn, "OPENING");
      }
    }
    if (conn.status === "CONNECTED") {
      this.emit({ type: "status", connectionId, status: "CONNECTED", number: conn.number, at: this.now() });
      return;
    }
    // A connection paired before resumes without a new QR, as saved credentials would let it.
    if (conn.number) return this.setStatus(conn, "CONNECTED");
    if (conn.status === "qrcode" && conn.qr) {
      // Already waiting: say so again (the worker may have missed it) without invalidating the QR shown.
      this.setStatus(conn, "qrcode");
      this.emit({ type: "qr", connectionId, qr: conn.qr, at: this.now() });
      return;
    }
    if (conn.status === "PAIRING") return;
    this.showQr(conn);
  }

  async stop(connectionId: number): Promise<void> {
    const conn = this.requireConnection(connectionId);
    this.hearAgain(connectionId);
    conn.qr = "";
    conn.pairing = null;
    if (conn.status !== "DISCONNECTED") this.setStatus(conn, "DISCONNECTED");
  }

  /** Forgets the pairing: the next start shows a QR. A connection the simulator never saw has nothing to forget. */
  async logout(connectionId: number): Promise<void> {
    // A pairing kept from an earlier run is forgotten too, whether or not this run has seen the connection.
    await this.store?.wipe(connectionId);
    const conn = this.findConnection(connectionId);
    if (!conn) return;
    this.hearAgain(connectionId);
    conn.number = "";
    conn.qr = "";
    conn.pairing = null;
    this.setStatus(conn, "DISCONNECTED");
  }

  async requestPairingCode(connectionId: number, number: string): Promise<string> {
    const conn = this.requireConnection(connectionId);
    if (conn.status === "CONNECTED") {
      throw new ProviderError("ERR_WAPP_ALREADY_PAIRED", `Connection ${connectionId} is already paired.`, 409);
    }
    if (conn.status !== "qrcode" && conn.status !== "PAIRING") {
      throw new ProviderError("ERR_WAPP_NOT_INITIALIZED", `Connection ${connectionId} is ${conn.status}: start it before asking for a pairing code.`, 409);
    }
    if (!DIGITS.test(number)) throw new ProviderError("ERR_VALIDATION", "number must be 8 to 20 digits.");
    const code = Array.from({ length: 8 }, () => PAIRING_ALPHABET[randomInt(PAIRING_ALPHABET.length)]).join("");
    conn.pairing = { code, number };
    if (conn.status !== "PAIRING") this.setStatus(conn, "PAIRING");
    return code;
  }

  async close(): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  /**
   * Whether the connection really hears: CONNECTED and not silent. Baileys sends a message to its own number and waits
   * for the echo; the simulator knows.
   */
  async probe(connectionId: number): Promise<boolean> {
    const conn = this.findConnection(connectionId);
    return conn?.status === "CONNECTED" && !this.silent.has(connectionId);
  }

  // ---- Provider: messages ----

  async send(message: OutboundMessage): Promise<{ id: string }> {
    const conn = this.requireConnected(message.connectionId);
    // A retried send keeps its id and is not delivered twice.
    const known = this.findMessage(conn.id, message.id);
    if (known) {
      if (known.direction === "in") throw new ProviderError("ERR_VALIDATION", `Message id ${message.id} belongs to a message a contact wrote.`);
      return { id: known.id };
    }
    this.requireContact(message.to, message.isGroup);
    if (!message.body && !message.media && !message.location && !message.vcard) {
      throw new ProviderError("ERR_VALIDATION", "A message needs a body, media, a location or a contact card.");
    }
    const mediaType: BridgeMediaType = message.media
      ? mediaTypeOf(message.media.mimetype, message.ptt)
      : message.location
        ? "location"
        : message.vcard
          ? "vcard"
          : "chat";
    const stored: StoredMessage = {
      id: message.id,
      connectionId: conn.id,
      direction: "out",
      contact: message.to,
      body: message.body ?? "",
      mediaType,
      media: message.media ? mediaMeta(message.media) : undefined,
      location: message.location,
      vcard: message.vcard,
      quotedId: message.quotedId,
      ...(message.typingMs ? { typingMs: message.typingMs } : {}),
      ack: 1,
      at: this.now(),
      edits: [],
      deleted: false,
      reactions: {},
    };
    this.ensureContact(message.to);
    this.push(stored);
    this.emit({ type: "ack", connectionId: conn.id, messageId: stored.id, ack: 1, at: this.now() });
    this.scheduleAck(stored);
    return { id: stored.id };
  }

  async edit(request: EditRequest): Promise<void> {
    const message = this.ownMessage(request.connectionId, request.to, request.id, request.isGroup);
    if (message.deleted) throw new ProviderError("ERR_MESSAGE_NOT_EDITABLE", `Message ${request.id} was deleted.`, 409);
    if (!message.body && message.mediaType === "chat") throw new ProviderError("ERR_MESSAGE_NOT_EDITABLE", `Message ${request.id} has no text.`, 409);
    if (message.body === request.body) return;
    message.edits.push(message.body);
    message.body = request.body;
  }

  async delete(request: DeleteRequest): Promise<void> {
    const message = this.ownMessage(request.connectionId, request.to, request.id, request.isGroup);
    message.deleted = true;
  }

  async react(request: ReactRequest): Promise<void> {
    this.requireConnected(request.connectionId);
    this.requireContact(request.to, request.isGroup);
    const message = this.findMessage(request.connectionId, request.id);
    if (!message || message.contact !== request.to) {
      throw new ProviderError("ERR_NOT_FOUND", `Message ${request.id} is not in the conversation with ${request.to}.`, 404);
    }
    setReaction(message, OURS, request.emoji);
  }

  async checkNumber(connectionId: number, number: string): Promise<{ exists: boolean; number: string }> {
    this.requireConnected(connectionId);
    return { exists: existsOnSimulatedWhatsApp(number), number };
  }

  async checkNumbers(connectionId: number, numbers: string[]): Promise<CheckedNumber[]> {
    this.requireConnected(connectionId);
    return numbers.map((number) => ({ number, exists: existsOnSimulatedWhatsApp(number), canonical: number }));
  }

  async addressBook(connectionId: number): Promise<AddressBookEntry[]> {
    this.requireConnected(connectionId);
    return this.state.contacts.filter((c) => existsOnSimulatedWhatsApp(c.number)).map((c) => ({ number: c.number, name: c.name || c.number }));
  }

  // ---- simulator controls: the phone side ----

  /** Completes pairing (QR, or the pairing code when `code` is given). Scanning a connected connection changes nothing. */
  scan(connectionId: number, code?: string): ConnectionInfo {
    const conn = this.requireConnection(connectionId);
    if (conn.status === "qrcode" || conn.status === "PAIRING") {
      if (code !== undefined && code.toUpperCase() !== conn.pairing?.code) {
        throw new ProviderError("ERR_PAIRING_CODE", "That is not the pairing code of this connection.", 400);
      }
      conn.number ||= conn.pairing?.number ?? simulatedNumber(conn.id);
      conn.qr = "";
      conn.pairing = null;
      this.setStatus(conn, "CONNECTED");
      this.savePairing(conn.id, conn.number);
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
      edits: [],
      deleted: false,
      reactions: {},
    };
    this.ensureContact(input.from, input.name);
    if (!known) this.push(stored);
    this.emit({
      type: "message",
      connectionId: conn.id,
      at: this.now(),
      message: {
        id: stored.id,
        chatId: stored.contact,
        isGroup: false,
        from: stored.contact,
        fromMe: false,
        name: input.name || this.contactName(stored.contact),
        body: known ? (known.edits[0] ?? known.body) : stored.body,
        mediaType: stored.mediaType,
        media: input.media,
        quotedId: stored.quotedId,
        isForwarded: false,
        isHistory: false,
        timestamp: stored.at,
      },
    });
    return { id: stored.id };
  }

  /** A contact edits a message they wrote. */
  inboundEdit(connectionId: number, input: { from: string; id: string; body: string }): void {
    const message = this.contactMessage(connectionId, input.from, input.id);
    if (message.deleted) throw new ProviderError("ERR_MESSAGE_NOT_EDITABLE", `Message ${input.id} was deleted.`, 409);
    message.edits.push(message.body);
    message.body = input.body;
    this.emit({ type: "edit", connectionId, messageId: message.id, body: input.body, at: this.now() });
  }

  /** A contact deletes a message they wrote (for everyone). */
  inboundDelete(connectionId: number, input: { from: string; id: string }): void {
    const message = this.contactMessage(connectionId, input.from, input.id);
    message.deleted = true;
    this.emit({ type: "delete", connectionId, messageId: message.id, at: this.now() });
  }

  /** A contact reacts to any message of their conversation; an empty emoji takes the reaction back. */
  inboundReaction(connectionId: number, input: { from: string; id: string; emoji: string }): void {
    this.requireConnected(connectionId);
    const message = this.findMessage(connectionId, input.id);
    if (!message || message.contact !== input.from) {
      throw new ProviderError("ERR_NOT_FOUND", `Message ${input.id} is not in the conversation with ${input.from}.`, 404);
    }
    setReaction(message, input.from, input.emoji);
    this.emit({
      type: "reaction",
      connectionId,
      messageId: message.id,
      chatId: input.from,
      from: input.from,
      fromMe: false,
      emoji: input.emoji,
      at: this.now(),
    });
  }

  /** A contact is typing (or recording, or stopped). */
  typing(connectionId: number, input: { from: string; state: TypingState }): void {
    this.requireConnected(connectionId);
    this.emit({ type: "presence", connectionId, chatId: input.from, presence: input.state, at: this.now() });
  }

  /**
   * Makes a connection silent (it still looks CONNECTED, delivers nothing and fails its probe; what happens meanwhile
   * waits) or hears again. A restart (start) ends the silence too; inbound messages that waited arrive as offline
   * messages (isHistory), as Baileys' `append` brings them.
   */
  setSilent(connectionId: number, silent: boolean): ConnectionInfo & { silent: boolean } {
    const conn = this.requireConnection(connectionId);
    if (silent) {
      if (!this.silent.has(connectionId)) this.silent.set(connectionId, []);
    } else {
      this.hearAgain(connectionId);
    }
    return { id: conn.id, status: conn.status, number: conn.number, silent };
  }

  isSilent(connectionId: number): boolean {
    return this.silent.has(connectionId);
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

  pairingCodeOf(connectionId: number): string {
    return this.requireConnection(connectionId).pairing?.code ?? "";
  }

  // ---- internals ----

  /** The number a connection was paired as in an earlier run, or "" (never paired, or no store). */
  private async savedNumber(connectionId: number): Promise<string> {
    if (!this.store) return "";
    const { creds } = await this.store.load(connectionId);
    const saved = savedPairing.safeParse(creds);
    return saved.success ? saved.data.simulator.number : "";
  }

  /** Kept in the background (the phone's scan answers at once); a failure only costs a new QR after a restart. */
  private savePairing(connectionId: number, number: string): void {
    this.store?.saveCreds(connectionId, { simulator: { number } }).catch((err: unknown) => {
      this.logger.warn(`simulator: could not keep connection ${connectionId}'s pairing; after a restart it will show a QR again`, String(err));
    });
  }

  private findConnection(id: number) {
    return this.state.connections.find((c) => c.id === id);
  }

  private requireConnection(id: number) {
    const conn = this.findConnection(id);
    if (!conn) throw new ProviderError("ERR_NO_WAPP_FOUND", `Connection ${id} is unknown to the simulator.`, 404);
    return conn;
  }

  private requireConnected(id: number) {
    const conn = this.requireConnection(id);
    if (conn.status !== "CONNECTED") {
      throw new ProviderError("ERR_WAPP_NOT_INITIALIZED", `Connection ${id} is ${conn.status}, not CONNECTED.`, 409);
    }
    return conn;
  }

  /** The simulator has no groups, and numbers starting with INVALID_PREFIX are not on WhatsApp. */
  private requireContact(to: string, isGroup = false) {
    if (isGroup) throw new ProviderError("ERR_WAPP_INVALID_CONTACT", "The simulator has no groups.", 400);
    if (!existsOnSimulatedWhatsApp(to)) throw new ProviderError("ERR_WAPP_INVALID_CONTACT", `${to} is not on WhatsApp.`, 400);
  }

  /** A message the product sent to `to`, for edits and deletions. */
  private ownMessage(connectionId: number, to: string, id: string, isGroup?: boolean) {
    this.requireConnected(connectionId);
    this.requireContact(to, isGroup);
    const message = this.findMessage(connectionId, id);
    if (!message || message.contact !== to) throw new ProviderError("ERR_NOT_FOUND", `Message ${id} is not in the conversation with ${to}.`, 404);
    if (message.direction !== "out") throw new ProviderError("ERR_MESSAGE_NOT_EDITABLE", `Message ${id} was written by the contact.`, 409);
    return message;
  }

  /** A message the contact `from` wrote, for their edits and deletions. */
  private contactMessage(connectionId: number, from: string, id: string) {
    this.requireConnected(connectionId);
    const message = this.findMessage(connectionId, id);
    if (!message || message.contact !== from) throw new ProviderError("ERR_NOT_FOUND", `Message ${id} is not in the conversation with ${from}.`, 404);
    if (message.direction !== "in") throw new ProviderError("ERR_MESSAGE_NOT_EDITABLE", `Message ${id} was sent by the product, not by ${from}.`, 409);
    return message;
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

  /** Ends a connection's silence, emitting what it held back. */
  private hearAgain(connectionId: number) {
    const held = this.silent.get(connectionId);
    this.silent.delete(connectionId);
    if (held) this.release(held);
  }

  /** Emits what a silent connection held back; its statuses and QRs are stale by now and are left out. */
  private release(held: ProviderEvent[]) {
    for (const event of held) {
      if (event.type === "status" || event.type === "qr") continue;
      this.emit(event.type === "message" ? { ...event, message: { ...event.message, isHistory: true } } : event);
    }
  }

  private emit(event: ProviderEvent) {
    const held = this.silent.get(event.connectionId);
    if (held) {
      held.push(event);
      return;
    }
    for (const handler of this.handlers) {
      try {
        handler(event);
      } catch (err) {
        console.error("simulator: an event handler failed", err);
      }
    }
  }
}

function setReaction(message: StoredMessage, who: string, emoji: string) {
  if (emoji) message.reactions[who] = emoji;
  else delete message.reactions[who];
}

function mediaMeta(media: MediaPayload) {
  return { mimetype: media.mimetype, filename: media.filename, size: Buffer.byteLength(media.base64, "base64") };
}
