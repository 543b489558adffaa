import { and, eq } from "drizzle-orm";
import { messages } from "../../db/tenant";
import { retryCanHelp } from "../../contracts/sendFailures";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { enqueueOutbound } from "./enqueueOutbound";
import { visibleMessage } from "./ownMessage";
import { publishMessageUpdate } from "./publishMessageUpdate";
import { scopeOf } from "../tickets/ticketEvents";

/**
 * A message whose delivery failed goes back to the queue (from its menu: "Tentar novamente"), unless sending it
 * again cannot help or a retry is already scheduled (contracts/sendFailures).
 */
export async function retryMessage({ ctx, input }: { ctx: Ctx; input: { messageId: number } }) {
  const { message, ticket } = await visibleMessage(ctx, input.messageId);
  if (!message.fromMe || !retryCanHelp(message)) throw new AppError("ERR_MESSAGE_NOT_RETRYABLE");
  // Back to pending: a refusal Meta reported by webhook came after the send was taken (ack ≥ 1), and a taken send is not sent again.
  await ctx.db
    .update(messages)
    .set({ sendError: null, ack: 0, updatedAt: new Date() })
    .where(and(eq(messages.companyId, ctx.companyId), eq(messages.id, message.id)));
  await enqueueOutbound(ctx, { kind: "send", companyId: ctx.companyId, messageId: message.id });
  return (await publishMessageUpdate(ctx, message.id, { ticket: scopeOf(ticket) }))!;
}
