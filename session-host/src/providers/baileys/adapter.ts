import { isJidBroadcast, isJidNewsletter, isJidStatusBroadcast, type MessageUpsertType, proto, toNumber, type WAMessage } from "@whiskeysockets/baileys";
import type { BridgeEvent, BridgeInboundMessage, BridgeMedia } from "../../../../worker/contracts/bridge";
import { classify, filenameFor, type MediaInfo, type MessageContent } from "./content";
import { DIGITS, isGroupJid, isLidJid, isPhoneJid, userOf } from "./jids";

/**
 * Baileys' messages.upsert items → the bridge's events (message, edit, delete, reaction). Pure but for the media
 * bytes, which come from an injected downloader, and the lookups the provider fills beforehand (LID → number,
 * group subjects).
 *
 * Addressing, as the worker reads it (worker/domain/inbound/inboundContact.ts):
 * - one-to-one chats: chatId and from are both the contact's number, whoever wrote (fromMe says who), and lid is
 *   the contact's LID when WhatsApp used one;
 * - groups: chatId is the group id ("1203…" or the older "5511…-1600…"), from the participant's number (ours when
 *   fromMe), lid the participant's LID;
 * - a LID whose number nobody told us (no alternate field, no mapping yet) goes out as the number itself, with
 *   lid equal to it, so the message is not lost; the contact merges once the mapping arrives (contact events).
 * Status updates, newsletters and our own broadcast lists are not conversations and are ignored.
 */

export interface AdapterContext {
  connectionId: number;
  now(): number;
  /** Our own number and LID (user parts), once known. */
  me: { number?: string; lid?: string };
  /** The phone number (user part) behind a LID (user part), when known. */
  phoneForLid(lid: string): string | undefined;
  /** The subject of a group, when known. */
  groupName(groupJid: string): string | undefined;
  /**
   * The media: its bytes to carry inline, the key it was stored under ahead of the event (too big to ride inside
   * it), or undefined when it cannot be had (expired, too big, failed). `media` comes with the mimetype and
   * filename the event will name, so a stored file is named alike.
   */
  download?(message: WAMessage, media: MediaInfo & { filename: string }): Promise<DownloadedMedia | undefined>;
}

export type DownloadedMedia = Buffer | { key: string };

export interface Address {
  chatId: string;
  isGroup: boolean;
  from: string;
  lid?: string;
  fromMe: boolean;
}

const MISSED_CALL_STUBS = new Set<number>([
  proto.WebMessageInfo.StubType.CALL_MISSED_VOICE,
  proto.WebMessageInfo.StubType.CALL_MISSED_VIDEO,
]);

/**
 * A person's number and LID from a JID and its alternate (Baileys 7 puts the other identity in remoteJidAlt /
 * participantAlt). `trustAlt` is false when the alternate may be our own number rather than the person's.
 */
function person(jid: string | null | undefined, alt: string | null | undefined, ctx: AdapterContext, trustAlt: boolean) {
  if (!jid) return undefined;
  if (isLidJid(jid)) {
    const lid = userOf(jid);
    const altNumber = trustAlt && isPhoneJid(alt) ? userOf(alt) : undefined;
    return { number: altNumber || ctx.phoneForLid(lid) || lid, lid };
  }
  const number = userOf(jid);
  const lid = isLidJid(alt) ? userOf(alt) : undefined;
  return { number, lid };
}

/** The number the product knows a person by, from any of their JIDs (a LID resolves through the mapping). */
export function numberForJid(jid: string | null | undefined, ctx: Pick<AdapterContext, "phoneForLid">): string | undefined {
  if (!jid) return undefined;
  const user = userOf(jid);
  const number = isLidJid(jid) ? ctx.phoneForLid(user) || user : user;
  return DIGITS.test(number) ? number : undefined;
}

/** Who the message is between, in the product's terms; undefined for chats the product does not handle. */
export function addressOf(msg: WAMessage, ctx: AdapterContext): Address | undefined {
  const key = msg.key;
  const remoteJid = key.remoteJid;
  if (!remoteJid || isJidStatusBroadcast(remoteJid) || isJidNewsletter(remoteJid)) return undefined;
  const fromMe = key.fromMe === true;

  if (isGroupJid(remoteJid)) {
    const chatId = userOf(remoteJid);
    const sender =
      fromMe && ctx.me.number ? { number: ctx.me.number, lid: ctx.me.lid } : person(key.participant, key.participantAlt, ctx, true);
    if (!sender || !DIGITS.test(sender.number) || chatId.length < 5) return undefined;
    return { chatId, isGroup: true, from: sender.number, lid: sender.lid, fromMe };
  }

  let contact;
  if (isJidBroadcast(remoteJid)) {
    // A contact's broadcast list reaches us as a one-to-one message from them; our own lists are not chats.
    if (fromMe) return undefined;
    contact = person(key.participant, key.participantAlt, ctx, true);
  } else if (isPhoneJid(remoteJid) || isLidJid(remoteJid)) {
    // On our own messages the alternate can be our own number (the sender's), not the contact's.
    const alt = key.remoteJidAlt;
    const altIsMe = !!alt && !!ctx.me.number && userOf(alt) === ctx.me.number;
    contact = person(remoteJid, alt, ctx, !altIsMe);
  } else {
    return undefined; // bots, hosted and other servers
  }
  if (!contact || !DIGITS.test(contact.number)) return undefined;
  return { chatId: contact.number, isGroup: false, from: contact.number, lid: contact.lid, fromMe };
}

