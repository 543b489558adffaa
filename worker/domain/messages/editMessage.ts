import { and, eq } from "drizzle-orm";
import { messages } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { enqueueOutbound } from "./enqueueOutbound";
import { scopeOf } from "../tickets/ticketEvents";
import { ownSentMessage } from "./ownMessage";
import { publishMessageUpdate } from "./publishMessageUpdate";

/** WhatsApp accepts edits for 15 minutes after sending. */
export const EDIT_WINDOW_MS = 15 * 60 * 1000;

export async function editMessage({ ctx, input }: { ctx: Ctx; input: { messageId: number; body: string } }) {
  const { message, ticket } = await ownSentMessage(ctx, input.messageId);
  if (message.mediaType !== "chat" && message.mediaType !== "extendedTextMessage") throw new AppError("ERR_MESSAGE_NOT_EDITABLE");
  if (Date.now() - message.createdAt.getTime() > EDIT_WINDOW_MS) throw new AppError("ERR_EDIT_WINDOW_PASSED");
  await ctx.db
    .update(messages)
    .set({ body: input.body, isEdited: true, updatedAt: new Date() })
    .where(and(eq(messages.id, message.id), eq(messages.companyId, ctx.companyId)));
  await enqueueOutbound(ctx, { kind: "edit", companyId: ctx.companyId, messageId: message.id });
  return (await publishMessageUpdate(ctx, message.id, { ticket: scopeOf(ticket) }))!;
}
