import { z } from "zod";
import { BSUID, isBusinessScopedUserId } from "./businessScopedId";
import { platformId } from "./ids";

/**
 * The bridge between the worker and the session host: signed HTTP both ways (see worker/lib/bridgeSignature.ts).
 * Both sides import this file and parse what they receive with it.
 *
 * Host → worker (worker routes under /bridge):
 *   POST /bridge/events                      { hostId, events: BridgeEvent[] } → { accepted } (200 only after
 *                                             every event has been ingested; the host retries the same batch
 *                                             otherwise; the worker ingests idempotently)
 *   POST /bridge/hosts/heartbeat              HostHeartbeat → HostHeartbeatAnswer, every HOST_HEARTBEAT_MS: registers
 *                                             the host (id, address, capacity, what it runs) and answers the
 *                                             connections placed on it (ADR 0056). The worker places connections
 *                                             that have no live lease on the live, non-draining host with the most
 *                                             room (capacity − live leases) and sends each command to the host that
 *                                             holds the connection's lease.
 *   GET  /bridge/connections?hostId=…         → { connections: ConnectionToRun[] } the connections placed on this host
 *                                             (its live leases), the same list the heartbeat answers
 *   POST /bridge/leases/:connectionId         { hostId, ttlMs } → { granted, holder?, expiresAt }
 *   DELETE /bridge/leases/:connectionId       { hostId } → { released }
 *   POST /bridge/leases/:connectionId/handover { hostId } → HandoverAnswer: a draining host that holds the lease
 *                                             and has closed the socket gives the connection away; the worker moves
 *                                             the lease to the best other live host and starts it there
 *                                             (to: null when no other host is live: the lease is released and the
 *                                             connection waits for one)
 *   GET  /bridge/sessions/:connectionId       → SessionState (creds null when never paired)
 *   PUT  /bridge/sessions/:connectionId/creds { creds } → { ok }
 *   POST /bridge/sessions/:connectionId/keys  { set: { [type]: { [id]: value | null } } } → { ok }
 *   DELETE /bridge/sessions/:connectionId     → { ok } (logged out: credentials wiped)
 *
 * Worker → host (host routes under /bridge):
 *   POST /bridge/connections/:id/start        { } → { status }       start, or resume from stored credentials
 *   POST /bridge/connections/:id/restart      { } → { status }
 *   POST /bridge/connections/:id/stop         { } → { status }       close the socket, keep the credentials
 *   POST /bridge/connections/:id/logout       { } → { status }       log out and wipe the credentials
 *   POST /bridge/connections/:id/pairing-code { number } → { code }
 *   GET  /bridge/connections/:id/contacts     → { contacts: AddressBookEntry[] }
 *   POST /bridge/check-number                 { connectionId, number } → { exists, number }
 *   POST /bridge/check-numbers                { connectionId, numbers (1..CHECK_NUMBERS_MAX) } → { results: [{ number, exists, canonical }] }
 *                                             one WhatsApp query for the batch (a contact list's check, ADR 0039)
 *   POST /bridge/send                         SendCommand → { id } (the same `id` twice is sent once)
 *   POST /bridge/edit                         EditCommand → { ok }
 *   POST /bridge/delete                       DeleteCommand → { ok }
 *   POST /bridge/react                        ReactCommand → { ok }
 *
 * Errors both ways use the product's shape { error: "ERR_…", message }. The host answers ERR_WAPP_INVALID_CONTACT
 * (400) for a number that is not on WhatsApp, ERR_WAPP_NOT_INITIALIZED (409) when the connection is not
 * connected, ERR_SENDING_WAPP_MSG (502) when WhatsApp refused the message.
 */

export const BRIDGE_HEADERS = {
  timestamp: "x-bridge-timestamp",
  signature: "x-bridge-signature",
  /** Media uploads: the hex SHA-256 of the body, signed in the body's place (R2 checks the bytes against it). */
  contentSha256: "x-bridge-content-sha256",
} as const;

/** A signed call older or newer than this (ms) is refused, so a captured call cannot be replayed later. */
export const BRIDGE_REPLAY_WINDOW_MS = 5 * 60 * 1000;

/** Bridge bodies may carry media as base64; the worker refuses bigger ones. */
export const BRIDGE_MAX_BODY_BYTES = 40 * 1024 * 1024;

