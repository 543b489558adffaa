import type { BridgeInboundMessage } from "../../contracts/bridge";
import type { SystemCtx } from "../context";
import type { InboundTicket } from "../inbound/inboundTicket";
import { enqueueOutboundAll } from "../messages/enqueueOutbound";
import type { AssistantJobRef } from "./turn";

/**
 * Whether a message is the assistant's to answer: the contact's own (not from the phone, not a call log, not a
 * group, bot not disabled) on a ticket a prompt has, waiting without an agent.
 */
export function assistantAnswers(
  m: Pick<BridgeInboundMessage, "fromMe" | "mediaType">,
  contact: { isGroup: boolean; disableBot: boolean },
  ticket: Pick<InboundTicket, "status" | "userId" | "useIntegration" | "promptId">,
): boolean {
  const contactsOwn = !m.fromMe && m.mediaType !== "call_log" && !contact.isGroup && !contact.disableBot;
  return contactsOwn && ticket.status === "pending" && ticket.userId === null && ticket.useIntegration && ticket.promptId !== null;
}

/**
 * Hands the assistant's turns to the queue (the model is called by the job, never inside the hub). Only a
 * ticket's last message needs a turn: an earlier one would be moot by the time it ran.
 */
export async function queueAssistantTurns(ctx: SystemCtx, turns: AssistantJobRef[]) {
  const last = new Map<number, number>();
  for (const t of turns) last.set(t.ticketId, Math.max(last.get(t.ticketId) ?? 0, t.messageId));
  await enqueueOutboundAll(
    ctx,
    [...last].map(([ticketId, messageId]) => ({ kind: "assistant" as const, companyId: ctx.companyId, ticketId, messageId })),
  );
}
