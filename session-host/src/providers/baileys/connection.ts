import type { makeWASocket, UserFacingSocketConfig } from "@whiskeysockets/baileys";
import type { LinkRefusal } from "../../../../worker/contracts/bridge";
import { type ConnectionStatus, ProviderError } from "../provider";
import type { SessionStore } from "../sessionStore";
import { loadStoredAuth, type StoredAuth } from "./authState";
import { DIGITS, userOf } from "./jids";
import type { ILogger, LoggerLike } from "./logger";
import { type BackoffOptions, backoffDelay, DEFAULT_BACKOFF, decideReconnect, refusalOf, statusCodeOf } from "./reconnectPolicy";

/**
 * Notifications WhatsApp sends while linking when the account requires a passkey to link a device (its
 * "Shortcake" companion flow, WhiskeySockets/Baileys#2672). Baileys 7 does not implement that step nor report it
 * (it ACKs the notification and the phone waits forever), so the connection listens for them on the socket's frames.
 */
export const PASSKEY_NOTIFICATIONS = ["passkey_prologue_request", "crsc_continuation"] as const;

/**
 * One WhatsApp connection's socket lifecycle: at most one Baileys socket at any time (a new one is opened only
 * after the old one is closed and its events are disowned), statuses as the product spells them, QR rotation with
 * a limit, pairing codes, and reconnects per reconnectPolicy.
 *
 * Statuses: OPENING while a socket starts (also while reconnecting after a drop), qrcode while a QR waits to be
 * scanned, PAIRING once a pairing code was asked for, CONNECTED with our number once open, DISCONNECTED when stopped
 * or refused, TIMEOUT when nobody scanned.
 */

export type SocketFactory = typeof makeWASocket;
export type BaileysSocket = ReturnType<SocketFactory>;

export interface ConnectionDeps {
  connectionId: number;
  store: SessionStore;
  logger: LoggerLike;
  baileysLogger: ILogger;
  makeSocket: SocketFactory;
  /** Provider-level socket options (getMessage, group metadata cache, ignored JIDs). */
  socketConfig(): Omit<UserFacingSocketConfig, "auth" | "logger">;
  /** A status change; `reason` when WhatsApp refused or dropped the link, or restricts the account. */
  onStatus(status: ConnectionStatus, number: string, reason?: LinkRefusal): void;
  /** The socket is open again after a drop (not after a start, nor after pairing's restart). */
  onReconnect?(): void;
  onQr(qr: string): void;
  /** A new socket exists: bind message events to it. `isCurrent` turns false once it is replaced or closed. */
  onSocket(sock: BaileysSocket, isCurrent: () => boolean): void;
  backoff?: BackoffOptions;
  /** QR codes shown before giving up with TIMEOUT (Baileys rotates them every 20 s after the first minute). */
  maxQrRotations?: number;
  /** How long requestPairingCode waits for the socket to be ready to pair. */
  pairingWaitMs?: number;
}

export class Connection {
  status: ConnectionStatus = "DISCONNECTED";
  number = "";
  private sock: BaileysSocket | undefined;
  private auth: StoredAuth | undefined;
  /** Bumped whenever the current socket is disowned; events of older sockets are ignored. */
  private generation = 0;
  /** start() was asked for and nothing has stopped it since. */
  private wanted = false;
  private attempt = 0;
  private qrCount = 0;
  private pairingCodeAsked = false;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private opening: Promise<void> | undefined;
  private qrWaiters = new Set<() => void>();
  /** A connected socket dropped and we are reconnecting: the next open is a reconnect. */
  private dropped = false;
  /** WhatsApp restricts the account for now (reach-out timelock): said with every status until lifted. */
  private restricted = false;

  constructor(private readonly deps: ConnectionDeps) {}

  get id(): number {
    return this.deps.connectionId;
  }

