/**
 * What the session host needs from a WhatsApp implementation. The Baileys provider (real WhatsApp) and the
 * simulator (a fake phone network for local use, demos and tests) both implement it, so nothing downstream
 * can tell them apart.
 */

/** Connection states, spelled as the product (and the spec) spells them. */
export const CONNECTION_STATUSES = ["CONNECTED", "qrcode", "PAIRING", "DISCONNECTED", "TIMEOUT", "OPENING"] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

/** Delivery acks: 0 pending, 1 sent to the server, 2 delivered to the phone, 3 read, 4–5 played. */
export type MessageAck = 0 | 1 | 2 | 3 | 4 | 5;

export interface MediaPayload {
  mimetype: string;
  filename: string;
  /** File contents, base64. */
  base64: string;
}

/** A message a contact sent to one of our connections. */
export interface InboundMessage {
  /** WhatsApp message id: the worker ingests idempotently on it. */
  id: string;
  /** Contact number, digits only (country + area code + number). */
  from: string;
  /** The contact's push name, when WhatsApp tells it. */
  name?: string;
  body: string;
  /** chat, image, audio, video, application, … (the product's media types). */
  mediaType: string;
  media?: MediaPayload;
  /** Id of the message this one replies to. */
  quotedId?: string;
  /** Epoch milliseconds. */
  timestamp: number;
}

/** A message the product sends to a contact. */
export interface OutboundMessage {
  connectionId: number;
  /** Contact number, digits only. */
  to: string;
  /** Given by the product so that a retried send keeps its id (and is not sent twice). */
  id?: string;
  body?: string;
  media?: MediaPayload;
  quotedId?: string;
}

export type ProviderEvent =
  | { type: "status"; connectionId: number; status: ConnectionStatus; number?: string; at: number }
  | { type: "qr"; connectionId: number; qr: string; at: number }
  | { type: "message"; connectionId: number; message: InboundMessage; at: number }
  | { type: "ack"; connectionId: number; messageId: string; ack: MessageAck; at: number };

export type ProviderEventHandler = (event: ProviderEvent) => void;

export interface ConnectionInfo {
  id: number;
  status: ConnectionStatus;
  /** Our own number once paired; empty before. */
  number: string;
}

export type ProviderName = "simulator" | "baileys";

export interface Provider {
  readonly name: ProviderName;
  /** Opens the connection: resumes a saved session, or asks for pairing (qr events). Idempotent. */
  start(connectionId: number): Promise<void>;
  /** Closes the connection's socket, keeping its credentials. */
  stop(connectionId: number): Promise<void>;
  /** Sends a message; answers its WhatsApp id. Acks arrive later as events. */
  send(message: OutboundMessage): Promise<{ id: string }>;
  /** Subscribes to inbound messages, acks, status changes and QR codes; returns the unsubscribe function. */
  onEvent(handler: ProviderEventHandler): () => void;
  /** The connections this process knows, for health and metrics. */
  connections(): ConnectionInfo[];
  /** Stops timers and sockets and flushes state before the process exits. */
  close(): Promise<void>;
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
