import { isBusinessScopedUserId, type BridgeEvent, type BridgeInboundMessage, type BridgeMediaType } from "../../contracts/bridge";
import { cloudInboundMessage, cloudStatus, type CloudInboundMessage, type CloudMessagesValue, type CloudStatus } from "../../contracts/cloudWebhook";
import type { ErrorCode } from "../errors";

/**
 * A Cloud API `messages` change read as the product's inbound events (the ones the session host sends for
 * WhatsApp Web connections), so that everything built on connections (tickets, chatbot, ratings, campaigns'
 * opt-outs, AI) runs unchanged on either kind (ADR 0050). A message with a file names Meta's media id; the file is
 * fetched and stored before the event is ingested (`ingestCloudWebhook`).
 */
export interface CloudEvent {
  event: BridgeEvent;
  /** For a message with a file: Meta's media id, and what it says of the file. */
  media?: { id: string; mimetype: string; filename: string };
}

/** What Meta's statuses become: our ticks (2 reached the server, 3 delivered, 4 read, 5 played). */
const ACKS = { sent: 2, delivered: 3, read: 4, played: 5 } as const;

/** Meta's refusal codes (ADR 0050 §Errors) in the product's error vocabulary; the rest are "could not send". */
export function errorOfCloudCode(code: number | null | undefined): ErrorCode {
  switch (code) {
    case 131047:
      return "ERR_WAPP_WINDOW_CLOSED";
    case 131026:
      return "ERR_WAPP_INVALID_CONTACT";
    case 131049:
      return "ERR_WAPP_MARKETING_LIMIT";
    case 131050:
      return "ERR_WAPP_OPTED_OUT";
    case 130429:
    case 131056:
      return "ERR_WAPP_RATE_LIMITED";
    case 190:
      return "ERR_WAPP_TOKEN_EXPIRED";
    default:
      return code !== null && code !== undefined && code >= 132000 && code < 133000 ? "ERR_WAPP_TEMPLATE" : "ERR_SENDING_WAPP_MSG";
  }
}

const EXTENSIONS: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "audio/ogg": "ogg",
  "audio/mpeg": "mp3",
  "audio/mp4": "m4a",
  "audio/aac": "aac",
  "audio/amr": "amr",
  "video/mp4": "mp4",
  "video/3gpp": "3gp",
  "application/pdf": "pdf",
};

function fileName(kind: string, id: string, mimetype: string, given?: string): string {
  if (given) return given;
  const ext = EXTENSIONS[mimetype.split(";")[0]!.trim().toLowerCase()] ?? "bin";
  return `${kind}-${id.replace(/[^A-Za-z0-9]/g, "").slice(-16)}.${ext}`;
}

function vcardOf(card: NonNullable<CloudInboundMessage["contacts"]>[number]): string {
  const name = card.name?.formatted_name ?? "";
  const phones = (card.phones ?? []).map((p) => `TEL;type=CELL${p.wa_id ? `;waid=${p.wa_id}` : ""}:${p.phone ?? p.wa_id ?? ""}`);
  return ["BEGIN:VCARD", "VERSION:3.0", `FN:${name}`, ...phones, "END:VCARD"].join("\n");
}

/** Who wrote, as the `contacts` of a change tell it: profile name, username, business-scoped user id. */
type Sender = { name?: string; username?: string; userId?: string };

/**
 * One message as an event; null for what the product does not keep. A user who hides their number (a username)
 * writes with only a business-scoped user id: it stands in for the number (ADR 0050).
 */
