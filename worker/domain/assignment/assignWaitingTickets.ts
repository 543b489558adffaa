import { and, asc, eq, isNotNull, isNull } from "drizzle-orm";
import type { AssignmentScope } from "../../contracts/queues";
import { queues, tickets, userQueues, users } from "../../db/tenant";
import { inList } from "../../db/inList";
import type { SystemCtx } from "../context";
import { applyTransitions, transitionTicketColumns, type AutomatedTransition } from "../automation/applyTransitions";
import { visibilitySettings } from "../tickets/ticketEvents";
import { assigningQueues, type AssigningQueue } from "./assigningQueues";
import { availableAgents, hasRoom } from "./availableAgents";
import { chooseAgent } from "./chooseAgent";
import { scheduleAssignment } from "./scheduleAssignment";

/** The most tickets a pass takes from one queue (one transaction's worth); a queue with more gets another pass after. */
const UNLIMITED_PASS = 500;

/**
 * Gives the waiting tickets of the scope's queues (pending, in the queue, nobody's, not in the chatbot, not a group,
 * not a campaign's outreach) to the queue's free agents, oldest first, while anyone has room, each by its queue's
 * mode (chooseAgent.ts). Runs in the hub's command queue (scheduleAssignment), so what it reads is still so when it
 * writes: no ticket is given twice and nobody goes over capacity. Each assignment is the system's acceptance of the
 * ticket for the agent (applyTransitions: history row "autoAssign", the list and the agent told, `ticket.accepted`).
 * Answers how many tickets were given.
 */
export async function assignWaitingTickets(ctx: SystemCtx, scope: AssignmentScope): Promise<number> {
  const modes = assigningQueues(ctx.db, ctx.companyId);
  if (modes.size === 0) return 0;
  const settings = await visibilitySettings(ctx);
  const queueIds = queuesOf(ctx, scope).filter((id) => modes.has(id));
  if (queueIds.length === 0) return 0;
  const { agents, members } = availableAgents(ctx.db, ctx.companyId, queueIds);
  if (![...agents.values()].some(hasRoom)) return 0;

  const now = Date.now();
  const transitions: AutomatedTransition[] = [];
  const touchedQueues = new Map<number, number>();
  const moreWaiting: number[] = [];
  for (const queueId of queueIds) {
    const memberIds = members.get(queueId) ?? [];
    const room = memberIds.reduce((sum, id) => {
      const a = agents.get(id)!;
      return sum + (a.capacity === null ? UNLIMITED_PASS : Math.max(0, a.capacity - a.open));
    }, 0);
    if (room === 0) continue;
    const queue: AssigningQueue = { mode: modes.get(queueId)!, lastAssignedUserId: lastAssignedOf(ctx, queueId) };
    const waiting = waitingTickets(ctx, queueId, Math.min(room, UNLIMITED_PASS));
    if (waiting.length === UNLIMITED_PASS) moreWaiting.push(queueId);
    for (const ticket of waiting) {
      const agent = chooseAgent(queue, memberIds, agents);
      if (!agent) break;
      agent.open++;
      agent.lastAssignedAt = now + transitions.length;
      queue.lastAssignedUserId = agent.id;
      touchedQueues.set(queueId, agent.id);
      const { whatsappId, ...scopeBefore } = ticket;
      transitions.push({
        ticket: scopeBefore,
        set: { status: "open", userId: agent.id, chatbot: false },
        action: "autoAssign",
        whatsappId: whatsappId!,
      });
    }
  }
  if (transitions.length === 0) return 0;

  // The turn (round-robin) and the wait (least busy's tie-break) are remembered before the tickets move, in this turn
  // of the queue: nothing runs between.
  for (const [queueId, userId] of touchedQueues) {
    ctx.db.update(queues).set({ lastAssignedUserId: userId }).where(and(eq(queues.id, queueId), eq(queues.companyId, ctx.companyId))).run();
  }
  for (const agent of agents.values()) {
    if (agent.lastAssignedAt < now) continue;
    ctx.db.update(users).set({ lastAssignedAt: new Date(agent.lastAssignedAt) }).where(and(eq(users.id, agent.id), eq(users.companyId, ctx.companyId))).run();
  }
  await applyTransitions(ctx, transitions, new Date(now), settings);
  if (moreWaiting.length > 0) scheduleAssignment(ctx, { queueIds: moreWaiting });
  return transitions.length;
}

function queuesOf(ctx: SystemCtx, scope: AssignmentScope): number[] {
  if ("queueIds" in scope) return [...new Set(scope.queueIds)];
  const modes = assigningQueues(ctx.db, ctx.companyId);
  if ("all" in scope) return [...modes.keys()];
  if (scope.userIds.length === 0) return [];
  return [
    ...new Set(
      ctx.db
        .select({ queueId: userQueues.queueId })
        .from(userQueues)
        .where(and(inList(userQueues.userId, scope.userIds), inList(userQueues.queueId, [...modes.keys()])))
        .all()
        .map((r) => r.queueId),
    ),
  ];
}

function lastAssignedOf(ctx: SystemCtx, queueId: number): number | null {
  return (
    ctx.db
      .select({ last: queues.lastAssignedUserId })
      .from(queues)
      .where(and(eq(queues.id, queueId), eq(queues.companyId, ctx.companyId)))
      .get()?.last ?? null
  );
}

/** A queue's tickets waiting for an agent, oldest first (a ticket without a connection cannot be answered: left). */
function waitingTickets(ctx: SystemCtx, queueId: number, limit: number) {
  return ctx.db
    .select({ ...transitionTicketColumns, whatsappId: tickets.whatsappId })
    .from(tickets)
    .where(waitingIn(ctx.companyId, queueId))
    .orderBy(asc(tickets.createdAt), asc(tickets.id))
    .limit(limit)
    .all();
}

/** What "waiting for an agent" is, in SQL (also the due work's question). */
export function waitingIn(companyId: number, queueId: number) {
  return and(
    eq(tickets.companyId, companyId),
    eq(tickets.queueId, queueId),
    eq(tickets.status, "pending"),
    eq(tickets.isGroup, false),
    isNull(tickets.userId),
    eq(tickets.chatbot, false),
    eq(tickets.outreach, false),
    isNotNull(tickets.whatsappId),
  );
}
