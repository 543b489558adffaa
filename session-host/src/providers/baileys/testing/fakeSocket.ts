import { EventEmitter } from "node:events";
import {
  type AnyMessageContent,
  type BaileysEventMap,
  type Contact,
  type GroupMetadata,
  type MiscMessageGenerationOptions,
  proto,
  type UserFacingSocketConfig,
  type WAMessage,
} from "@whiskeysockets/baileys";
import type { BaileysSocket, SocketFactory } from "../connection";

/** A Boom-like error carrying a DisconnectReason, as Baileys puts on lastDisconnect. */
export function disconnect(statusCode: number): Error {
  return Object.assign(new Error(`closed with ${statusCode}`), { output: { statusCode } });
}

/**
 * The few members of a Baileys socket the provider uses, driven by the test: it emits what WhatsApp would
 * (QR codes, open, close, messages) and records what the provider asks of it.
 */
export class FakeSocket {
  readonly ev = new EventEmitter();
  /** The frames' emitter: Baileys emits "CB:<tag>,<attr>:<value>" for every stanza received. */
  readonly ws = new EventEmitter();
  user: Contact | undefined;
  readonly sent: Array<{ jid: string; content: AnyMessageContent; options?: MiscMessageGenerationOptions }> = [];
  ended = 0;
  loggedOut = 0;
  pairingCodesAsked: string[] = [];
  pictureRequests: string[] = [];
  groupRequests: string[] = [];
  /** Numbers (user parts) that exist on WhatsApp, for onWhatsApp. */
  onWhatsAppNumbers = new Set<string>();
  /** Each onWhatsApp query, with the JIDs it asked about. */
  onWhatsAppQueries: string[][] = [];
  failSends: Error | undefined;
  readonly signalRepository = { lidMapping: { getPNForLID: async (_lid: string): Promise<string | null> => null } };
  private closed = false;

  constructor(readonly config: UserFacingSocketConfig) {}

  // ---- what the provider calls ----

  async sendMessage(jid: string, content: AnyMessageContent, options?: MiscMessageGenerationOptions): Promise<WAMessage | undefined> {
    if (this.failSends) throw this.failSends;
    this.sent.push({ jid, content, options });
    const text = "text" in content && typeof content.text === "string" ? content.text : "";
    return { key: { remoteJid: jid, fromMe: true, id: options?.messageId ?? `FAKE${this.sent.length}` }, message: { conversation: text } };
  }

  async onWhatsApp(...jids: string[]): Promise<{ jid: string; exists: boolean }[] | undefined> {
    this.onWhatsAppQueries.push(jids);
    return jids.filter((j) => this.onWhatsAppNumbers.has(j.split("@")[0] ?? "")).map((jid) => ({ jid, exists: true }));
  }

  async requestPairingCode(phoneNumber: string): Promise<string> {
    this.pairingCodesAsked.push(phoneNumber);
    return "ABCD1234";
  }

  async profilePictureUrl(jid: string): Promise<string | undefined> {
    this.pictureRequests.push(jid);
    return `https://pps.whatsapp.net/v/${jid.split("@")[0]}.jpg`;
  }

  async groupMetadata(jid: string): Promise<GroupMetadata> {
    this.groupRequests.push(jid);
    return { id: jid, subject: "Grupo de Teste", owner: undefined, participants: [] };
  }

  async updateMediaMessage(message: WAMessage): Promise<WAMessage> {
    return message;
  }

  async end(error: Error | undefined): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.ended++;
    this.emit("connection.update", { connection: "close", lastDisconnect: { error, date: new Date(0) } });
  }

  async logout(): Promise<void> {
    this.loggedOut++;
    await this.end(disconnect(401));
  }

  // ---- what the test drives ----

  emit<T extends keyof BaileysEventMap>(event: T, data: BaileysEventMap[T]): void {
    this.ev.emit(event, data);
  }

  showQr(qr: string): void {
    this.emit("connection.update", { qr });
  }

  open(number: string): void {
    this.user = { id: `${number}:7@s.whatsapp.net`, name: "Loja" };
    this.emit("connection.update", { connection: "open" });
  }

  /** WhatsApp closed the socket with this DisconnectReason. */
  drop(statusCode: number): void {
    this.closed = true;
    this.emit("connection.update", { connection: "close", lastDisconnect: { error: disconnect(statusCode), date: new Date(0) } });
  }

  /** WhatsApp sent a notification stanza of this type (e.g. passkey_prologue_request while linking). */
  notification(type: string): void {
    const node = { tag: "notification", attrs: { type }, content: undefined };
    this.ws.emit(`CB:notification,type:${type}`, node);
    this.ws.emit("CB:notification", node);
  }

  upsert(messages: proto.IWebMessageInfo[], type: "notify" | "append"): void {
    const wa = messages.map((m) => {
      const message = proto.WebMessageInfo.fromObject(m);
      return Object.assign(message, { key: message.key ?? {} });
    });
    this.emit("messages.upsert", { messages: wa, type });
  }
}

/** A makeSocket that records every socket it makes. */
export function fakeSocketFactory() {
  const sockets: FakeSocket[] = [];
  const makeSocket = ((config: UserFacingSocketConfig) => {
    const socket = new FakeSocket(config);
    sockets.push(socket);
    // The fake implements only the members the provider uses.
    return socket as unknown as BaileysSocket;
  }) as SocketFactory;
  return {
    makeSocket,
    sockets,
    last(): FakeSocket {
      const socket = sockets.at(-1);
      if (!socket) throw new Error("no socket was made");
      return socket;
    },
  };
}