function messageEvent(connectionId: number, m: CloudInboundMessage, senders: Map<string, Sender>): CloudEvent | null {
  const sender = (m.from ? senders.get(m.from) : undefined) ?? (m.from_user_id ? senders.get(m.from_user_id) : undefined);
  const userId = [m.from_user_id, sender?.userId].find(isBusinessScopedUserId);
  const from = m.from ?? userId;
  if (!from) return null;
  const at = Number(m.timestamp) * 1000;
  if (m.type === "reaction" && m.reaction) {
    return { event: { type: "reaction", connectionId, messageId: m.reaction.message_id, chatId: from, from, fromMe: false, emoji: m.reaction.emoji ?? "", at } };
  }
  const base: BridgeInboundMessage = {
    id: m.id,
    chatId: from,
    isGroup: false,
    from,
    ...(userId ? { userId } : {}),
    ...(sender?.username ? { username: sender.username } : {}),
    fromMe: false,
    name: sender?.name,
    body: "",
    mediaType: "chat",
    quotedId: m.context?.id,
    isForwarded: Boolean(m.context?.forwarded || m.context?.frequently_forwarded),
    isHistory: false,
    timestamp: at,
  };
  const withMedia = (mediaType: BridgeMediaType, kind: "image" | "audio" | "video" | "document" | "sticker", fallbackType: string): CloudEvent | null => {
    const ref = m[kind];
    if (!ref) return null;
    const mimetype = ref.mime_type ?? fallbackType;
    const body = ref.caption ?? "";
    return {
      event: { type: "message", connectionId, message: { ...base, mediaType, body }, at },
      media: { id: ref.id, mimetype, filename: fileName(kind === "audio" && ref.voice ? "ptt" : kind, m.id, mimetype, ref.filename) },
    };
  };
  const message = (fields: Partial<BridgeInboundMessage>): CloudEvent => ({ event: { type: "message", connectionId, message: { ...base, ...fields }, at } });
  switch (m.type) {
    case "text":
      return message({ body: m.text?.body ?? "" });
    case "image":
      return withMedia("image", "image", "image/jpeg");
    case "video":
      return withMedia("video", "video", "video/mp4");
    case "audio":
      return withMedia(m.audio?.voice ? "ptt" : "audio", "audio", "audio/ogg");
    // The product calls documents "application" (spec 000 §3), as the session host does.
    case "document":
      return withMedia("application", "document", "application/octet-stream");
    case "sticker":
      return withMedia("sticker", "sticker", "image/webp");
    case "location": {
      const l = m.location;
      if (!l) return message({ mediaType: "unknown" });
      return message({
        mediaType: "location",
        body: [l.name, l.address].filter(Boolean).join("\n"),
        location: { latitude: l.latitude, longitude: l.longitude, name: l.name || l.address || undefined },
      });
    }
    case "contacts": {
      const cards = m.contacts ?? [];
      return message({
        mediaType: cards.length > 1 ? "multi_vcard" : "vcard",
        body: cards.map((c) => c.name?.formatted_name).filter(Boolean).join(", "),
        vcard: cards.map(vcardOf).join("\n") || undefined,
      });
    }
    // A tap on a list row or reply button: its title is what the person chose, as if typed; its id, which one.
    case "interactive": {
      const reply = m.interactive?.list_reply ?? m.interactive?.button_reply;
      return message({ mediaType: m.interactive?.list_reply ? "list" : "button", body: reply?.title ?? "", replyId: reply?.id });
    }
    // A template's quick-reply button.
    case "button":
      return message({ mediaType: "button", body: m.button?.text ?? "" });
    default:
      return message({ mediaType: "unknown" });
  }
}

function statusEvent(connectionId: number, s: CloudStatus): CloudEvent | null {
  const at = Number(s.timestamp) * 1000;
  if (s.status === "failed") return { event: { type: "failed", connectionId, messageId: s.id, code: errorOfCloudCode(s.errors?.[0]?.code), at } };
  if (s.status === "deleted") return null;
  return { event: { type: "ack", connectionId, messageId: s.id, ack: ACKS[s.status], at } };
}

/**
 * The events of one `messages` change for the connection it names, in Meta's order (messages, then statuses).
 * `skipped` counts what did not parse or is not kept, for the log.
 */
export function cloudEventsOf(connectionId: number, value: CloudMessagesValue): { events: CloudEvent[]; skipped: number } {
  const senders = new Map<string, Sender>();
  for (const c of value.contacts ?? []) {
    const sender = { name: c.profile?.name, username: c.profile?.username, userId: c.user_id };
    for (const key of [c.wa_id, c.user_id]) if (key) senders.set(key, sender);
  }
  const events: CloudEvent[] = [];
  let skipped = 0;
  for (const raw of value.messages ?? []) {
    const parsed = cloudInboundMessage.safeParse(raw);
    const event = parsed.success ? messageEvent(connectionId, parsed.data, senders) : null;
    if (event) events.push(event);
    else skipped++;
  }
  for (const raw of value.statuses ?? []) {
    const parsed = cloudStatus.safeParse(raw);
    const event = parsed.success ? statusEvent(connectionId, parsed.data) : null;
    if (event) events.push(event);
    else skipped++;
  }
  return { events, skipped };
}
