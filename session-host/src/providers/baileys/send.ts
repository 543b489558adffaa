import { createHash } from "node:crypto";
import type { z } from "zod";
import { type AnyMessageContent, generateMessageIDV2, type WAMessage, type WAMessageKey, type WASocket } from "@whiskeysockets/baileys";
import {
  type BridgeEvent,
  deleteCommand,
  editCommand,
  reactCommand,
  type SendCommand,
  sendCommand,
} from "../../../../worker/contracts/bridge";
import { type CheckedNumber, type DeleteRequest, type EditRequest, type OutboundMessage, ProviderError, type ReactRequest } from "../provider";
import type { Directory } from "./directory";
import { brazilianVariants, DIGITS, groupJid, lidJid, phoneJid, userOf } from "./jids";
import { ExpiringIds, type RecentMessages } from "./recentMessages";

/**
 * The product's outbound commands → Baileys' sendMessage. A command's `id` becomes the WhatsApp message id, so a
 * retry after a crash sends the same id again (recipients drop duplicates) and, within this process, a retried
 * command is not sent twice at all.
 */

export type SendSocket = Pick<WASocket, "sendMessage" | "onWhatsApp" | "user"> & Partial<Pick<WASocket, "sendPresenceUpdate">>;

export interface OutboxDeps {
  connectionId: number;
  /** The socket, only while CONNECTED. */
  socket(): SendSocket | undefined;
  recent: RecentMessages;
  directory: Directory;
  emit(event: BridgeEvent): void;
  now(): number;
}

const SENT_TTL_MS = 60 * 60_000;
const OWN_TTL_MS = 10 * 60_000;
const CHECK_TTL_MS = 60 * 60_000;
const MISSING_TTL_MS = 60_000;

/** WhatsApp ids are uppercase letters and digits; anything else is mapped, deterministically, onto that shape. */
export function whatsappIdFor(commandId: string): string {
  if (/^[0-9A-Z]{10,64}$/.test(commandId)) return commandId;
  return `3EB0${createHash("sha256").update(commandId).digest("hex").slice(0, 18).toUpperCase()}`;
}

export function vcardFor(name: string, number: string): string {
  const safe = name.replace(/[\r\n;]/g, " ").trim() || number;
  return ["BEGIN:VCARD", "VERSION:3.0", `FN:${safe}`, `TEL;type=CELL;type=VOICE;waid=${number}:+${number}`, "END:VCARD"].join("\n");
}

/** The sendMessage content for a command. A body goes out as the caption of media; location and contact cards carry no text. */
export function contentFor(command: SendCommand): AnyMessageContent {
  const { media, body } = command;
  if (media) {
    const bytes = Buffer.from(media.base64, "base64");
    const mimetype = media.mimetype;
    const kind = mimetype.split("/")[0]?.toLowerCase();
    if (kind === "image" && !mimetype.includes("svg")) return { image: bytes, mimetype, caption: body || undefined };
    if (kind === "video") return { video: bytes, mimetype, caption: body || undefined };
    // Voice notes play best as ogg/opus; other audio is sent as is (no transcoding here) and WhatsApp shows it as audio.
    if (kind === "audio") return { audio: bytes, mimetype, ptt: command.ptt };
    return { document: bytes, mimetype, fileName: media.filename, caption: body || undefined };
  }
  if (command.location) {
    const { latitude, longitude, name } = command.location;
    return { location: { degreesLatitude: latitude, degreesLongitude: longitude, name: name ?? (body || undefined) } };
  }
  if (command.vcard) {
    const { name, number } = command.vcard;
    return { contacts: { displayName: name, contacts: [{ displayName: name, vcard: vcardFor(name, number) }] } };
  }
  return { text: body };
}