  /** The socket, only while CONNECTED (sends need an open connection). */
  get socket(): BaileysSocket | undefined {
    return this.status === "CONNECTED" ? this.sock : undefined;
  }

  /** Our own number and LID (user parts). */
  get me(): { number?: string; lid?: string } {
    const me = this.sock?.user ?? this.auth?.state.creds.me;
    return { number: userOf(me?.id) || this.number || undefined, lid: userOf(me?.lid) || undefined };
  }

  /** Opens the connection; a no-op while it is already running (opening, waiting for a QR, or connected). */
  async start(): Promise<void> {
    if (this.wanted) return this.opening;
    this.wanted = true;
    this.attempt = 0;
    this.dropped = false;
    this.qrCount = 0;
    this.pairingCodeAsked = false;
    // Read the store afresh: another host may have held this connection since we last did.
    this.auth = undefined;
    const run = this.open();
    this.opening = run;
    try {
      await run;
    } finally {
      if (this.opening === run) this.opening = undefined;
    }
  }

  /** Closes the socket and keeps the credentials. */
  async stop(): Promise<void> {
    this.wanted = false;
    this.dropped = false;
    this.clearTimer();
    await this.closeSocket();
    this.setStatus("DISCONNECTED");
  }

  /** Logs out on WhatsApp (when connected), then wipes the credentials. */
  async logout(): Promise<void> {
    this.wanted = false;
    this.clearTimer();
    const sock = this.sock;
    const wasConnected = this.status === "CONNECTED";
    this.disown();
    if (sock) {
      try {
        // logout() tells WhatsApp to unlink this device and ends the socket itself.
        if (wasConnected) await sock.logout();
        else await sock.end(undefined);
      } catch (error) {
        this.deps.logger.warn(`baileys ${this.id}: logout on WhatsApp failed; wiping the credentials anyway`, error);
      }
    }
    await this.forgetCredentials();
    this.setStatus("DISCONNECTED");
  }

  async requestPairingCode(number: string): Promise<string> {
    if (!DIGITS.test(number)) throw new ProviderError("ERR_VALIDATION", "number must be digits only.", 400);
    const alreadyPaired = () =>
      new ProviderError("ERR_WAPP_ALREADY_PAIRED", `Connection ${this.id} is already paired; log out first.`, 409);
    if (this.status === "CONNECTED" || this.auth?.isRegistered()) throw alreadyPaired();
    if (!this.wanted) await this.start();
    // Stored credentials seen only now (the connection was not running): they log in, no pairing.
    if (this.auth?.isRegistered()) throw alreadyPaired();
    await this.readyToPair();
    const sock = this.sock;
    if (!sock || (this.status !== "qrcode" && this.status !== "PAIRING")) {
      throw new ProviderError("ERR_WAPP_NOT_INITIALIZED", `Connection ${this.id} is not waiting for pairing (${this.status}).`, 409);
    }
    let code: string;
    try {
      code = await sock.requestPairingCode(number);
    } catch (error) {
      throw new ProviderError("ERR_WAPP_PAIRING_CODE", `WhatsApp did not give a pairing code: ${String(error)}`, 502);
    }
    this.pairingCodeAsked = true;
    // The code is typed on the phone while QRs keep rotating underneath: give it the full allowance again.
    this.qrCount = 0;
    this.setStatus("PAIRING");
    return code;
  }

  /** Process exit: close without reporting a status (another host may take the connection over). */
  async close(): Promise<void> {
    this.wanted = false;
    this.clearTimer();
    await this.closeSocket();
    await this.auth?.flush();
    for (const wake of this.qrWaiters) wake();
  }

  // ---- internals ----

  private async open(): Promise<void> {
    this.clearTimer();
    await this.closeSocket();
    const gen = ++this.generation;
    this.setStatus("OPENING");
    await this.openSocket(gen);
  }

