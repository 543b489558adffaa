import { allowedMediaTypes } from "../../contracts/messages";
import type { AnyCtx } from "../context";
import { storeOutboundMessage, type OutboundMessage } from "../messages/storeOutboundMessage";
import { fileListOptionsOf, ownFileList } from "./view";

/**
 * Sends a file list's files on a ticket, in the list's order, each as its own message (its caption the file's
 * description), stored in the history and queued for delivery like any message (ADR 0039). For the chatbot's
 * options (before the option's message) and campaigns (before the campaign's message). A list deleted meanwhile
 * sends nothing; a file whose upload never finished is skipped. Runs in the company's hub. Answers the message ids.
 */
export async function sendFileList({
  ctx,
  input,
}: {
  ctx: AnyCtx;
  input: { ticketId: number; fileListId: number; bot?: OutboundMessage["bot"]; automatic?: boolean };
}): Promise<number[]> {
  const list = await ownFileList(ctx, input.fileListId).catch(() => null);
  if (!list) return [];
  const sent: number[] = [];
  for (const file of await fileListOptionsOf(ctx.db, list.id)) {
    if (!file.path) continue;
    const stored = await storeOutboundMessage(ctx, input.ticketId, {
      body: file.description,
      mediaType: allowedMediaTypes[file.mediaType] ?? "application",
      mediaUrl: file.path,
      mediaName: file.fileName || file.name,
      ...(input.bot ? { bot: input.bot } : {}),
      ...(input.automatic ? { automatic: true } : {}),
    });
    sent.push(stored.message.id);
  }
  return sent;
}
