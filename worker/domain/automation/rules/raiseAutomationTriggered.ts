import { isSubscribed } from "../../webhooks/activeSubscriptions";
import type { SystemCtx } from "../../context";
import { presentPublicTicket } from "../../publicApi/present";
import { raiseEvent } from "../../publicApi/raiseEvent";
import { loadTicket } from "../../tickets/presentTicket";

/** A rule's "send a webhook event" action: `automation.triggered` with the rule, the label and the ticket as it is now. */
export async function raiseAutomationTriggered(ctx: SystemCtx, rule: { id: number; name: string }, label: string, ticketId: number) {
  if (!isSubscribed(ctx.db, ctx.companyId, "automation.triggered")) return;
  const ticket = await loadTicket(ctx.db, ctx.companyId, ticketId);
  if (!ticket) return;
  raiseEvent(ctx, "automation.triggered", { rule: { id: rule.id, name: rule.name }, label, ticket: presentPublicTicket(ticket) });
}
