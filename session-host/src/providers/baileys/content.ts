import { normalizeMessageContent, proto, toNumber } from "@whiskeysockets/baileys";
import type { BridgeMediaType } from "../../../../worker/contracts/bridge";

/**
 * What a WhatsApp message's content (proto.IMessage) is, in the product's terms: a message of some media type with
 * a body, or an action on another message (reaction, edit, revoke), or nothing the product shows. Pure.
 */

export interface MediaInfo {
  mimetype: string;
  /** The sender's file name (documents); others get one from the message id and the mimetype. */
  filename?: string;
  /** Bytes, as the sender declared them (for the size limit before downloading). */
  fileLength?: number;
}

export interface MessageContent {
  mediaType: BridgeMediaType;
  body: string;
  media?: MediaInfo;
  location?: { latitude: number; longitude: number; name?: string };
  vcard?: string;
  /** Quoted message, forwarding. */
  contextInfo?: proto.IContextInfo;
}

export type ContentKind =
  | { kind: "message"; content: MessageContent }
  | { kind: "reaction"; target: proto.IMessageKey; emoji: string }
  | { kind: "edit"; targetId: string; body: string }
  | { kind: "delete"; targetId: string }
  | { kind: "ignore"; reason: string };

/** Content that never becomes a message: key distribution, encrypted votes, pins, history plumbing. */
const SILENT: ReadonlyArray<keyof proto.IMessage> = [
  "pollUpdateMessage",
  "encReactionMessage",
  "encEventResponseMessage",
  "encCommentMessage",
  "keepInChatMessage",
  "pinInChatMessage",
  "stickerSyncRmrMessage",
  "messageHistoryBundle",
  "messageHistoryNotice",
  "placeholderMessage",
  "secretEncryptedMessage",
  // The album's parent only announces how many photos follow; each photo arrives as its own image message.
  "albumMessage",
];

/**
 * Baileys unwraps ephemeral, view-once, documentWithCaption and edited wrappers; a few other future-proof
 * wrappers hold an ordinary message too.
 */
export function unwrap(message: proto.IMessage | null | undefined): proto.IMessage | undefined {
  let content = normalizeMessageContent(message);
  for (let i = 0; content && i < 5; i++) {
    const inner =
      content.lottieStickerMessage?.message ??
      content.groupMentionedMessage?.message ??
      content.pollCreationMessageV4?.message ??
      content.botInvokeMessage?.message;
    if (!inner) break;
    content = normalizeMessageContent(inner);
  }
  return content;
}

/** The readable text of a message: its text or caption (used for bodies and for edits). */
export function textOf(message: proto.IMessage | null | undefined): string {
  const m = unwrap(message);
  if (!m) return "";
  return (
    m.conversation ??
    m.extendedTextMessage?.text ??
    m.imageMessage?.caption ??
    m.videoMessage?.caption ??
    m.documentMessage?.caption ??
    m.pollCreationMessage?.name ??
    ""
  );
}

function mediaOf(
  inner: { mimetype?: string | null; fileLength?: Parameters<typeof toNumber>[0]; fileName?: string | null },
  fallbackMimetype: string,
): MediaInfo {
  const length = inner.fileLength == null ? undefined : toNumber(inner.fileLength);
  return {
    mimetype: inner.mimetype || fallbackMimetype,
    filename: inner.fileName || undefined,
    fileLength: Number.isFinite(length) ? length : undefined,
  };
}

function lines(...parts: Array<string | null | undefined>): string {
  return parts.filter((p): p is string => !!p && p.trim() !== "").join("\n");
}

function pollBody(poll: proto.Message.IPollCreationMessage): string {
  return lines(poll.name, ...(poll.options ?? []).map((o) => (o.optionName ? `- ${o.optionName}` : null)));
}

function message(content: MessageContent): ContentKind {
  return { kind: "message", content };
}

