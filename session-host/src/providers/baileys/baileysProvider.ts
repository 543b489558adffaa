import { randomUUID } from "node:crypto";
import { mkdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import {
  type Contact,
  downloadMediaMessage,
  generateMessageIDV2,
  isJidNewsletter,
  isJidStatusBroadcast,
  makeWASocket,
  type MessageUpsertType,
  type WAMessage,
} from "@whiskeysockets/baileys";
import { BRIDGE_INLINE_MEDIA_BYTES, BRIDGE_MAX_MEDIA_BYTES, type BridgeEvent, bridgeEvent } from "../../../../worker/contracts/bridge";
import {
  type AddressBookEntry,
  type CheckedNumber,
  type ConnectionInfo,
  type DeleteRequest,
  type EditRequest,
  type OutboundMessage,
  type Provider,
  ProviderError,
  type ProviderEventHandler,
  type ReactRequest,
} from "../provider";
import type { SessionStore } from "../sessionStore";
import { type AdapterContext, adaptUpsert, type DownloadedMedia } from "./adapter";
import { type BaileysSocket, Connection, type SocketFactory } from "./connection";
import type { MediaInfo } from "./content";
import { type ContactFacts, Directory } from "./directory";
import { isGroupJid, isLidJid, isPhoneJid, lidJid, phoneJid } from "./jids";
import { type ILogger, type LoggerLike, toBaileysLogger } from "./logger";
import { RecentMessages } from "./recentMessages";
import { type BackoffOptions, DEFAULT_BACKOFF } from "./reconnectPolicy";
import { Outbox } from "./send";
import { downloadHashedFile, type OpenDownload, type UploadMedia, uploadWithRetries } from "./storedMedia";
import { acksFromReceipts, acksFromUpdates, callEvents, presenceEvents } from "./updates";

/**
 * The real WhatsApp provider: one Baileys socket per connection (connection.ts), auth state in the SessionStore
 * (authState.ts), inbound traffic through the adapter (adapter.ts, updates.ts), outbound through the outbox
 * (send.ts). Every event is checked against the bridge contract before it leaves, so one malformed event can never
 * make the worker refuse a whole batch.
 */

export interface BaileysProviderOptions {
  store: SessionStore;
  logger?: LoggerLike;
  now?: () => number;
  /** Baileys' makeWASocket; tests pass a fake. */
  makeSocket?: SocketFactory;
  /** Fetches a media message's bytes; Baileys' downloadMediaMessage (with re-upload of expired media) by default. */
  downloadMedia?: (message: WAMessage, sock: BaileysSocket) => Promise<Buffer>;
  /**
   * The same as a stream, for media too big to hold in memory, to abort on `signal`; Baileys' downloadMediaMessage
   * by default.
   */
  downloadMediaStream?: (message: WAMessage, sock: BaileysSocket, signal: AbortSignal) => Promise<Readable | AsyncIterable<Uint8Array>>;
  /** Media up to this size rides inside its event as base64 (BRIDGE_INLINE_MEDIA_BYTES by default). */
  inlineMediaBytes?: number;
  /** Bigger media is not downloaded: the message arrives without it (BRIDGE_MAX_MEDIA_BYTES by default). */
  maxMediaBytes?: number;
  /**
   * Stores media too big to ride inline with the worker, answering its key (the worker client's uploadMedia).
   * Without it such media is not downloaded and its message arrives without the file.
   */
  uploadMedia?: UploadMedia;
  /** Where big media waits between download and upload; a temporary directory of the OS by default. */
  mediaTmpDir?: string;
  /** Waits before each retry of an upload that failed transiently (about 1 s, 2 s, 4 s by default). */
  uploadRetryDelaysMs?: readonly number[];
  /** A big media download that sends nothing for this long is given up on (60 s by default). */
  mediaStallMs?: number;
  backoff?: Partial<BackoffOptions>;
  maxQrRotations?: number;
  pairingWaitMs?: number;
  /** How long a probe waits for its message to come back from WhatsApp (20 s by default). */
  probeWaitMs?: number;
  /** After a (re)connect, how long messages delivered as offline (`append`) are counted as recovered (60 s by default). */
  recoveryWindowMs?: number;
}

/** What a probe sends to the connection's own number (it shows in the phone's "message yourself" chat). */
export const PROBE_TEXT = "ZapDesk: connection check (automatic, you can ignore it)";
/** Probe ids remembered (their echoes and acks are swallowed); older ones are forgotten. */
const PROBES_KEPT = 20;

interface Runtime {
  connection: Connection;
  directory: Directory;
  recent: RecentMessages;
  outbox: Outbox;
  /** Inbound work runs in order, so the worker sees messages, edits and acks in the order WhatsApp sent them. */
  queue: Promise<void>;
  /** Ids of our probe messages (never reported), and the probes waiting for their message to come back. */
  probes: Set<string>;
  probeWaiters: Map<string, () => void>;
  /** Counting, after a (re)connect, the messages WhatsApp delivers as offline (`append`) until the first live one. */
  recovery: { count: number; timer: NodeJS.Timeout } | undefined;
}

export class BaileysProvider implements Provider {
  readonly name = "baileys" as const;
  private readonly runtimes = new Map<number, Runtime>();
  private readonly handlers = new Set<ProviderEventHandler>();
  private readonly logger: LoggerLike;
  private readonly baileysLogger: ILogger;
  private readonly now: () => number;
  private readonly makeSocket: SocketFactory;
  private readonly backoff: BackoffOptions;
  /** Aborted on close, so that no download or upload of big media holds the shutdown. */
  private readonly closing = new AbortController();

  constructor(private readonly options: BaileysProviderOptions) {
    this.logger = options.logger ?? console;
    this.baileysLogger = toBaileysLogger(this.logger, { provider: "baileys" });
    this.now = options.now ?? Date.now;
    this.makeSocket = options.makeSocket ?? makeWASocket;
    this.backoff = { ...DEFAULT_BACKOFF, ...options.backoff };
  }

  // ---- Provider ----

  onEvent(handler: ProviderEventHandler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  connections(): ConnectionInfo[] {
    return [...this.runtimes.values()].map(({ connection: c }) => ({ id: c.id, status: c.status, number: c.number }));
  }

  async start(connectionId: number): Promise<void> {
    await this.runtime(connectionId).connection.start();
  }

  async stop(connectionId: number): Promise<void> {
    await this.runtimes.get(connectionId)?.connection.stop();
  }

  async logout(connectionId: number): Promise<void> {
    await this.runtime(connectionId).connection.logout();
  }

  async requestPairingCode(connectionId: number, number: string): Promise<string> {
    return this.runtime(connectionId).connection.requestPairingCode(number);
  }

  async send(message: OutboundMessage): Promise<{ id: string }> {
    return this.connected(message.connectionId).outbox.send(message);
  }

  async edit(request: EditRequest): Promise<void> {
    await this.connected(request.connectionId).outbox.edit(request);
  }

  async delete(request: DeleteRequest): Promise<void> {
    await this.connected(request.connectionId).outbox.delete(request);
  }

  async react(request: ReactRequest): Promise<void> {
    await this.connected(request.connectionId).outbox.react(request);
  }

  async checkNumber(connectionId: number, number: string): Promise<{ exists: boolean; number: string }> {
    return this.connected(connectionId).outbox.checkNumber(number);
  }

  async checkNumbers(connectionId: number, numbers: string[]): Promise<CheckedNumber[]> {
    return this.connected(connectionId).outbox.checkNumbers(numbers);
  }

  async addressBook(connectionId: number): Promise<AddressBookEntry[]> {
    return this.connected(connectionId).directory.addressBook();
  }

  /**
   * Sends a message to the connection's own number and waits (probeWaitMs, 20 s) for WhatsApp to show it took it:
   * the message coming back live (`notify`), a server ack (status ≥ SERVER_ACK) or a receipt. Baileys' own local
   * echo of what it sent (`append`) does not count: it comes back even when nothing reached WhatsApp. The probe's
   * message, acks and receipts are never reported to the worker.
   */
  async probe(connectionId: number): Promise<boolean> {
    const rt = this.runtimes.get(connectionId);
    const sock = rt?.connection.socket;
    const own = rt?.connection.me.number;
    if (!rt || !sock || !own) return false;
    const messageId = generateMessageIDV2(sock.user?.id);
    rt.probes.add(messageId);
    if (rt.probes.size > PROBES_KEPT) rt.probes.delete(rt.probes.values().next().value!);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), this.options.probeWaitMs ?? 20_000);
      timer.unref?.();
    });
    const echoed = new Promise<true>((resolve) => rt.probeWaiters.set(messageId, () => resolve(true)));
    try {
      const sent = sock.sendMessage(phoneJid(own), { text: PROBE_TEXT }, { messageId }).then(
        () => true,
        (error: unknown) => {
          this.logger.warn(`baileys ${connectionId}: the probe could not be sent`, error);
          return false as const;
        },
      );
      if ((await Promise.race([sent, timedOut])) === false) return false;
      return await Promise.race([echoed, timedOut]);
    } finally {
      clearTimeout(timer);
      rt.probeWaiters.delete(messageId);
    }
  }

  async close(): Promise<void> {
    this.closing.abort(new Error("the provider is closing"));
    await Promise.all([...this.runtimes.values()].map(async (rt) => {
      await rt.connection.close();
      await rt.queue;
    }));
  }

  // ---- runtimes ----

  private connected(connectionId: number): Runtime {
    const rt = this.runtimes.get(connectionId);
    if (!rt || rt.connection.status !== "CONNECTED") {
      throw new ProviderError("ERR_WAPP_NOT_INITIALIZED", `Connection ${connectionId} is not connected to WhatsApp.`, 409);
    }
    return rt;
  }

  private runtime(connectionId: number): Runtime {
    const existing = this.runtimes.get(connectionId);
    if (existing) return existing;
    const directory = new Directory(this.now);
    const recent = new RecentMessages();
    const connection: Connection = new Connection({
      connectionId,
      store: this.options.store,
      logger: this.logger,
      baileysLogger: this.baileysLogger.child({ connectionId }),
      makeSocket: this.makeSocket,
      backoff: this.backoff,
      maxQrRotations: this.options.maxQrRotations,
      pairingWaitMs: this.options.pairingWaitMs,
      socketConfig: () => ({
        // Showing as online would silence the phone's own notifications for the people using it.
        markOnlineOnConnect: false,
        syncFullHistory: false,
        // Statuses and channels are not conversations: not even decrypted.
        shouldIgnoreJid: (jid: string) => isJidStatusBroadcast(jid) || !!isJidNewsletter(jid),
        getMessage: async (key) => recent.content(key),
        cachedGroupMetadata: async (jid) => directory.group(jid),
      }),
      onStatus: (status, number, reason) => {
        this.emit({ type: "status", connectionId, status, number: number || undefined, ...(reason ? { reason } : {}), at: this.now() });
        if (status === "CONNECTED") this.startRecovery(rt);
        else this.endRecovery(rt);
      },
      onReconnect: () => this.emit({ type: "health", connectionId, kind: "reconnect", count: 1, at: this.now() }),
      onQr: (qr) => this.emit({ type: "qr", connectionId, qr, at: this.now() }),
      onSocket: (sock, isCurrent) => this.bind(rt, sock, isCurrent),
    });
    const rt: Runtime = {
      connection,
      directory,
      recent,
      outbox: new Outbox({
        connectionId,
        socket: () => connection.socket,
        recent,
        directory,
        emit: (event) => this.emit(event),
        now: this.now,
      }),
      queue: Promise.resolve(),
      probes: new Set(),
      probeWaiters: new Map(),
      recovery: undefined,
    };
    this.runtimes.set(connectionId, rt);
    return rt;
  }

  /** Runs inbound work after what came before it on this connection; a failure is logged, not fatal. */
  private enqueue(rt: Runtime, task: () => Promise<void> | void) {
    rt.queue = rt.queue.then(task).catch((error: unknown) => this.logger.error(`baileys ${rt.connection.id}: inbound event failed`, error));
  }

  private bind(rt: Runtime, sock: BaileysSocket, isCurrent: () => boolean) {
    const { ev } = sock;
    const id = rt.connection.id;
    const emitAll = (events: BridgeEvent[]) => events.forEach((e) => this.emit(e));

    // Our probes' messages, acks and receipts wake the probe waiting for them and go no further.
    const probe = (messageId: string | null | undefined, cameBack: boolean) => {
      if (!messageId || !rt.probes.has(messageId)) return false;
      if (cameBack) rt.probeWaiters.get(messageId)?.();
      return true;
    };
    ev.on("messages.upsert", ({ messages, type }) => {
      if (!isCurrent()) return;
      const real = messages.filter((m) => !probe(m.key.id, type === "notify"));
      if (!real.length) return;
      // Offline messages count as recovered; the first live one ends the count.
      const recovery = type === "append" ? rt.recovery : undefined;
      if (type === "notify") this.endRecovery(rt);
      this.enqueue(rt, () => this.onUpsert(rt, sock, real, type, recovery));
    });
    ev.on("messages.update", (updates) => {
      if (!isCurrent()) return;
      const SERVER_ACK = 2;
      const real = updates.filter((u) => !probe(u.key.id, typeof u.update.status === "number" && u.update.status >= SERVER_ACK));
      if (real.length) this.enqueue(rt, () => emitAll(acksFromUpdates(real, this.context(rt, sock))));
    });
    ev.on("message-receipt.update", (receipts) => {
      if (!isCurrent()) return;
      const real = receipts.filter((r) => !probe(r.key.id, true));
      if (real.length) this.enqueue(rt, () => emitAll(acksFromReceipts(real, this.context(rt, sock))));
    });
    ev.on("presence.update", (update) => {
      if (isCurrent()) emitAll(presenceEvents(update, this.context(rt, sock)));
    });
    ev.on("call", (calls) => {
      if (isCurrent()) emitAll(callEvents(calls, this.context(rt, sock)));
    });
    ev.on("contacts.upsert", (contacts) => {
      if (isCurrent()) for (const c of contacts) this.onContact(rt, sock, c, isCurrent);
    });
    ev.on("contacts.update", (contacts) => {
      if (isCurrent()) for (const c of contacts) this.onContact(rt, sock, c, isCurrent);
    });
    ev.on("lid-mapping.update", (mapping) => {
      if (!isCurrent()) return;
      const facts = rt.directory.mapping(mapping);
      if (facts) this.emitContact(id, facts);
    });
    ev.on("groups.upsert", (groups) => {
      if (!isCurrent()) return;
      for (const g of groups) {
        const facts = rt.directory.rememberGroup(g);
        if (facts) this.emitContact(id, facts);
      }
    });
    ev.on("groups.update", (updates) => {
      if (!isCurrent()) return;
      for (const u of updates) {
        const facts = rt.directory.groupUpdate(u);
        if (facts) this.emitContact(id, facts);
      }
    });
    ev.on("group-participants.update", (update) => {
      if (isCurrent()) rt.directory.forgetGroupMembers(update.id);
    });
    // History sync: its contacts fill the address book and its LID pairs resolve senders; its messages are old
    // conversations the product did not take part in, and are not imported.
    ev.on("messaging-history.set", ({ contacts, lidPnMappings }) => {
      if (!isCurrent()) return;
      for (const pair of lidPnMappings ?? []) rt.directory.learnPair(pair.lid, pair.pn);
      for (const c of contacts) rt.directory.contactUpdate(c, false);
    });
  }

  /** A (re)connect: WhatsApp now delivers what arrived meanwhile as `append`; count it until the first live message. */
  private startRecovery(rt: Runtime) {
    if (rt.recovery) return;
    const timer = setTimeout(() => this.endRecovery(rt), this.options.recoveryWindowMs ?? 60_000);
    timer.unref?.();
    rt.recovery = { count: 0, timer };
  }

  /** Stops counting; the messages recovered, if any, are reported (health{recovered}) after those queued before. */
  private endRecovery(rt: Runtime) {
    const recovery = rt.recovery;
    if (!recovery) return;
    clearTimeout(recovery.timer);
    rt.recovery = undefined;
    this.enqueue(rt, () => {
      if (recovery.count === 0) return;
      this.logger.info(`baileys ${rt.connection.id}: ${recovery.count} message(s) that arrived while it was away were recovered`);
      this.emit({ type: "health", connectionId: rt.connection.id, kind: "recovered", count: recovery.count, at: this.now() });
    });
  }

  private async onUpsert(rt: Runtime, sock: BaileysSocket, messages: WAMessage[], type: MessageUpsertType, recovery?: Runtime["recovery"]) {
    const { directory } = rt;
    for (const msg of messages) {
      const me = rt.connection.me;
      directory.learnFromKey(msg.key, me.number);
      // Baileys echoes what this process sent; the product has it already.
      if (msg.key.id && rt.outbox.isOwn(msg.key.id)) continue;
      await this.resolveLids(rt, sock, msg);
      const remoteJid = msg.key.remoteJid;
      if (remoteJid && isGroupJid(remoteJid) && !directory.hasGroup(remoteJid)) await this.fetchGroup(rt, sock, remoteJid);

      const events = await adaptUpsert(msg, type, this.context(rt, sock));
      for (const event of events) {
        if (event.type === "message") {
          const m = event.message;
          if (recovery) recovery.count++;
          rt.recent.remember(msg);
          if (!m.isGroup) {
            if (m.lid && m.from === m.lid) directory.markLidOnly(m.lid);
            else directory.noteSender(m.from);
          }
        }
        this.emit(event);
      }
    }
  }

  /** Looks up, in Baileys' LID mapping store, the numbers behind LIDs the message key does not explain. */
  private async resolveLids(rt: Runtime, sock: BaileysSocket, msg: WAMessage) {
    const { key } = msg;
    const candidates = [
      isLidJid(key.remoteJid) && !isPhoneJid(key.remoteJidAlt) ? key.remoteJid : undefined,
      isLidJid(key.participant) && !isPhoneJid(key.participantAlt) ? key.participant : undefined,
    ];
    for (const jid of candidates) {
      if (!jid) continue;
      const lid = jid.split("@")[0]?.split(":")[0] ?? "";
      if (rt.directory.phoneForLid(lid)) continue;
      try {
        const pn = await sock.signalRepository?.lidMapping?.getPNForLID(lidJid(lid));
        if (pn) rt.directory.learnPair(lid, pn);
      } catch (error) {
        this.logger.warn(`baileys ${rt.connection.id}: LID lookup failed`, error);
      }
    }
  }

  /** A group seen for the first time: its subject names the group's contact. Fetched once; failures are not retried per message. */
  private async fetchGroup(rt: Runtime, sock: BaileysSocket, jid: string) {
    try {
      const meta = await sock.groupMetadata(jid);
      const facts = rt.directory.rememberGroup(meta);
      if (facts) this.emitContact(rt.connection.id, facts);
    } catch (error) {
      this.logger.warn(`baileys ${rt.connection.id}: group metadata for ${jid} failed`, error);
      rt.directory.groupUpdate({ id: jid, subject: "" });
    }
  }

  private onContact(rt: Runtime, sock: BaileysSocket, contact: Partial<Contact>, isCurrent: () => boolean) {
    const id = rt.connection.id;
    const { facts, fetchPictureOf } = rt.directory.contactUpdate(contact);
    if (facts) this.emitContact(id, facts);
    if (!fetchPictureOf) return;
    sock
      .profilePictureUrl(fetchPictureOf, "image")
      // No picture, or hidden from us by the contact's privacy settings.
      .catch(() => undefined)
      .then((url) => {
        if (!isCurrent()) return;
        const fresh = rt.directory.pictureFetched(fetchPictureOf, url);
        if (fresh) this.emitContact(id, fresh);
      })
      .catch((error: unknown) => this.logger.warn(`baileys ${id}: profile picture update failed`, error));
  }

  private context(rt: Runtime, sock: BaileysSocket): AdapterContext {
    return {
      connectionId: rt.connection.id,
      now: this.now,
      me: rt.connection.me,
      phoneForLid: (lid) => rt.directory.phoneForLid(lid),
      groupName: (jid) => rt.directory.groupName(jid),
      download: (message, media) => this.download(rt, sock, message, media),
    };
  }

  /**
   * A media message's file: inline up to the inline limit; bigger (as WhatsApp declares it, or as it turns out),
   * stored with the worker ahead of the event; past the maximum, or on any failure, none (the message still goes).
   */
  private async download(rt: Runtime, sock: BaileysSocket, message: WAMessage, media: MediaInfo & { filename: string }): Promise<DownloadedMedia | undefined> {
    const inlineMax = this.options.inlineMediaBytes ?? BRIDGE_INLINE_MEDIA_BYTES;
    const max = this.options.maxMediaBytes ?? BRIDGE_MAX_MEDIA_BYTES;
    const id = rt.connection.id;
    const declared = media.fileLength;
    if (declared !== undefined && declared > inlineMax) {
      if (declared > max || !this.options.uploadMedia) {
        this.logger.warn(`baileys ${id}: media of ${message.key.id} is ${declared} bytes, over ${this.options.uploadMedia ? max : inlineMax}: not downloaded`);
        return undefined;
      }
      const downloadStream =
        this.options.downloadMediaStream ??
        ((m: WAMessage, s: BaileysSocket, signal: AbortSignal) =>
          downloadMediaMessage(m, "stream", { options: { signal } }, { reuploadRequest: s.updateMediaMessage, logger: this.baileysLogger }));
      return this.storeWithWorker(rt, message, media, (signal) => downloadStream(message, sock, signal));
    }
    let bytes: Buffer;
    try {
      const fetch =
        this.options.downloadMedia ??
        ((m: WAMessage, s: BaileysSocket) =>
          downloadMediaMessage(m, "buffer", {}, { reuploadRequest: s.updateMediaMessage, logger: this.baileysLogger }));
      bytes = await fetch(message, sock);
    } catch (error) {
      // The message still goes through without its file (expired media cannot always be re-uploaded).
      this.logger.warn(`baileys ${id}: media of ${message.key.id} could not be downloaded`, error);
      return undefined;
    }
    if (bytes.length <= inlineMax) return bytes;
    // Bigger than WhatsApp said (or it did not say): already in memory, so stored from there.
    if (bytes.length > max || !this.options.uploadMedia) {
      this.logger.warn(`baileys ${id}: media of ${message.key.id} is ${bytes.length} bytes, over ${this.options.uploadMedia ? max : inlineMax}: dropped`);
      return undefined;
    }
    return this.storeWithWorker(rt, message, media, async () => Readable.from([bytes]));
  }

  /**
   * Downloads into a temporary file while hashing, uploads it (retrying transient failures) and answers its key;
   * undefined when any step fails for good. The file is removed whatever happens.
   */
  private async storeWithWorker(
    rt: Runtime,
    message: WAMessage,
    media: MediaInfo & { filename: string },
    openDownload: OpenDownload,
  ): Promise<{ key: string } | undefined> {
    const upload = this.options.uploadMedia;
    if (!upload) return undefined;
    const id = rt.connection.id;
    const dir = this.options.mediaTmpDir ?? path.join(os.tmpdir(), "zapdesk-media");
    const filePath = path.join(dir, `media-${randomUUID()}.part`);
    const signal = this.closing.signal;
    try {
      await mkdir(dir, { recursive: true });
      const maxBytes = this.options.maxMediaBytes ?? BRIDGE_MAX_MEDIA_BYTES;
      const { size, sha256 } = await downloadHashedFile(openDownload, filePath, { maxBytes, stallMs: this.options.mediaStallMs, signal });
      const key = await uploadWithRetries(
        upload,
        { connectionId: id, filePath, size, sha256, mimetype: media.mimetype, filename: media.filename },
        {
          delaysMs: this.options.uploadRetryDelaysMs,
          signal,
          onRetry: (attempt, error) => this.logger.info(`baileys ${id}: upload of the media of ${message.key.id} failed, retry ${attempt}`, error),
        },
      );
      return { key };
    } catch (error) {
      this.logger.warn(`baileys ${id}: media of ${message.key.id} could not be stored; the message goes on without it`, error);
      return undefined;
    } finally {
      await rm(filePath, { force: true }).catch(() => undefined);
    }
  }

  private emitContact(connectionId: number, facts: ContactFacts) {
    this.emit({ type: "contact", connectionId, ...facts, at: this.now() });
  }

  private emit(event: BridgeEvent) {
    const checked = bridgeEvent.safeParse(event);
    if (!checked.success) {
      this.logger.warn(`baileys: dropped an event the bridge contract refuses (${event.type})`, checked.error.issues);
      return;
    }
    for (const handler of this.handlers) {
      try {
        handler(checked.data);
      } catch (error) {
        this.logger.error("baileys: an event handler failed", error);
      }
    }
  }
}
