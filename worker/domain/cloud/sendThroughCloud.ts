import { and, eq, lt } from "drizzle-orm";
import type { DeliveryJob } from "../../contracts/outbound";
import { messages } from "../../db/tenant";
import { CloudApiError, type CloudClient, type CloudOutbound } from "../../lib/whatsappCloud";
import type { SystemCtx } from "../context";
import { AppError } from "../errors";
import { publishMessageUpdate } from "../messages/publishMessageUpdate";
import { cloudClientFor, openCloudToken } from "./cloudNumbers";
import { errorOfCloudCode } from "./cloudEvents";
import { saveConnectionState } from "./connectCloudNumber";
import type { TemplateSend } from "../templates/sendTemplate";
import { templateOutsideWindow, type AutomaticDelivery } from "../templates/templateOutsideWindow";
import { campaignThrottled } from "../campaigns/campaignThrottled";

/** A stored message as deliverOutbound reads it. */
export interface CloudDelivery extends AutomaticDelivery {
  wid: string;
  ack: number;
  mediaUrl: string | null;
  mediaName: string | null;
  cloudPhoneNumberId: string | null;
  cloudAccessToken: string | null;
}

/** Meta's kinds of media by the product's. */
function mediaKindOf(mediaType: string, mimetype: string): "image" | "video" | "audio" | "document" | "sticker" {
  if (mediaType === "sticker") return "sticker";
  if (mediaType === "image" || (mediaType !== "application" && mimetype.startsWith("image/"))) return "image";
  if (mediaType === "video" || mimetype.startsWith("video/")) return "video";
  if (mediaType === "audio" || mediaType === "ptt" || mimetype.startsWith("audio/")) return "audio";
  return "document";
}

/**
 * Delivers a stored message through the Cloud API (ADR 0050): its file uploaded first, then the message, whose
 * wamid becomes the message's WhatsApp id (statuses and replies name it). Meta takes no idempotency key: a send
 * whose answer was lost may go twice on the retry. Edits and deletions for everyone do not exist on the Cloud API;
 * they stay in the product. Refusals are the product's codes (errorOfCloudCode); an expired token marks the
 * connection for an admin to fix. The product's own messages on a closed window become templates
 * (templateOutsideWindow).
 */
export async function sendThroughCloud(ctx: SystemCtx, job: DeliveryJob, row: CloudDelivery, quotedWid: string | undefined) {
  if (job.kind === "read") {
    await (await clientOf(ctx, row)).markRead(row.wid).catch((err: unknown) => {
      // Blue ticks are a courtesy: only Meta's own trouble is worth another try.
      if (err instanceof CloudApiError && err.transient) throw new AppError("ERR_WAPP_RATE_LIMITED", err.message);
      console.warn("cloud read receipt refused", { messageId: row.id, error: String(err) });
    });
    return;
  }
  if (job.kind !== "send" || row.ack >= 1) return;
  // The product's own message on a closed window goes as its purpose's template, or not at all.
  row = await templateOutsideWindow(ctx, row);
  const client = await clientOf(ctx, row);
  let wamid: string;
  try {
    wamid = await client.send(row.number, await outboundOf(ctx, client, row, quotedWid), row.mediaType === "reactionMessage" ? undefined : quotedWid);
  } catch (err) {
    if (!(err instanceof CloudApiError)) throw err;
    const code = err.code === -1 ? "ERR_SENDING_WAPP_MSG" : errorOfCloudCode(err.code);
    console.warn("cloud send refused", { messageId: row.id, code: err.code, fbtraceId: err.fbtraceId, message: err.message });
    if (code === "ERR_WAPP_TOKEN_EXPIRED") await markTokenExpired(ctx, row.whatsappId);
    // The number's throughput: its campaigns slow down too, not only this message.
    if (err.code === 130429) await campaignThrottled(ctx, row.whatsappId);
    throw new AppError(code, err.message, { metaCode: err.code });
  }
  const updated = await ctx.db
    .update(messages)
    .set({ wid: wamid, ack: 1, sendError: null, updatedAt: new Date() })
    .where(and(eq(messages.companyId, ctx.companyId), eq(messages.id, row.id), lt(messages.ack, 1)))
    .returning({ id: messages.id });
  if (updated[0]) await publishMessageUpdate(ctx, row.id);
}

async function clientOf(ctx: SystemCtx, row: CloudDelivery): Promise<CloudClient> {
  const token = row.cloudPhoneNumberId && row.cloudAccessToken ? await openCloudToken(ctx.env, row.cloudPhoneNumberId, row.cloudAccessToken) : null;
  if (!token || !row.cloudPhoneNumberId) throw new AppError("ERR_WAPP_TOKEN_EXPIRED", "The connection has no usable Cloud API token.");
  return cloudClientFor(ctx.env, row.cloudPhoneNumberId, token);
}

async function outboundOf(ctx: SystemCtx, client: CloudClient, row: CloudDelivery, quotedWid: string | undefined): Promise<CloudOutbound> {
  if (row.mediaType === "reactionMessage") {
    if (!quotedWid) throw new AppError("ERR_SENDING_WAPP_MSG", "The reaction's message has no WhatsApp id.");
    return { type: "reaction", reaction: { message_id: quotedWid, emoji: row.body } };
  }
  if (row.mediaType === "template") {
    const { template } = JSON.parse(row.dataJson ?? "{}") as Partial<TemplateSend>;
    if (!template) throw new AppError("ERR_WAPP_TEMPLATE", "The template message has lost its template.");
    const parameters = template.params.map((text) => ({ type: "text", text }));
    return { type: "template", template: { name: template.name, language: { code: template.language }, components: parameters.length > 0 ? [{ type: "body", parameters }] : [] } };
  }
  if (!row.mediaUrl) {
    // A chatbot menu as buttons or a list (botSay): the text menu is what the history shows.
    const { interactive } = JSON.parse(row.dataJson ?? "{}") as { interactive?: Record<string, unknown> };
    if (interactive) return { type: "interactive", interactive };
    return { type: "text", text: { body: row.body, preview_url: /https?:\/\//i.test(row.body) } };
  }
  const object = await ctx.env.MEDIA.get(row.mediaUrl);
  if (!object) throw new Error(`media ${row.mediaUrl} is missing from R2`);
  const mimetype = object.httpMetadata?.contentType ?? "application/octet-stream";
  const filename = row.mediaName ?? "file";
  const kind = mediaKindOf(row.mediaType, mimetype);
  const id = await client.upload(await object.arrayBuffer(), mimetype, filename);
  // A file's name shown as its body is not a caption; audio and stickers take none.
  const caption = row.body && row.body !== filename && kind !== "audio" && kind !== "sticker" ? row.body : undefined;
  return { type: kind, media: { id, ...(caption ? { caption } : {}), ...(kind === "document" ? { filename } : {}) } };
}

/** Code 190: the token no longer works. The connection shows it (DISCONNECTED, with why) until an admin enters a new one. */
async function markTokenExpired(ctx: SystemCtx, whatsappId: number) {
  await saveConnectionState(ctx, whatsappId, { status: "DISCONNECTED", cloudError: "ERR_WAPP_TOKEN_EXPIRED" });
}