  private async openSocket(gen: number): Promise<void> {
    let auth: StoredAuth;
    try {
      auth = this.auth ?? (await loadStoredAuth(this.deps.store, this.id));
    } catch (error) {
      if (gen !== this.generation || !this.wanted) return;
      // The store (the worker) is unreachable: the same as a network drop.
      this.deps.logger.warn(`baileys ${this.id}: could not load the session; retrying`, error);
      this.retryLater(backoffDelay(this.attempt++, this.backoff));
      return;
    }
    if (gen !== this.generation || !this.wanted) return;
    this.auth = auth;

    const sock = this.deps.makeSocket({
      ...this.deps.socketConfig(),
      auth: auth.state,
      logger: this.deps.baileysLogger,
    });
    this.sock = sock;
    const current = () => gen === this.generation;

    sock.ev.on("creds.update", (update) => {
      if (!current()) return;
      // Baileys assigns the update to creds itself; doing it here too keeps this independent of listener order.
      Object.assign(auth.state.creds, update);
      auth.saveCreds().catch((error: unknown) => this.deps.logger.error(`baileys ${this.id}: saving creds failed`, error));
    });
    sock.ev.on("connection.update", (update) => {
      if (!current()) return;
      if (update.qr) this.onQr(update.qr);
      if (update.connection === "open") this.onOpen(sock);
      if (update.connection === "close") void this.onClose(update.lastDisconnect?.error);
      const timelock = (update as { reachoutTimeLock?: { isActive?: boolean } }).reachoutTimeLock;
      if (timelock && timelock.isActive !== this.restricted) this.onRestriction(!!timelock.isActive);
    });
    // The frames' own emitter (Baileys emits "CB:<tag>,<attr>:<value>" for every stanza).
    const frames = (sock as { ws?: { on?: (event: string, listener: (node: unknown) => void) => unknown } }).ws;
    for (const type of PASSKEY_NOTIFICATIONS) {
      frames?.on?.(`CB:notification,type:${type}`, () => {
        if (current()) void this.onPasskeyRequired();
      });
    }
    this.deps.onSocket(sock, current);
  }

  private onQr(qr: string) {
    this.qrCount++;
    const limit = this.deps.maxQrRotations ?? 5;
    if (this.qrCount > limit) {
      void this.giveUp();
      return;
    }
    if (!this.pairingCodeAsked) {
      this.setStatus("qrcode");
      this.deps.onQr(qr);
    }
    for (const wake of this.qrWaiters) wake();
  }

  private onOpen(sock: BaileysSocket) {
    this.attempt = 0;
    this.qrCount = 0;
    this.pairingCodeAsked = false;
    this.number = userOf(sock.user?.id) || userOf(this.auth?.state.creds.me?.id);
    this.setStatus("CONNECTED");
    if (this.dropped) {
      this.dropped = false;
      this.deps.onReconnect?.();
    }
  }

  /** WhatsApp asks for a passkey this linked device cannot give: linking cannot finish. Stop and say why. */
  private async onPasskeyRequired() {
    if (!this.wanted) return;
    this.deps.logger.warn(`baileys ${this.id}: WhatsApp requires a passkey to link this number; linking cannot complete here`);
    this.wanted = false;
    this.clearTimer();
    await this.closeSocket();
    // A half-done link leaves nothing worth keeping (the next attempt starts with a fresh QR).
    if (this.auth && !this.auth.isRegistered()) await this.wipeQuietly();
    this.setStatus("DISCONNECTED", "passkey_required");
  }

  /** The reach-out timelock set or lifted: the status is said again, with or without `restricted`. */
  private onRestriction(active: boolean) {
    this.restricted = active;
    this.deps.logger.warn(`baileys ${this.id}: WhatsApp ${active ? "restricts this account for now" : "lifted the restriction on this account"}`);
    this.deps.onStatus(this.status, this.number, active ? "restricted" : undefined);
  }

