import type { BridgeInboundMessage } from "../../contracts/bridge";
import type { MessageAck } from "../../db/tenant";
import type { SystemCtx } from "../context";
import { inboundMediaKey, inboundMediaPrefix } from "./uploadedBridgeMedia";

/** The product's stored media type for a bridge message (the UI renders by these; see chat/rules/messages.ts). */
const storedMediaType: Partial<Record<BridgeInboundMessage["mediaType"], string>> = {
  location: "locationMessage",
  vcard: "contactMessage",
  multi_vcard: "contactsArrayMessage",
  reaction: "reactionMessage",
};

/** What the message shows as text: captions, location "image|link|description", the vCard. */
export function storedBody(m: BridgeInboundMessage): string {
  if (m.mediaType === "location" && m.location) {
    const { latitude, longitude, name } = m.location;
    return `|https://maps.google.com/maps?q=${latitude}%2C${longitude}&z=17|${name ?? m.body ?? ""}`;
  }
  if ((m.mediaType === "vcard" || m.mediaType === "multi_vcard") && m.vcard) return m.vcard;
  return m.body;
}

export function storedType(m: BridgeInboundMessage): string {
  return storedMediaType[m.mediaType] ?? m.mediaType;
}

/** The stored row of an inbound message on its ticket (media and quote already resolved by the caller). */
export function inboundMessageValues(
  companyId: number,
  m: BridgeInboundMessage,
  on: {
    ticketId: number;
    contactId: number;
    queueId: number | null;
    media?: { key: string; name: string } | null;
    quotedMsgId?: number | null;
    now: Date;
    /** The reply rates the service (1–3): kept with the message, which the chat then shows as a rating. */
    rate?: number | null;
  },
) {
  // Sent from the phone: it reached WhatsApp's server already.
  const ack: MessageAck = m.fromMe ? 2 : 0;
  return {
    wid: m.id,
    companyId,
    ticketId: on.ticketId,
    contactId: on.contactId,
    body: storedBody(m),
    fromMe: m.fromMe,
    read: m.fromMe,
    mediaType: storedType(m),
    mediaUrl: on.media?.key ?? null,
    mediaName: on.media?.name ?? null,
    quotedMsgId: on.quotedMsgId ?? null,
    ack,
    isForwarded: m.isForwarded,
    participant: m.isGroup ? m.from : null,
    dataJson: on.rate ? JSON.stringify({ rating: on.rate }) : m.isGroup && m.name ? JSON.stringify({ participantName: m.name }) : null,
    queueId: on.queueId,
    createdAt: new Date(m.timestamp || on.now.getTime()),
    updatedAt: on.now,
  };
}

/** The ticket's last-message preview. */
export function previewOf(m: BridgeInboundMessage): string {
  if (m.mediaType === "location") return m.location?.name || "📍";
  if (m.mediaType === "vcard" || m.mediaType === "multi_vcard") return "👤";
  return m.body || m.media?.filename || m.mediaType;
}

/**
 * Media bytes go to R2 under the company before the row is written; the row keeps the key. A file the host
 * uploaded ahead (too big for the event) is taken by its key, only under this company's prefix and only if it
 * is there: an event cannot point a message at another company's file.
 */
export async function storeInboundMedia(ctx: SystemCtx, m: BridgeInboundMessage): Promise<{ key: string; name: string } | null> {
  if (!m.media) return null;
  const name = m.media.filename.slice(0, 255);
  if ("key" in m.media) {
    const { key } = m.media;
    if (!key.startsWith(inboundMediaPrefix(ctx.companyId)) || key.includes("..")) return null;
    return (await ctx.env.MEDIA.head(key)) ? { key, name } : null;
  }
  let bytes: Uint8Array;
  try {
    bytes = Uint8Array.from(atob(m.media.base64), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
  const key = inboundMediaKey(ctx.companyId, m.media.filename);
  await ctx.env.MEDIA.put(key, bytes, { httpMetadata: { contentType: m.media.mimetype } });
  return { key, name };
}