export const connectionStatus = z.enum(["CONNECTED", "qrcode", "PAIRING", "DISCONNECTED", "TIMEOUT", "OPENING"]);
export type BridgeConnectionStatus = z.infer<typeof connectionStatus>;

/** 0 pending, 1 sent, 2 reached the server, 3 delivered, 4 read, 5 played. */
export const messageAck = z.number().int().min(0).max(5);

/** Digits only: country + area code + number (or a group id's digits and dash for groups, see chatId). */
const number = z.string().regex(/^\d{5,20}$/, "digits only");

/** A WhatsApp user's business-scoped user id (businessScopedId.ts). */
export const businessScopedUserId = z.string().regex(BSUID, "a business-scoped user id");
export { isBusinessScopedUserId };
/** Who wrote: a phone number, or a business-scoped user id when WhatsApp does not share the number. */
const sender = z.union([number, businessScopedUserId]);

/** Media up to this size rides inside its event as base64 (and in the host's spool with it). */
export const BRIDGE_INLINE_MEDIA_BYTES = 16 * 1024 * 1024;
/** Bigger media is uploaded apart, up to this size (Workers take request bodies of up to 100 MB on every plan). */
export const BRIDGE_MAX_MEDIA_BYTES = 95 * 1024 * 1024;

const mediaFacts = { mimetype: z.string().min(1).max(200), filename: z.string().min(1).max(255) };

/**
 * A message's file: inline, or already stored by `PUT /bridge/media/:connectionId` (signed with the body's
 * SHA-256 in the body's place; query: filename, mimetype; answer: { key }), the event naming the key it answered.
 */
export const inlineMedia = z.object({ ...mediaFacts, base64: z.string() });
export const bridgeMedia = z.union([inlineMedia, z.object({ ...mediaFacts, key: z.string().min(1).max(1024) })]);
export type BridgeMedia = z.infer<typeof bridgeMedia>;
/** What the worker sends for the host to send: always inline. */
export type InlineMedia = z.infer<typeof inlineMedia>;

export const mediaUploadQuery = z.object(mediaFacts);
export const mediaUploadAnswer = z.object({ key: z.string() });

/** The product's media types (spec 000 §3). */
export const mediaType = z.enum([
  "chat",
  "image",
  "audio",
  "ptt",
  "video",
  "document",
  "application",
  "sticker",
  "location",
  "vcard",
  "multi_vcard",
  "call_log",
  "poll",
  "list",
  "button",
  "template",
  "reaction",
  "edited",
  "unknown",
]);
export type BridgeMediaType = z.infer<typeof mediaType>;

export const inboundMessage = z.object({
  /** WhatsApp message id: the worker ingests idempotently on (connection, id). */
  id: z.string().min(1).max(128),
  /** The conversation: the contact's number, or for groups the group id (e.g. "120363041234567890"); a BSUID (see from). */
  chatId: z.string().min(5).max(140),
  isGroup: z.boolean().default(false),
  /** Group subject when isGroup (so a new group contact gets a name). */
  groupName: z.string().max(200).optional(),
  /** Who wrote it: the contact's number (for groups, the participant's number), or a BSUID where none is shared. */
  from: sender,
  /** The sender's business-scoped user id and username (Cloud API), kept per connection and contact. */
  userId: businessScopedUserId.optional(),
  username: z.string().max(100).optional(),
  /** The sender's LID when WhatsApp uses one, so the LID and phone-number identities merge into one contact. */
  lid: z.string().max(64).optional(),
  /** Written on our connected phone (or by the product itself, echoed back). */
  fromMe: z.boolean().default(false),
  /** The sender's push name, when WhatsApp tells it. */
  name: z.string().max(200).optional(),
  body: z.string().max(65_536).default(""),
  mediaType: mediaType.default("chat"),
  media: bridgeMedia.optional(),
  /** Id of the message this one replies to. */
  quotedId: z.string().max(128).optional(),
  /** A tap on an interactive message's list row or reply button (Cloud API): the id we gave it (the body is its title). */
  replyId: z.string().max(256).optional(),
  /** Location messages: "lat,lng" and a description in body. */
  location: z.object({ latitude: z.number(), longitude: z.number(), name: z.string().max(500).optional() }).optional(),
  /** vCard text for contact cards. */
  vcard: z.string().max(65_536).optional(),
  isForwarded: z.boolean().default(false),
  /** True for messages that arrived while offline and were appended on reconnect (Baileys' `append`). */
  isHistory: z.boolean().default(false),
  /** Epoch milliseconds. */
  timestamp: z.number().int().nonnegative(),
});
export type BridgeInboundMessage = z.infer<typeof inboundMessage>;

