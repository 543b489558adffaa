import type { BridgeInboundMessage } from "../../contracts/bridge";
import type { SystemCtx } from "../context";
import type { InboundTicket } from "../inbound/inboundTicket";
import { enqueueOutboundAll } from "../messages/enqueueOutbound";
import type { AssistantJobRef } from "./turn";

/** Who answers a ticket instead of the chatbot: the AI assistant (a prompt) or a queue integration. */
export type Takeover = "assistant" | "integration";

/**
 * Whether a message goes to the ticket's assistant or integration: the contact's own (not from the phone, not a
 * call log, not a group, bot not disabled) on a ticket waiting without an agent that one of them has.
 */
export function takeoverOf(
  m: Pick<BridgeInboundMessage, "fromMe" | "mediaType">,
  contact: { isGroup: boolean; disableBot: boolean },
  ticket: Pick<InboundTicket, "status" | "userId" | "useIntegration" | "promptId" | "integrationId">,
): Takeover | null {
  const contactsOwn = !m.fromMe && m.mediaType !== "call_log" && !contact.isGroup && !contact.disableBot;
  if (!contactsOwn || ticket.status !== "pending" || ticket.userId !== null || !ticket.useIntegration) return null;
  if (ticket.promptId !== null) return "assistant";
  return ticket.integrationId !== null ? "integration" : null;
}

/**
 * Hands the turns to the queue (the model or the receiver is called by the job, never inside the hub). Only a
 * ticket's last message needs a turn: an earlier one would be moot by the time it ran.
 */
export async function queueTakeoverTurns(ctx: SystemCtx, turns: (AssistantJobRef & { kind: Takeover })[]) {
  const last = new Map<number, { kind: Takeover; messageId: number }>();
  for (const t of turns) if ((last.get(t.ticketId)?.messageId ?? 0) < t.messageId) last.set(t.ticketId, { kind: t.kind, messageId: t.messageId });
  await enqueueOutboundAll(
    ctx,
    [...last].map(([ticketId, { kind, messageId }]) => ({ kind, companyId: ctx.companyId, ticketId, messageId })),
  );
}
