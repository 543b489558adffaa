import { and, eq, isNull, lt } from "drizzle-orm";
import { tickets } from "../../db/schema";
import type { SystemCtx } from "../context";
import { transitionTicketColumns, type AutomatedTransition } from "./applyTransitions";
import type { TransferRule } from "./automationRules";

/**
 * Up to `limit` of the transfers due under `rule`: its connection's pending tickets still without a queue after
 * the cutoff, so they reach agents even when the contact never answered the menu.
 */
export function waitingTicketsQuery(ctx: SystemCtx, rule: TransferRule, limit: number) {
  return ctx.db
    .select(transitionTicketColumns)
    .from(tickets)
    .where(
      and(
        eq(tickets.companyId, ctx.companyId),
        isNull(tickets.queueId),
        eq(tickets.status, "pending"),
        eq(tickets.isGroup, false),
        lt(tickets.updatedAt, rule.cutoff),
        eq(tickets.whatsappId, rule.whatsappId),
      ),
    )
    .limit(limit);
}

export function transferOf(rule: TransferRule, ticket: AutomatedTransition["ticket"]): AutomatedTransition {
  return { ticket, set: { queueId: rule.queueId, chatbot: false }, action: "transfer", whatsappId: rule.whatsappId };
}