const at = z.number().int().nonnegative();
const connectionId = platformId();

/**
 * Why WhatsApp will not link a number or dropped it: `passkey_required` (WhatsApp asks the phone for a passkey the
 * linked device cannot give), `banned` (the number is banned), `restricted` (temporarily restricted from linking or
 * sending), `logged_out` (the phone removed the linked device), `replaced` (another device took the session). The
 * connections page says each plainly and points to the official API where linking is refused.
 */
export const linkRefusal = z.enum(["passkey_required", "banned", "restricted", "logged_out", "replaced"]);
export type LinkRefusal = z.infer<typeof linkRefusal>;

export const bridgeEvent = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("status"),
    connectionId,
    status: connectionStatus,
    number: z.string().max(32).optional(),
    /** Why WhatsApp refused to link or dropped the link, when it said (shown plainly on the connections page). */
    reason: linkRefusal.optional(),
    at,
  }),
  /**
   * The host's view of a connection's health (issue 30): `silent` — it looked connected but heard nothing and failed
   * its probe, so the host restarted the socket; `recovered` — `count` messages that arrived meanwhile were fetched
   * after a restart (Baileys' offline `append`); `reconnect` — the socket reconnected after a drop.
   */
  z.object({ type: z.literal("health"), connectionId, kind: z.enum(["silent", "recovered", "reconnect"]), count: z.number().int().min(0).max(1_000_000).default(1), at }),
  z.object({ type: z.literal("qr"), connectionId, qr: z.string().max(4096), at }),
  z.object({ type: z.literal("message"), connectionId, message: inboundMessage, at }),
  z.object({ type: z.literal("ack"), connectionId, messageId: z.string().min(1).max(128), ack: messageAck, at }),
  /** A message of ours that WhatsApp refused after taking it (the Cloud API's `failed` status): `code` says why. */
  z.object({ type: z.literal("failed"), connectionId, messageId: z.string().min(1).max(256), code: z.string().regex(/^ERR_[A-Z_]+$/).max(64), at }),
  z.object({ type: z.literal("edit"), connectionId, messageId: z.string().min(1).max(128), body: z.string().max(65_536), at }),
  z.object({ type: z.literal("delete"), connectionId, messageId: z.string().min(1).max(128), at }),
  z.object({
    type: z.literal("reaction"),
    connectionId,
    messageId: z.string().min(1).max(128),
    chatId: z.string().min(5).max(140),
    from: sender,
    fromMe: z.boolean().default(false),
    /** Empty removes the reaction. */
    emoji: z.string().max(32),
    at,
  }),
  z.object({
    type: z.literal("presence"),
    connectionId,
    chatId: z.string().min(5).max(64),
    presence: z.enum(["composing", "recording", "available", "unavailable", "paused"]),
    at,
  }),
  z.object({ type: z.literal("call"), connectionId, callId: z.string().min(1).max(128), from: number, isVideo: z.boolean().default(false), at }),
  z.object({
    type: z.literal("contact"),
    connectionId,
    number,
    lid: z.string().max(64).optional(),
    name: z.string().max(200).optional(),
    /** A fresh profile picture URL (fetched when WhatsApp says it changed, not on every message). */
    profilePicUrl: z.string().url().max(2048).optional(),
    at,
  }),
]);
export type BridgeEvent = z.infer<typeof bridgeEvent>;

export const eventBatch = z.object({
  hostId: z.string().min(1).max(100),
  events: z.array(bridgeEvent).min(1).max(500),
});
export type EventBatch = z.infer<typeof eventBatch>;

export const connectionToRun = z.object({ id: connectionId, name: z.string(), status: connectionStatus });
export type ConnectionToRun = z.infer<typeof connectionToRun>;

export const leaseRequest = z.object({ hostId: z.string().min(1).max(100), ttlMs: z.number().int().min(5_000).max(300_000) });
export const leaseResponse = z.object({ granted: z.boolean(), holder: z.string().optional(), expiresAt: z.number() });

