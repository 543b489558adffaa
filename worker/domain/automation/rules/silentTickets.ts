import { and, asc, eq, gt, inArray, lte, notExists, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { automationRuns, messages, tickets, type AutomationRuleRow } from "../../../db/tenant";

/** A silence a timed rule answers: the ticket, and the message that started it (its id is the run's trigger key). */
export interface Silence {
  ticketId: number;
  messageId: number;
  at: Date;
}

/**
 * The silences of a timed rule (agentSilent, contactSilent) that became due in (`from`, `cutoff`] — a message written
 * `minutes` or more ago that nobody answered — oldest first, at most `limit`, leaving out those the rule already
 * answered (a run marked with the message's id). Indexed: the company's messages by time in the range, each
 * probed for a later message on its ticket (by ticket and time) and for the rule's run (by rule and key).
 * - agentSilent: the contact's last message on an open or pending ticket, with no agent's message after it (the
 *   chatbot's and the automation's messages are not an agent's answer).
 * - contactSilent: our message (an agent's, or the bot's) that is still the last of an open ticket.
 */
export function silencesQuery(db: Db, companyId: number, rule: Pick<AutomationRuleRow, "id" | "trigger">, from: Date, cutoff: Date, limit: number) {
  const agentSilent = rule.trigger === "agentSilent";
  // A later message on the ticket (by ticket and time: messages_ticket_created_idx) that ends the silence.
  const answered = agentSilent ? sql`and (later.from_me = 0 or later.sent_by_bot = 0)` : sql``;
  const laterMessage = sql`(select 1 from messages later where later.ticket_id = ${messages.ticketId}
    and (later.created_at > ${messages.createdAt} or (later.created_at = ${messages.createdAt} and later.id > ${messages.id})) ${answered})`;
  return db
    .select({ ticketId: messages.ticketId, messageId: messages.id, at: messages.createdAt })
    .from(messages)
    .innerJoin(tickets, eq(tickets.id, messages.ticketId))
    .where(
      and(
        eq(messages.companyId, companyId),
        gt(messages.createdAt, from),
        lte(messages.createdAt, cutoff),
        eq(messages.fromMe, !agentSilent),
        inArray(tickets.status, agentSilent ? ["open", "pending"] : ["open"]),
        eq(tickets.isGroup, false),
        notExists(laterMessage),
        notExists(
          db
            .select({ one: sql`1` })
            .from(automationRuns)
            .where(and(eq(automationRuns.ruleId, rule.id), eq(automationRuns.triggerKey, sql`cast(${messages.id} as text)`))),
        ),
      ),
    )
    .orderBy(asc(messages.createdAt), asc(messages.id))
    .limit(limit);
}