  private async onClose(error: Error | undefined) {
    // Baileys has ended this socket already; disown it so that nothing else reaches it.
    this.disown();
    if (!this.wanted) return;
    const statusCode = statusCodeOf(error);
    // Pairing means a QR or code was actually on offer: an unpaired socket that never reached WhatsApp is a network
    // problem, not an unscanned QR.
    const pairing = this.status === "qrcode" || this.status === "PAIRING";
    const wasConnected = this.status === "CONNECTED";
    const action = decideReconnect({ statusCode, attempt: this.attempt, pairing }, this.backoff);
    this.deps.logger.info(`baileys ${this.id}: closed (${statusCode ?? error?.message ?? "no reason"}) → ${action.kind}`);
    switch (action.kind) {
      case "reconnect":
        if (wasConnected) this.dropped = true;
        if (action.countsAsAttempt) this.attempt++;
        this.setStatus("OPENING");
        this.retryLater(action.delayMs);
        return;
      case "fresh":
        await this.wipeQuietly();
        this.qrCount = 0;
        this.setStatus("DISCONNECTED");
        // Backed off from the second time on, so a session that keeps breaking does not spin.
        this.retryLater(this.attempt === 0 ? 0 : backoffDelay(this.attempt, this.backoff));
        this.attempt++;
        return;
      case "stop":
        this.wanted = false;
        // As in giveUp(): a QR nobody scanned leaves nothing worth keeping.
        if (action.wipe || (action.status === "TIMEOUT" && !this.auth?.isRegistered())) await this.wipeQuietly();
        this.setStatus(action.status, refusalOf(statusCode));
        return;
    }
  }

  /** Nobody scanned: stop with TIMEOUT. Never-paired creds go too (a half-done pairing code would block the next QR). */
  private async giveUp() {
    this.wanted = false;
    this.clearTimer();
    await this.closeSocket();
    if (this.auth && !this.auth.isRegistered()) await this.wipeQuietly();
    this.setStatus("TIMEOUT");
  }

  private readyToPair(): Promise<void> {
    if (this.status === "qrcode" || this.status === "PAIRING") return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.qrWaiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, this.deps.pairingWaitMs ?? 20_000);
      timer.unref?.();
      this.qrWaiters.add(done);
    });
  }

  private retryLater(delayMs: number) {
    this.clearTimer();
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      if (this.wanted) void this.open().catch((error: unknown) => this.deps.logger.error(`baileys ${this.id}: reopening failed`, error));
    }, delayMs);
    this.reconnectTimer.unref?.();
  }

  private clearTimer() {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
  }

  /** Forgets the current socket: its later events (including its own close) are ignored. */
  private disown() {
    this.sock = undefined;
    this.generation++;
  }

  private async closeSocket() {
    const sock = this.sock;
    this.disown();
    if (!sock) return;
    try {
      await sock.end(undefined);
    } catch (error) {
      this.deps.logger.warn(`baileys ${this.id}: closing the socket failed`, error);
    }
  }

  /** Wipes the stored credentials, after the writes already under way, and refuses any that come later. */
  private async forgetCredentials() {
    const auth = this.auth;
    this.auth = undefined;
    this.number = "";
    auth?.revoke();
    await auth?.flush();
    await this.deps.store.wipe(this.id);
  }

  private async wipeQuietly() {
    try {
      await this.forgetCredentials();
    } catch (error) {
      this.deps.logger.error(`baileys ${this.id}: wiping the credentials failed`, error);
    }
  }

  /** Reports a change (or the same status again when it comes with a reason, which the worker shows). */
  private setStatus(status: ConnectionStatus, reason?: LinkRefusal) {
    if (this.status === status && !reason) return;
    this.status = status;
    this.deps.onStatus(status, this.number, reason ?? (this.restricted && status === "CONNECTED" ? "restricted" : undefined));
  }

  private get backoff(): BackoffOptions {
    return this.deps.backoff ?? DEFAULT_BACKOFF;
  }
}
