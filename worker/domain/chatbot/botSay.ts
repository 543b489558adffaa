import { allowedMediaTypes } from "../../contracts/messages";
import type { SystemCtx } from "../context";
import { storeOutboundMessage } from "../messages/storeOutboundMessage";
import type { BotKind } from "./botState";
import type { InteractiveMenu } from "./menus";

/**
 * Sends a chatbot message on a ticket: stored in the history as sent by the bot (with its kind, the bot's
 * memory) and queued for delivery like any message. An attachment (a queue's or an option's R2 file) goes with
 * the text as its caption. A menu on a Cloud API connection carries its interactive message (buttons or a list) in
 * the message's data, for sendThroughCloud; the history keeps the text menu as the body, readable everywhere.
 */
export async function botSay(
  ctx: SystemCtx,
  ticketId: number,
  kind: BotKind,
  body: string,
  media?: { path: string | null; name: string | null },
  interactive?: InteractiveMenu | null,
) {
  if (media?.path) {
    const head = await ctx.env.MEDIA.head(media.path);
    if (head) {
      const type = head.httpMetadata?.contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
      await storeOutboundMessage(ctx, ticketId, {
        body,
        mediaType: allowedMediaTypes[type] ?? "application",
        mediaUrl: media.path,
        mediaName: media.name ?? "file",
        bot: { kind },
      });
      return;
    }
  }
  if (body.trim()) await storeOutboundMessage(ctx, ticketId, { body, bot: { kind }, ...(interactive ? { data: { interactive } } : {}) });
}
