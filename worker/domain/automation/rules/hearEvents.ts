import type { MessageView } from "../../../contracts/views/message";
import type { TicketView } from "../../../contracts/views/ticket";
import type { AutomationRuleRun } from "../../../contracts/automation/ruleRun";
import type { AnyCtx } from "../../context";
import type { TicketScope } from "../../tickets/visibility";
import { activeRules } from "./activeRules";
import { MAX_CHAIN_DEPTH, nextLink } from "./chain";

/**
 * What the rules hear of the company's events (called from automation/changes.ts): the trigger a ticket's move or a
 * contact's message is, and — only when the company has an enabled rule on it (a lookup in memory) — the rules'
 * turn queued after the event in the hub's command queue, as the system, in the event's chain of events. The turn
 * is the hub call `runAutomationRules` (not imported here: the rules' actions raise events that come back here).
 */
export function rulesHearTicketChange(ctx: AnyCtx, before: TicketScope | null, ticket: Pick<TicketView, "id" | "status" | "userId" | "queueId">) {
  const trigger = moveTrigger(before, ticket);
  if (trigger) queueRules(ctx, { trigger, ticketId: ticket.id, messageText: null });
}

export function rulesHearMessage(ctx: AnyCtx, message: Pick<MessageView, "fromMe" | "body">, ticket: { id: number }) {
  if (message.fromMe) return;
  queueRules(ctx, { trigger: "messageReceived", ticketId: ticket.id, messageText: message.body ?? "" });
  // Whether it is out of hours is read at the rules' turn, and only when a rule listens.
  queueRules(ctx, { trigger: "outsideServiceHours", ticketId: ticket.id, messageText: message.body ?? "", at: Date.now() });
}

export function rulesHearSlaBreach(ctx: AnyCtx, ticketId: number) {
  queueRules(ctx, { trigger: "slaBreached", ticketId, messageText: null });
}

/**
 * A new ticket; a close; a transfer: the queue or the agent changed, the ticket staying open or pending (an agent
 * accepting a waiting ticket is its acceptance, not a transfer, as the webhooks' `ticket.accepted` tells them apart).
 */
function moveTrigger(before: TicketScope | null, after: Pick<TicketView, "status" | "userId" | "queueId">) {
  if (!before) return "ticketCreated" as const;
  if (before.status !== "closed" && after.status === "closed") return "ticketClosed" as const;
  if (before.status === "closed" || after.status === "closed") return null;
  if (before.status === "pending" && after.status === "open") return null;
  if (before.queueId !== after.queueId || before.userId !== after.userId) return "ticketTransferred" as const;
  return null;
}

function queueRules(ctx: AnyCtx, run: Omit<AutomationRuleRun, "chain">) {
  if (activeRules(ctx.db, ctx.companyId, run.trigger).length === 0) return;
  const chain = nextLink(ctx);
  if (chain.depth >= MAX_CHAIN_DEPTH) {
    console.warn("automation chain too deep: stopped", { companyId: ctx.companyId, ticketId: run.ticketId, trigger: run.trigger });
    return;
  }
  const hub = ctx.hubs.of(ctx.companyId);
  ctx.hub.afterThis(`automation rules (${run.trigger})`, () => hub.call("runAutomationRules", { ...run, chain }));
}