function timestampOf(msg: WAMessage, ctx: AdapterContext): number {
  const seconds = msg.messageTimestamp == null ? 0 : toNumber(msg.messageTimestamp);
  return seconds > 0 ? seconds * 1000 : ctx.now();
}

function clip(text: string | null | undefined, max: number): string | undefined {
  if (!text) return undefined;
  return text.length > max ? text.slice(0, max) : text;
}

async function mediaPayload(msg: WAMessage, id: string, content: MessageContent, ctx: AdapterContext): Promise<BridgeMedia | undefined> {
  if (!content.media || !ctx.download) return undefined;
  const mimetype = content.media.mimetype.slice(0, 200);
  const filename = (content.media.filename || filenameFor(content.mediaType, id, mimetype)).slice(0, 255);
  const got = await ctx.download(msg, { ...content.media, mimetype, filename });
  if (!got) return undefined;
  if (Buffer.isBuffer(got)) return { mimetype, filename, base64: got.toString("base64") };
  return { mimetype, filename, key: got.key };
}

/** One messages.upsert item → the events it stands for (none, one message, or an action on another message). */
export async function adaptUpsert(msg: WAMessage, type: MessageUpsertType, ctx: AdapterContext): Promise<BridgeEvent[]> {
  const id = msg.key.id;
  if (!id) return [];
  const address = addressOf(msg, ctx);
  if (!address) return [];
  const at = ctx.now();
  const { connectionId } = ctx;

  // Stubs are notices, not messages: a missed call is worth showing; the rest (group changes, and CIPHERTEXT,
  // which is the placeholder of a message that will arrive again decrypted under the same id) are not.
  if (msg.messageStubType != null && msg.messageStubType !== 0 && !msg.message) {
    if (!MISSED_CALL_STUBS.has(msg.messageStubType) || address.isGroup) return [];
    return [{ type: "message", connectionId, at, message: base(msg, id, address, type, ctx, { mediaType: "call_log", body: "" }) }];
  }

  const kind = classify(msg.message);
  switch (kind.kind) {
    case "ignore":
      return [];
    case "delete":
      return [{ type: "delete", connectionId, messageId: kind.targetId, at }];
    case "edit":
      return [{ type: "edit", connectionId, messageId: kind.targetId, body: kind.body.slice(0, 65_536), at }];
    case "reaction":
      return [
        {
          type: "reaction",
          connectionId,
          messageId: kind.target.id ?? "",
          chatId: address.chatId,
          from: address.from,
          fromMe: address.fromMe,
          emoji: kind.emoji.slice(0, 32),
          at,
        },
      ];
    case "message": {
      const message = base(msg, id, address, type, ctx, kind.content);
      const media = await mediaPayload(msg, id, kind.content, ctx);
      if (media) message.media = media;
      return [{ type: "message", connectionId, at, message }];
    }
  }
}

function base(
  msg: WAMessage,
  id: string,
  address: Address,
  type: MessageUpsertType,
  ctx: AdapterContext,
  content: MessageContent,
): BridgeInboundMessage {
  const context = content.contextInfo;
  const message: BridgeInboundMessage = {
    id,
    chatId: address.chatId,
    isGroup: address.isGroup,
    from: address.from,
    fromMe: address.fromMe,
    body: content.body.slice(0, 65_536),
    mediaType: content.mediaType,
    isForwarded: !!context?.isForwarded || (context?.forwardingScore ?? 0) > 0,
    // Messages queued while we were offline are appended on reconnect: still new to the product, never dropped.
    isHistory: type === "append",
    timestamp: timestampOf(msg, ctx),
  };
  if (address.lid) message.lid = address.lid;
  if (address.isGroup && msg.key.remoteJid) {
    const groupName = clip(ctx.groupName(msg.key.remoteJid), 200);
    if (groupName) message.groupName = groupName;
  }
  // Our own push name on our own messages says nothing about the contact.
  const name = address.fromMe ? undefined : clip(msg.pushName, 200);
  if (name) message.name = name;
  if (context?.stanzaId) message.quotedId = context.stanzaId.slice(0, 128);
  if (content.location) message.location = { ...content.location, name: clip(content.location.name, 500) };
  if (content.vcard) message.vcard = content.vcard.slice(0, 65_536);
  return message;
}
