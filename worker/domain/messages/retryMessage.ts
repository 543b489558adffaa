import { and, eq } from "drizzle-orm";
import { messages } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { enqueueOutbound } from "./enqueueOutbound";
import { visibleMessage } from "./ownMessage";
import { publishMessageUpdate } from "./publishMessageUpdate";
import { scopeOf } from "../tickets/ticketEvents";

/** A message whose delivery failed goes back to the queue (from its menu: "Tentar novamente"). */
export async function retryMessage({ ctx, input }: { ctx: Ctx; input: { messageId: number } }) {
  const { message, ticket } = await visibleMessage(ctx, input.messageId);
  if (!message.fromMe || !message.sendError) throw new AppError("ERR_MESSAGE_NOT_RETRYABLE");
  await ctx.db
    .update(messages)
    .set({ sendError: null, updatedAt: new Date() })
    .where(and(eq(messages.companyId, ctx.companyId), eq(messages.id, message.id)));
  await enqueueOutbound(ctx, { kind: "send", companyId: ctx.companyId, messageId: message.id });
  return (await publishMessageUpdate(ctx, message.id, { ticket: scopeOf(ticket) }))!;
}
