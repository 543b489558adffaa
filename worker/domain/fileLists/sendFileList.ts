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
  const sent: number[] = [];
  for (const file of await fileListMessages(ctx, input.fileListId)) {
    const stored = await storeOutboundMessage(ctx, input.ticketId, {
      ...file,
      ...(input.bot ? { bot: input.bot } : {}),
      ...(input.automatic ? { automatic: true } : {}),
    });
    sent.push(stored.message.id);
  }
  return sent;
}

/**
 * The list's files as the messages that carry them, in the list's order (its caption the file's description). A
 * list deleted meanwhile has none; a file whose upload never finished is left out.
 */
export async function fileListMessages(ctx: Pick<AnyCtx, "db" | "companyId">, fileListId: number): Promise<OutboundMessage[]> {
  const list = await ownFileList(ctx, fileListId).catch(() => null);
  if (!list) return [];
  return (await fileListOptionsOf(ctx.db, list.id))
    .filter((file) => !!file.path)
    .map((file) => ({
      body: file.description,
      mediaType: allowedMediaTypes[file.mediaType] ?? "application",
      mediaUrl: file.path,
      mediaName: file.fileName || file.name,
    }));
}