/** Baileys' auth state as JSON (BufferJSON-encoded by the host; the worker stores it opaquely). */
export const sessionState = z.object({
  creds: z.unknown().nullable(),
  /** type → id → value */
  keys: z.record(z.string(), z.record(z.string(), z.unknown())),
});
export type SessionState = z.infer<typeof sessionState>;
export const keysUpdate = z.object({ set: z.record(z.string(), z.record(z.string(), z.unknown().nullable())) });

export const addressBookEntry = z.object({ number, name: z.string().max(200) });

export const sendCommand = z.object({
  connectionId,
  /** Contact number, or a group id for group tickets. */
  to: z.string().min(5).max(64),
  isGroup: z.boolean().default(false),
  /** Stable id chosen by the worker so that a retried send is not sent twice. */
  id: z.string().min(1).max(128),
  body: z.string().max(65_536).default(""),
  media: inlineMedia.optional(),
  /** Send an audio as a voice note. */
  ptt: z.boolean().default(false),
  location: z.object({ latitude: z.number(), longitude: z.number(), name: z.string().max(500).optional() }).optional(),
  vcard: z.object({ name: z.string().max(200), number }).optional(),
  quotedId: z.string().max(128).optional(),
  /** Show "typing…" to the contact this long before sending (campaigns pace like a person). */
  typingMs: z.number().int().min(0).max(10_000).optional(),
});
export type SendCommand = z.infer<typeof sendCommand>;

export const editCommand = z.object({ connectionId, to: z.string().min(5).max(64), isGroup: z.boolean().default(false), id: z.string().min(1).max(128), body: z.string().min(1).max(65_536) });
export const deleteCommand = z.object({ connectionId, to: z.string().min(5).max(64), isGroup: z.boolean().default(false), id: z.string().min(1).max(128) });
export const reactCommand = z.object({ connectionId, to: z.string().min(5).max(64), isGroup: z.boolean().default(false), id: z.string().min(1).max(128), emoji: z.string().max(32) });
export const checkNumberCommand = z.object({ connectionId, number });
/** Numbers asked about in one check-numbers call (a contact list's check walks its list in batches of this size). */
export const CHECK_NUMBERS_MAX = 50;
export const checkNumbersCommand = z.object({ connectionId, numbers: z.array(number).min(1).max(CHECK_NUMBERS_MAX) });
/** Each number asked, in order: whether it is on WhatsApp and its canonical form (the number itself when not). */
export const checkNumbersResult = z.object({
  results: z.array(z.object({ number: z.string(), exists: z.boolean(), canonical: z.string() })),
});
export type CheckNumbersResult = z.infer<typeof checkNumbersResult>;
export const pairingCodeCommand = z.object({ number });

/** A session host's heartbeat period; a host not heard from for HOST_LIVE_MS is not live (no new placements). */
export const HOST_HEARTBEAT_MS = 5_000;
export const HOST_LIVE_MS = 3 * HOST_HEARTBEAT_MS;

export const hostId = z.string().regex(/^[A-Za-z0-9._:-]{1,100}$/, "letters, digits and . _ : -, at most 100");

/** POST /bridge/hosts/heartbeat. */
export const hostHeartbeat = z.object({
  hostId,
  /** Where the worker reaches this host's /bridge routes (SESSION_HOST_PUBLIC_URL). */
  url: z.url({ protocol: /^https?$/ }).max(500),
  /** How many connections this host may hold (SESSION_HOST_CAPACITY). */
  capacity: z.number().int().min(1).max(100_000),
  /** The connections whose sockets this host has open now. */
  running: z.array(connectionId).max(100_000),
  /** Stopping on purpose: place nothing new here; the host hands its connections over one by one. */
  draining: z.boolean().default(false),
  /** Resident memory, for the super admin's view. */
  memoryMb: z.number().int().min(0).max(1_000_000).optional(),
  /** When this process started (epoch ms). */
  startedAt: at,
  version: z.string().max(100).optional(),
});
export type HostHeartbeat = z.infer<typeof hostHeartbeat>;
export const hostHeartbeatAnswer = z.object({
  /** Every connection placed on this host: start those not running; one absent here is not this host's to run. */
  connections: z.array(connectionToRun),
});
export type HostHeartbeatAnswer = z.infer<typeof hostHeartbeatAnswer>;

export const handoverRequest = z.object({ hostId });
export const handoverAnswer = z.object({ to: hostId.nullable(), status: connectionStatus.nullable() });
export type HandoverAnswer = z.infer<typeof handoverAnswer>;
