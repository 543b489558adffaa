import { and, eq, gt, inArray, isNotNull, isNull, lt, or, type SQL } from "drizzle-orm";
import { queues, tickets, whatsapps } from "../../db/tenant";
import type { Db } from "../../db/client";
import type { SystemCtx } from "../context";
import { transitionTicketColumns, type AutomatedTransition } from "./applyTransitions";

/** A connection that closes its tickets idle for longer than expiresTicket hours, saying `message` first. */
export interface CloseRule {
  whatsappId: number;
  cutoff: Date;
  message: string;
}

/** A connection that moves its queue-less pending tickets to `queueId` after timeToTransfer minutes. */
export interface TransferRule {
  whatsappId: number;
  queueId: number;
  cutoff: Date;
}

/**
 * The company's automation rules as of `now`, from its connections in one query. A transfer queue that is not
 * the company's (deleted, or never was) makes no rule.
 */
export async function automationRules(ctx: SystemCtx, now: number): Promise<{ closes: CloseRule[]; transfers: TransferRule[] }> {
  const connections = await ctx.db
    .select({
      id: whatsapps.id,
      expiresTicket: whatsapps.expiresTicket,
      message: whatsapps.expiresInactiveMessage,
      transferQueueId: queues.id,
      timeToTransfer: whatsapps.timeToTransfer,
    })
    .from(whatsapps)
    .leftJoin(queues, and(eq(queues.id, whatsapps.transferQueueId), eq(queues.companyId, ctx.companyId)))
    .where(and(eq(whatsapps.companyId, ctx.companyId), or(gt(whatsapps.expiresTicket, 0), isNotNull(whatsapps.transferQueueId))));
  const closes: CloseRule[] = [];
  const transfers: TransferRule[] = [];
  for (const c of connections) {
    if (c.expiresTicket > 0) closes.push({ whatsappId: c.id, cutoff: new Date(now - c.expiresTicket * 60 * 60 * 1000), message: c.message ?? "" });
    if (c.transferQueueId && c.timeToTransfer && c.timeToTransfer > 0) {
      transfers.push({ whatsappId: c.id, queueId: c.transferQueueId, cutoff: new Date(now - c.timeToTransfer * 60_000) });
    }
  }
  return { closes, transfers };
}

/** Up to `limit` of a connection's tickets idle since before `cutoff` that also meet `condition`, with what a transition needs. */
function dueTicketsQuery(ctx: SystemCtx, rule: { whatsappId: number; cutoff: Date }, condition: SQL | undefined, limit: number) {
  return ctx.db
    .select(transitionTicketColumns)
    .from(tickets)
    .where(
      and(
        eq(tickets.companyId, ctx.companyId),
        condition,
        eq(tickets.isGroup, false),
        lt(tickets.updatedAt, rule.cutoff),
        eq(tickets.whatsappId, rule.whatsappId),
      ),
    )
    .limit(limit);
}

/** The closes due under `rule`: its connection's open and pending tickets idle past the cutoff. */
export function idleTicketsQuery(ctx: SystemCtx, rule: CloseRule, limit: number) {
  return dueTicketsQuery(ctx, rule, inArray(tickets.status, ["open", "pending"]), limit);
}

/**
 * The transfers due under `rule`: its connection's pending tickets still without a queue after the cutoff, so they
 * reach agents even when the contact never answered the menu.
 */
export function waitingTicketsQuery(ctx: SystemCtx, rule: TransferRule, limit: number) {
  return dueTicketsQuery(ctx, rule, and(isNull(tickets.queueId), eq(tickets.status, "pending")), limit);
}

/** A close, with the connection's inactivity message said to the contact (when it has one). */
export function closureOf(rule: CloseRule, ticket: AutomatedTransition["ticket"]): AutomatedTransition {
  return { ticket, set: { status: "closed", chatbot: false }, action: "close", whatsappId: rule.whatsappId, notice: rule.message };
}

export function transferOf(rule: TransferRule, ticket: AutomatedTransition["ticket"]): AutomatedTransition {
  return { ticket, set: { queueId: rule.queueId, chatbot: false }, action: "transfer", whatsappId: rule.whatsappId };
}

/** Whether any connection of the company has an automation rule (the hub's alarm runs the automation only then). */
export function hasAutomationRules(db: Db, companyId: number): boolean {
  const row = db
    .select({ id: whatsapps.id })
    .from(whatsapps)
    .where(and(eq(whatsapps.companyId, companyId), or(gt(whatsapps.expiresTicket, 0), isNotNull(whatsapps.transferQueueId))))
    .limit(1)
    .get();
  return row !== undefined;
}
