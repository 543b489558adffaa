import { and, eq, lt } from "drizzle-orm";
import { sessionHost, type SessionHostClient } from "../sessionHost/hostClient";
import type { DeliveryJob } from "../../contracts/outbound";
import type { SendCommand } from "../../contracts/bridge";
import { contacts, messages, tickets, whatsapps } from "../../db/tenant";
import { sendThroughCloud } from "../cloud/sendThroughCloud";
import type { Env } from "../../env";
import type { SystemCtx } from "../context";
import { publishMessageUpdate } from "../messages/publishMessageUpdate";
import { raiseMessageStatus } from "../publicApi/raiseChanges";
import { scheduleDelivered } from "../schedules/dispatchDueSchedules";
import { campaignDelivered } from "../campaigns/campaignDelivered";

/** Voice notes recorded in the composer are stored under this name pattern (see the chat composer). */
const VOICE_NOTE = /^audio-\d{4}-\d{2}-\d{2}-\d{6}\.mp3$/i;

function base64Of(bytes: ArrayBuffer): string {
  const view = new Uint8Array(bytes);
  let binary = "";
  for (let i = 0; i < view.length; i += 0x8000) binary += String.fromCharCode(...view.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * Delivers one stored message through the session host (a Cloud API connection's through Meta, sendThroughCloud) (the OUTBOUND consumer calls this, and retries it on
 * failure). The message row is the source of truth: a send uses the message's own WhatsApp id, so a retry after
 * a lost answer is not sent twice; a message already acknowledged is not sent again.
 */
export async function deliverOutbound(ctx: SystemCtx, job: DeliveryJob, host: SessionHostClient = sessionHost(ctx.env)) {
  const { db, env } = ctx;
  const row = await db
    .select({
      id: messages.id,
      wid: messages.wid,
      body: messages.body,
      ack: messages.ack,
      mediaType: messages.mediaType,
      mediaUrl: messages.mediaUrl,
      mediaName: messages.mediaName,
      dataJson: messages.dataJson,
      quotedMsgId: messages.quotedMsgId,
      isPrivate: messages.isPrivate,
      isDeleted: messages.isDeleted,
      sentByBot: messages.sentByBot,
      userId: messages.userId,
      ticketId: messages.ticketId,
      whatsappId: tickets.whatsappId,
      ticketUserId: tickets.userId,
      customerWroteAt: tickets.customerWroteAt,
      contactName: contacts.name,
      isGroup: tickets.isGroup,
      number: contacts.number,
      channel: whatsapps.channel,
      cloudPhoneNumberId: whatsapps.cloudPhoneNumberId,
      cloudAccessToken: whatsapps.cloudAccessToken,
    })
    .from(messages)
    .innerJoin(tickets, eq(tickets.id, messages.ticketId))
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .leftJoin(whatsapps, eq(whatsapps.id, tickets.whatsappId))
    .where(and(eq(messages.companyId, job.companyId), eq(messages.id, job.messageId)))
    .get();
  // Deleted with its ticket meanwhile, a private note, or a ticket without a connection: nothing to deliver.
  if (!row || row.isPrivate || row.whatsappId === null) return;
  const target = { connectionId: row.whatsappId, to: row.number, isGroup: row.isGroup };
  const quotedWid = async (id: number | null) =>
    id === null ? undefined : (await db.select({ wid: messages.wid }).from(messages).where(and(eq(messages.companyId, job.companyId), eq(messages.id, id))).get())?.wid;

  if (row.channel === "cloud") {
    await sendThroughCloud(ctx, job, { ...row, whatsappId: row.whatsappId }, await quotedWid(row.quotedMsgId));
    if (job.kind === "send") {
      await scheduleDelivered(ctx, row.id, { sent: true });
      await campaignDelivered(ctx, row.id, { sent: true });
    }
    return;
  }

  switch (job.kind) {
    case "send": {
      if (row.ack < 1) {
        if (row.mediaType === "reactionMessage") {
          const id = await quotedWid(row.quotedMsgId);
          if (id) await host.react({ ...target, id, emoji: row.body });
        } else {
          const command = await sendCommandFor(env, row, target, await quotedWid(row.quotedMsgId));
          await host.send(job.typingMs ? { ...command, typingMs: job.typingMs } : command);
        }
        const updated = await db
          .update(messages)
          .set({ ack: 1, sendError: null, updatedAt: new Date() })
          .where(and(eq(messages.companyId, job.companyId), eq(messages.id, row.id), lt(messages.ack, 1)))
          .returning({ id: messages.id });
        if (updated[0]) {
          const message = await publishMessageUpdate(ctx, row.id);
          if (message) raiseMessageStatus(ctx, message);
        }
      }
      // Sent, whether WhatsApp's ack got here first (during the send, or before a retry of this job) or not: a
      // schedule or campaign waiting on the message learns it either way (both only move forward).
      await scheduleDelivered(ctx, row.id, { sent: true });
      await campaignDelivered(ctx, row.id, { sent: true });
      return;
    }
    case "edit":
      await host.edit({ ...target, id: row.wid, body: row.body });
      return;
    case "delete":
      await host.delete({ ...target, id: row.wid });
      return;
    // The session host's connections send read receipts as the phone does.
    case "read":
      return;
  }
}

async function sendCommandFor(
  env: Env,
  row: { wid: string; body: string; mediaType: string; mediaUrl: string | null; mediaName: string | null },
  target: { connectionId: number; to: string; isGroup: boolean },
  quotedId: string | undefined,
): Promise<SendCommand> {
  const command: SendCommand = { ...target, id: row.wid, body: row.body, ptt: false, quotedId };
  if (row.mediaUrl) {
    const object = await env.MEDIA.get(row.mediaUrl);
    if (!object) throw new Error(`media ${row.mediaUrl} is missing from R2`);
    const filename = row.mediaName ?? "file";
    command.media = { mimetype: object.httpMetadata?.contentType ?? "application/octet-stream", filename, base64: base64Of(await object.arrayBuffer()) };
    // Recorded in the app, or spoken by the assistant (Ogg/Opus): a voice note, not an audio file.
    command.ptt = row.mediaType === "audio" && (VOICE_NOTE.test(filename) || /codecs=opus/i.test(command.media.mimetype));
    // A file's name shown as its body is not a caption.
    if (row.body === filename) command.body = "";
  }
  return command;
}
