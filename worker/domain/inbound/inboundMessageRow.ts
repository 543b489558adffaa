import type { BridgeInboundMessage } from "../../contracts/bridge";
import type { SystemCtx } from "../context";
import { safeName } from "../messages/uploadedMedia";

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

/** The ticket's last-message preview. */
export function previewOf(m: BridgeInboundMessage): string {
  if (m.mediaType === "location") return m.location?.name || "📍";
  if (m.mediaType === "vcard" || m.mediaType === "multi_vcard") return "👤";
  return m.body || m.media?.filename || m.mediaType;
}

/** Media bytes go to R2 under the company before the row is written; the row keeps the key. */
export async function storeInboundMedia(ctx: SystemCtx, m: BridgeInboundMessage): Promise<{ key: string; name: string } | null> {
  if (!m.media) return null;
  let bytes: Uint8Array;
  try {
    bytes = Uint8Array.from(atob(m.media.base64), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
  const key = `companies/${ctx.companyId}/messages/${crypto.randomUUID()}/${safeName(m.media.filename)}`;
  await ctx.env.MEDIA.put(key, bytes, { httpMetadata: { contentType: m.media.mimetype } });
  return { key, name: m.media.filename.slice(0, 255) };
}