function parsed<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields = [...new Set(result.error.issues.map((i) => i.path.map(String).join(".") || "(body)"))].join(", ");
  throw new ProviderError("ERR_VALIDATION", `Invalid command: ${fields}.`, 400);
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export class Outbox {
  /** Command id → the WhatsApp id it went out as. */
  private readonly sent: ExpiringIds<string>;
  private readonly inflight = new Map<string, Promise<{ id: string }>>();
  /** WhatsApp ids this process sent: Baileys echoes them as upserts, which the product already knows. */
  private readonly own: ExpiringIds;
  /** onWhatsApp answers, by the number asked: its canonical form; and the numbers found missing. */
  private readonly checked: ExpiringIds<string>;
  private readonly missing: ExpiringIds;

  constructor(private readonly deps: OutboxDeps) {
    this.sent = new ExpiringIds(SENT_TTL_MS, 10_000, deps.now);
    this.own = new ExpiringIds(OWN_TTL_MS, 10_000, deps.now);
    this.checked = new ExpiringIds(CHECK_TTL_MS, 10_000, deps.now);
    this.missing = new ExpiringIds(MISSING_TTL_MS, 10_000, deps.now);
  }

  isOwn(id: string): boolean {
    return this.own.has(id);
  }

  async send(input: OutboundMessage): Promise<{ id: string }> {
    const command = parsed(sendCommand, input);
    const done = this.sent.get(command.id);
    if (done) return { id: done };
    const running = this.inflight.get(command.id);
    if (running) return running;
    const task = this.sendOnce(command).finally(() => this.inflight.delete(command.id));
    this.inflight.set(command.id, task);
    return task;
  }

  private async sendOnce(command: SendCommand): Promise<{ id: string }> {
    const sock = this.requireSocket();
    if (!command.body && !command.media && !command.location && !command.vcard) {
      throw new ProviderError("ERR_VALIDATION", "A message needs a body, media, a location or a contact card.", 400);
    }
    const jid = await this.recipient(sock, command.to, command.isGroup, true);
    const waId = whatsappIdFor(command.id);
    const quoted = command.quotedId ? this.quoted(jid, command.quotedId) : undefined;
    if (command.typingMs) await this.showTyping(sock, jid, command.typingMs);
    // Marked before sending: Baileys may echo the message before sendMessage resolves.
    this.own.set(waId, true);
    let message: WAMessage | undefined;
    try {
      message = await sock.sendMessage(jid, contentFor(command), { messageId: waId, quoted });
    } catch (error) {
      throw new ProviderError("ERR_SENDING_WAPP_MSG", `WhatsApp did not take the message: ${reason(error)}`, 502);
    }
    if (message) this.deps.recent.remember(message);
    this.sent.set(command.id, waId);
    this.deps.emit({ type: "ack", connectionId: this.deps.connectionId, messageId: waId, ack: 1, at: this.deps.now() });
    return { id: waId };
  }

  /** "typing…" for a moment before a campaign message; a presence that fails is no reason not to send. */
  private async showTyping(sock: SendSocket, jid: string, ms: number) {
    if (!sock.sendPresenceUpdate) return;
    try {
      await sock.sendPresenceUpdate("composing", jid);
      await new Promise((resolve) => setTimeout(resolve, ms));
      await sock.sendPresenceUpdate("paused", jid);
    } catch {
      // presence is best effort
    }
  }

  async edit(input: EditRequest): Promise<void> {
    const request = parsed(editCommand, input);
    const sock = this.requireSocket();
    const jid = await this.recipient(sock, request.to, request.isGroup, false);
    const key = this.keyOf(jid, request.id, true);
    await this.relay(sock, jid, { text: request.body, edit: key }, "ERR_SENDING_WAPP_MSG");
  }

  async delete(input: DeleteRequest): Promise<void> {
    const request = parsed(deleteCommand, input);
    const sock = this.requireSocket();
    const jid = await this.recipient(sock, request.to, request.isGroup, false);
    await this.relay(sock, jid, { delete: this.keyOf(jid, request.id, true) }, "ERR_DELETE_WAPP_MSG");
  }

  async react(input: ReactRequest): Promise<void> {
    const request = parsed(reactCommand, input);
    const sock = this.requireSocket();
    const jid = await this.recipient(sock, request.to, request.isGroup, false);
    // Without the message in memory, a message we sent is ours, anything else the contact's.
    const key = this.keyOf(jid, request.id, this.isOwn(request.id));
    await this.relay(sock, jid, { react: { text: request.emoji, key } }, "ERR_SENDING_WAPP_MSG");
  }

  /** Whether the number is on WhatsApp, in its canonical form (Brazilian numbers with or without the ninth digit). */
  async checkNumber(number: string): Promise<{ exists: boolean; number: string }> {
    if (!DIGITS.test(number)) throw new ProviderError("ERR_VALIDATION", "number must be digits only.", 400);
    const sock = this.requireSocket();
    const canonical = await this.lookup(sock, number);
    return canonical ? { exists: true, number: canonical } : { exists: false, number };
  }

  /**
   * A batch of numbers (a contact list's check): the ones not answered lately are asked in one onWhatsApp query
   * (each with its ninth-digit variant), so a list of thousands costs WhatsApp a few dozen queries, not thousands.
   */
  async checkNumbers(numbers: string[]): Promise<CheckedNumber[]> {
    for (const number of numbers) if (!DIGITS.test(number)) throw new ProviderError("ERR_VALIDATION", "numbers must be digits only.", 400);
    const sock = this.requireSocket();
    const unasked = [...new Set(numbers.filter((n) => this.checked.get(n) === undefined && !this.missing.has(n)))];
    if (unasked.length > 0) {
      const variants = new Map(unasked.map((n) => [n, brazilianVariants(n)]));
      let results: Awaited<ReturnType<SendSocket["onWhatsApp"]>>;
      try {
        results = await sock.onWhatsApp(...[...new Set([...variants.values()].flat())].map(phoneJid));
      } catch (error) {
        throw new ProviderError("ERR_WAPP_CHECK_CONTACT", `Could not ask WhatsApp about ${unasked.length} numbers: ${reason(error)}`, 502);
      }
      const found = new Set((results ?? []).filter((r) => r.exists).map((r) => userOf(r.jid)));
      for (const [number, forms] of variants) {
        const canonical = forms.find((v) => found.has(v));
        if (canonical) this.checked.set(number, canonical);
        else this.missing.set(number, true);
      }
    }
    return numbers.map((number) => {
      const canonical = this.checked.get(number);
      return canonical ? { number, exists: true, canonical } : { number, exists: false, canonical: number };
    });
  }

  private requireSocket(): SendSocket {
    const sock = this.deps.socket();
    if (!sock) {
      throw new ProviderError("ERR_WAPP_NOT_INITIALIZED", `Connection ${this.deps.connectionId} is not connected to WhatsApp.`, 409);
    }
    return sock;
  }

  private async lookup(sock: SendSocket, number: string): Promise<string | undefined> {
    const cached = this.checked.get(number);
    if (cached !== undefined) return cached;
    if (this.missing.has(number)) return undefined;
    const variants = brazilianVariants(number);
    let results: Awaited<ReturnType<SendSocket["onWhatsApp"]>>;
    try {
      results = await sock.onWhatsApp(...variants.map(phoneJid));
    } catch (error) {
      throw new ProviderError("ERR_WAPP_CHECK_CONTACT", `Could not ask WhatsApp about ${number}: ${reason(error)}`, 502);
    }
    // The variant asked first (the number as given) wins when both forms exist.
    const found = (results ?? []).filter((r) => r.exists).map((r) => userOf(r.jid));
    const canonical = variants.find((v) => found.includes(v)) ?? found[0];
    // A "no" is kept briefly only: the person may install WhatsApp, or the lookup may have been wrong.
    if (canonical) this.checked.set(number, canonical);
    else this.missing.set(number, true);
    return canonical;
  }

  /**
   * The JID to send to. Numbers WhatsApp already showed us go straight out; an unknown number is checked once
   * (the ninth digit), and refused when it is not on WhatsApp.
   */
  private async recipient(sock: SendSocket, to: string, isGroup: boolean, check: boolean): Promise<string> {
    if (isGroup) {
      if (!/^[\d-]{5,64}$/.test(to)) throw new ProviderError("ERR_WAPP_INVALID_CONTACT", `${to} is not a group id.`, 400);
      return groupJid(to);
    }
    if (!DIGITS.test(to)) throw new ProviderError("ERR_WAPP_INVALID_CONTACT", `${to} is not a phone number.`, 400);
    const { directory } = this.deps;
    if (directory.isLidOnly(to)) return lidJid(to);
    if (!check || directory.isKnownNumber(to)) return phoneJid(to);
    const canonical = await this.lookup(sock, to);
    if (!canonical) throw new ProviderError("ERR_WAPP_INVALID_CONTACT", `${to} is not on WhatsApp.`, 400);
    return phoneJid(canonical);
  }

  /** The key of a message by id: the real one when it is still in memory, else the best guess. */
  private keyOf(jid: string, id: string, fromMe: boolean): WAMessageKey {
    return this.deps.recent.key(id) ?? { remoteJid: jid, id, fromMe };
  }

  /** The message to quote; without it in memory, a minimal one that still links the reply to its id. */
  private quoted(jid: string, id: string): WAMessage {
    return this.deps.recent.get(id) ?? { key: { remoteJid: jid, id, fromMe: this.isOwn(id) }, message: { conversation: "" } };
  }

  private async relay(sock: SendSocket, jid: string, content: AnyMessageContent, code: string): Promise<void> {
    const messageId = generateMessageIDV2(sock.user?.id);
    this.own.set(messageId, true);
    try {
      await sock.sendMessage(jid, content, { messageId });
    } catch (error) {
      throw new ProviderError(code, `WhatsApp did not take the change: ${reason(error)}`, 502);
    }
  }
}