export function classify(raw: proto.IMessage | null | undefined): ContentKind {
  const m = unwrap(raw);
  if (!m) return { kind: "ignore", reason: "no content" };

  const protocol = m.protocolMessage;
  if (protocol) {
    const targetId = protocol.key?.id;
    if (protocol.type === proto.Message.ProtocolMessage.Type.REVOKE && targetId) return { kind: "delete", targetId };
    if (protocol.type === proto.Message.ProtocolMessage.Type.MESSAGE_EDIT && targetId) {
      return { kind: "edit", targetId, body: textOf(protocol.editedMessage) };
    }
    return { kind: "ignore", reason: `protocol message ${protocol.type ?? "?"}` };
  }
  if (m.reactionMessage) {
    const target = m.reactionMessage.key;
    if (!target?.id) return { kind: "ignore", reason: "reaction without target" };
    return { kind: "reaction", target, emoji: m.reactionMessage.text ?? "" };
  }
  for (const key of SILENT) if (m[key]) return { kind: "ignore", reason: key };

  if (m.conversation != null) return message({ mediaType: "chat", body: m.conversation });
  if (m.extendedTextMessage) {
    const t = m.extendedTextMessage;
    return message({ mediaType: "chat", body: t.text ?? "", contextInfo: t.contextInfo ?? undefined });
  }
  if (m.imageMessage) {
    const i = m.imageMessage;
    return message({ mediaType: "image", body: i.caption ?? "", media: mediaOf(i, "image/jpeg"), contextInfo: i.contextInfo ?? undefined });
  }
  const video = m.videoMessage ?? m.ptvMessage;
  if (video) {
    return message({ mediaType: "video", body: video.caption ?? "", media: mediaOf(video, "video/mp4"), contextInfo: video.contextInfo ?? undefined });
  }
  if (m.audioMessage) {
    const a = m.audioMessage;
    return message({ mediaType: a.ptt ? "ptt" : "audio", body: "", media: mediaOf(a, "audio/ogg"), contextInfo: a.contextInfo ?? undefined });
  }
  if (m.documentMessage) {
    const d = m.documentMessage;
    const media = mediaOf(d, "application/octet-stream");
    media.filename ||= d.title || undefined;
    // The product calls documents "application" (spec 000 §3), as the simulator does.
    return message({ mediaType: "application", body: d.caption ?? "", media, contextInfo: d.contextInfo ?? undefined });
  }
  if (m.stickerMessage) {
    const s = m.stickerMessage;
    return message({ mediaType: "sticker", body: "", media: mediaOf(s, "image/webp"), contextInfo: s.contextInfo ?? undefined });
  }
  if (m.locationMessage) {
    const l = m.locationMessage;
    const name = l.name || l.address || undefined;
    return message({
      mediaType: "location",
      body: lines(l.name, l.address, l.comment),
      location: { latitude: l.degreesLatitude ?? 0, longitude: l.degreesLongitude ?? 0, name },
      contextInfo: l.contextInfo ?? undefined,
    });
  }
  if (m.liveLocationMessage) {
    const l = m.liveLocationMessage;
    return message({
      mediaType: "location",
      body: l.caption ?? "",
      location: { latitude: l.degreesLatitude ?? 0, longitude: l.degreesLongitude ?? 0, name: l.caption || undefined },
      contextInfo: l.contextInfo ?? undefined,
    });
  }
  if (m.contactMessage) {
    const c = m.contactMessage;
    return message({ mediaType: "vcard", body: c.displayName ?? "", vcard: c.vcard ?? undefined, contextInfo: c.contextInfo ?? undefined });
  }
  if (m.contactsArrayMessage) {
    const c = m.contactsArrayMessage;
    const contacts = c.contacts ?? [];
    return message({
      mediaType: "multi_vcard",
      body: c.displayName || contacts.map((x) => x.displayName).filter(Boolean).join(", "),
      vcard: contacts.map((x) => x.vcard?.trim()).filter(Boolean).join("\n") || undefined,
      contextInfo: c.contextInfo ?? undefined,
    });
  }
  const poll = m.pollCreationMessage ?? m.pollCreationMessageV2 ?? m.pollCreationMessageV3 ?? m.pollCreationMessageV5;
  if (poll) return message({ mediaType: "poll", body: pollBody(poll), contextInfo: poll.contextInfo ?? undefined });

  // Business messages: the text a person would read, best effort.
  if (m.listMessage) {
    const l = m.listMessage;
    const rows = (l.sections ?? []).flatMap((s) => (s.rows ?? []).map((r) => (r.title ? `- ${r.title}` : null)));
    return message({ mediaType: "list", body: lines(l.title, l.description, ...rows, l.footerText), contextInfo: l.contextInfo ?? undefined });
  }
  if (m.listResponseMessage) {
    const r = m.listResponseMessage;
    return message({ mediaType: "list", body: r.title || r.singleSelectReply?.selectedRowId || "", contextInfo: r.contextInfo ?? undefined });
  }
  if (m.buttonsMessage) {
    const b = m.buttonsMessage;
    const buttons = (b.buttons ?? []).map((x) => (x.buttonText?.displayText ? `[${x.buttonText.displayText}]` : null));
    return message({ mediaType: "button", body: lines(b.text, b.contentText, ...buttons, b.footerText), contextInfo: b.contextInfo ?? undefined });
  }
  if (m.buttonsResponseMessage) {
    const r = m.buttonsResponseMessage;
    return message({ mediaType: "button", body: r.selectedDisplayText || r.selectedButtonId || "", contextInfo: r.contextInfo ?? undefined });
  }
  if (m.templateMessage) {
    const t = m.templateMessage;
    const h = t.hydratedTemplate ?? t.hydratedFourRowTemplate;
    const body = h
      ? lines(h.hydratedTitleText, h.hydratedContentText, h.hydratedFooterText)
      : lines(t.interactiveMessageTemplate?.header?.title, t.interactiveMessageTemplate?.body?.text);
    return message({ mediaType: "template", body, contextInfo: t.contextInfo ?? undefined });
  }
  if (m.templateButtonReplyMessage) {
    const r = m.templateButtonReplyMessage;
    return message({ mediaType: "template", body: r.selectedDisplayText || r.selectedId || "", contextInfo: r.contextInfo ?? undefined });
  }
  if (m.interactiveMessage) {
    const i = m.interactiveMessage;
    return message({ mediaType: "template", body: lines(i.header?.title, i.body?.text, i.footer?.text), contextInfo: i.contextInfo ?? undefined });
  }
  if (m.interactiveResponseMessage) {
    const r = m.interactiveResponseMessage;
    return message({ mediaType: "button", body: r.body?.text ?? "", contextInfo: r.contextInfo ?? undefined });
  }
  if (m.call || m.callLogMesssage) return message({ mediaType: "call_log", body: "" });
  if (m.groupInviteMessage) {
    const g = m.groupInviteMessage;
    return message({ mediaType: "chat", body: lines(g.caption, g.groupName), contextInfo: g.contextInfo ?? undefined });
  }
  if (m.eventMessage) {
    const e = m.eventMessage;
    return message({ mediaType: "unknown", body: lines(e.name, e.description), contextInfo: e.contextInfo ?? undefined });
  }
  if (m.productMessage) {
    const p = m.productMessage;
    return message({ mediaType: "unknown", body: lines(p.product?.title, p.body), contextInfo: p.contextInfo ?? undefined });
  }
  if (m.orderMessage) return message({ mediaType: "unknown", body: m.orderMessage.message ?? "" });

  // Only context (messageContextInfo, senderKeyDistributionMessage) and nothing to show.
  const shown = Object.keys(m).filter((k) => k !== "messageContextInfo" && k !== "senderKeyDistributionMessage" && k !== "fastRatchetKeySenderKeyDistributionMessage");
  if (shown.length === 0) return { kind: "ignore", reason: "no visible content" };
  // Something newer than this code knows: show that a message arrived rather than lose it.
  return message({ mediaType: "unknown", body: "" });
}

/** A file name for media that came without one: kind, message id, extension from the mimetype. */
export function filenameFor(mediaType: BridgeMediaType, id: string, mimetype: string): string {
  const base = mimetype.split(";")[0]?.trim().toLowerCase() ?? "";
  const known: Record<string, string> = {
    "image/jpeg": "jpg",
    "image/png": "png",
    "image/webp": "webp",
    "image/gif": "gif",
    "video/mp4": "mp4",
    "video/3gpp": "3gp",
    "audio/ogg": "ogg",
    "audio/mpeg": "mp3",
    "audio/mp4": "m4a",
    "audio/aac": "aac",
    "application/pdf": "pdf",
  };
  const ext = known[base] ?? (base.split("/")[1] ?? "").replace(/[^a-z0-9]/g, "").slice(0, 8);
  return `${mediaType}-${id}.${ext || "bin"}`;
}
