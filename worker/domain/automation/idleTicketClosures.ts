import { and, eq, inArray, lt } from "drizzle-orm";
import { tickets } from "../../db/schema";
import type { SystemCtx } from "../context";
import { transitionTicketColumns, type AutomatedTransition } from "./applyTransitions";
import type { CloseRule } from "./automationRules";

/** Up to `limit` of the closes due under `rule`: its connection's open and pending tickets idle past the cutoff. */
export function idleTicketsQuery(ctx: SystemCtx, rule: CloseRule, limit: number) {
  return ctx.db
    .select(transitionTicketColumns)
    .from(tickets)
    .where(
      and(
        eq(tickets.companyId, ctx.companyId),
        inArray(tickets.status, ["open", "pending"]),
        eq(tickets.isGroup, false),
        lt(tickets.updatedAt, rule.cutoff),
        eq(tickets.whatsappId, rule.whatsappId),
      ),
    )
    .limit(limit);
}

/** A close, with the connection's inactivity message said to the contact (when it has one). */
export function closureOf(rule: CloseRule, ticket: AutomatedTransition["ticket"]): AutomatedTransition {
  return { ticket, set: { status: "closed", chatbot: false }, action: "close", whatsappId: rule.whatsappId, notice: rule.message };
}
