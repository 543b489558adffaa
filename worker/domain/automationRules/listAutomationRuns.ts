import { and, desc, eq, lt } from "drizzle-orm";
import type { ListAutomationRunsQuery } from "../../contracts/automation/rules";
import type { AutomationRunsPage } from "../../contracts/views/automation";
import { automationRules, automationRuns, contacts, tickets } from "../../db/tenant";
import type { Ctx } from "../context";
import { assertAutomationAccess, findAutomationRule } from "./view";

/**
 * The run log, newest first, a page at a time (the cursor is the last id shown): of one rule, one ticket, or the
 * company's, and of one outcome when asked. A rule of another company is 404, not an empty log.
 */
export async function listAutomationRuns({ ctx, input }: { ctx: Ctx; input: ListAutomationRunsQuery }): Promise<AutomationRunsPage> {
  assertAutomationAccess(ctx);
  if (input.ruleId !== undefined) findAutomationRule(ctx, input.ruleId);
  const rows = ctx.db
    .select({ run: automationRuns, ruleName: automationRules.name, ticketUuid: tickets.uuid, contactName: contacts.name })
    .from(automationRuns)
    .innerJoin(automationRules, eq(automationRules.id, automationRuns.ruleId))
    .leftJoin(tickets, eq(tickets.id, automationRuns.ticketId))
    .leftJoin(contacts, eq(contacts.id, tickets.contactId))
    .where(
      and(
        eq(automationRuns.companyId, ctx.companyId),
        input.ruleId !== undefined ? eq(automationRuns.ruleId, input.ruleId) : undefined,
        input.ticketId !== undefined ? eq(automationRuns.ticketId, input.ticketId) : undefined,
        input.outcome ? eq(automationRuns.outcome, input.outcome) : undefined,
        input.cursor !== undefined ? lt(automationRuns.id, input.cursor) : undefined,
      ),
    )
    .orderBy(desc(automationRuns.id))
    .limit(input.limit + 1)
    .all();
  const items = rows.slice(0, input.limit).map(({ run, ruleName, ticketUuid, contactName }) => ({
    id: run.id,
    ruleId: run.ruleId,
    ruleName,
    ticket: run.ticketId !== null && ticketUuid !== null ? { id: run.ticketId, uuid: ticketUuid, contactName: contactName ?? "" } : null,
    trigger: run.trigger,
    outcome: run.outcome,
    detail: run.detail,
    createdAt: run.createdAt,
  }));
  return { items, cursor: rows.length > input.limit ? items[items.length - 1]!.id : null };
}
