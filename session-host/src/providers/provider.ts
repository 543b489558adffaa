/**
 * What the session host needs from a WhatsApp implementation. The Baileys provider (real WhatsApp) and the
 * simulator (a fake phone network for local use, demos and tests) both implement it, so nothing downstream
 * can tell them apart.
 */

import type { z } from "zod";
import type {
  BridgeEvent,
  BridgeInboundMessage,
  InlineMedia,
  deleteCommand,
  editCommand,
  reactCommand,
  sendCommand,
} from "../../../worker/contracts/bridge";

/** Connection states, spelled as the product (and the spec) spells them. */
export const CONNECTION_STATUSES = ["CONNECTED", "qrcode", "PAIRING", "DISCONNECTED", "TIMEOUT", "OPENING"] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

/** Delivery acks: 0 pending, 1 sent, 2 reached the server, 3 delivered, 4 read, 5 played. */
export type MessageAck = 0 | 1 | 2 | 3 | 4 | 5;

export type MediaPayload = InlineMedia;

/**
 * What a provider reports: exactly the bridge's events (worker/contracts/bridge.ts), so the host forwards them to
 * the worker unchanged. Inbound messages carry chatId/isGroup/fromMe/lid; acks, edits, deletions, reactions,
 * presence, calls and contact updates (names, photos, LID ↔ number) are events of their own.
 */
export type ProviderEvent = BridgeEvent;
export type InboundMessage = BridgeInboundMessage;
export type ProviderEventHandler = (event: ProviderEvent) => void;

/** A message the product sends to a contact: the bridge's send command (its `id` makes a retried send idempotent). */
export type OutboundMessage = z.input<typeof sendCommand>;
export type EditRequest = z.input<typeof editCommand>;
export type DeleteRequest = z.input<typeof deleteCommand>;
export type ReactRequest = z.input<typeof reactCommand>;

export interface ConnectionInfo {
  id: number;
  status: ConnectionStatus;
  /** Our own number once paired; empty before. */
  number: string;
}

export interface CheckedNumber {
  number: string;
  exists: boolean;
  /** The number's form on WhatsApp (Brazilian numbers may gain or lose the ninth digit); the number itself when not on it. */
  canonical: string;
}

export interface AddressBookEntry {
  number: string;
  name: string;
}

export type ProviderName = "simulator" | "baileys";

export interface Provider {
  readonly name: ProviderName;
  /** Opens the connection: resumes a saved session, or asks for pairing (qr events). Idempotent. */
  start(connectionId: number): Promise<void>;
  /** Closes the connection's socket, keeping its credentials. */
  stop(connectionId: number): Promise<void>;
  /** Logs out on WhatsApp and wipes the credentials; the next start asks for a new QR. */
  logout(connectionId: number): Promise<void>;
  /** Asks WhatsApp for a pairing code for `number` (the alternative to scanning the QR). */
  requestPairingCode(connectionId: number, number: string): Promise<string>;
  /** Sends a message; answers its WhatsApp id (the given `id` when the provider can keep it). Acks arrive later as events. */
  send(message: OutboundMessage): Promise<{ id: string }>;
  edit(request: EditRequest): Promise<void>;
  delete(request: DeleteRequest): Promise<void>;
  /** An empty emoji removes our reaction. */
  react(request: ReactRequest): Promise<void>;
  /** Whether the number is on WhatsApp, and its canonical form (Brazilian numbers may gain or lose the ninth digit). */
  checkNumber(connectionId: number, number: string): Promise<{ exists: boolean; number: string }>;
  /** The same for a batch of numbers (one WhatsApp query), answered in the order asked. */
  checkNumbers(connectionId: number, numbers: string[]): Promise<CheckedNumber[]>;
  /** The connected phone's address book (contacts import). */
  addressBook(connectionId: number): Promise<AddressBookEntry[]>;
  /** Subscribes to every event; returns the unsubscribe function. */
  onEvent(handler: ProviderEventHandler): () => void;
  /** The connections this process knows, for health and metrics. */
  connections(): ConnectionInfo[];
  /** Stops timers and sockets and flushes state before the process exits. */
  close(): Promise<void>;
  /**
   * Whether a CONNECTED connection that has been silent a long while (SESSION_HOST_SILENCE_MS) still reaches
   * WhatsApp: true when it does, false when it does not (the host then restarts it and reports it `silent`).
   * Optional: a provider without it is never probed. Must not reject for a dead socket (answer false), must answer
   * within about 20 s, and must not report its own probe traffic as events (no message, no ack).
   */
  probe?(connectionId: number): Promise<boolean>;
}

/** A refusal with an HTTP status and an error code in the product's error vocabulary. */
export class ProviderError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
    this.name = "ProviderError";
  }
}
