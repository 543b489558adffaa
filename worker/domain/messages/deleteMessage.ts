import { and, eq } from "drizzle-orm";
import { messages } from "../../db/tenant";
import type { Ctx } from "../context";
import { enqueueOutbound } from "./enqueueOutbound";
import { scopeOf } from "../tickets/ticketEvents";
import { ownSentMessage } from "./ownMessage";
import { publishMessageUpdate } from "./publishMessageUpdate";

/** "Delete for everyone": the message stays in the history marked deleted, as WhatsApp shows it. */
export async function deleteMessage({ ctx, input }: { ctx: Ctx; input: { messageId: number } }) {
  const { message, ticket } = await ownSentMessage(ctx, input.messageId);
  await ctx.db
    .update(messages)
    .set({ isDeleted: true, updatedAt: new Date() })
    .where(and(eq(messages.id, message.id), eq(messages.companyId, ctx.companyId)));
  await enqueueOutbound(ctx, { kind: "delete", companyId: ctx.companyId, messageId: message.id });
  return (await publishMessageUpdate(ctx, message.id, { ticket: scopeOf(ticket) }))!;
}
