import { and, count, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { inList } from "../../db/inList";
import { tickets, userQueues, users } from "../../db/tenant";

/** An agent automatic assignment may give tickets to, with what they hold now. */
export interface Agent {
  id: number;
  /** Their open tickets (in any queue): what capacity counts. */
  open: number;
  /** The most open tickets they are given; null, no limit. */
  capacity: number | null;
  /** When assignment last gave them a ticket (epoch ms), 0 never. */
  lastAssignedAt: number;
}

export function hasRoom(agent: Agent): boolean {
  return agent.capacity === null || agent.open < agent.capacity;
}

/**
 * The members (user_queues) of each of `queueIds` who may be given tickets now: online and not paused, with their
 * open tickets counted once across queues (an agent in two queues fills up from both). Members over capacity are
 * included (`hasRoom` tells them apart), so the caller's counts stay exact as it assigns.
 */
export function availableAgents(db: Db, companyId: number, queueIds: readonly number[]) {
  const memberships = db
    .select({ queueId: userQueues.queueId, id: users.id, capacity: users.maxOpenTickets, lastAssignedAt: users.lastAssignedAt })
    .from(userQueues)
    .innerJoin(users, eq(users.id, userQueues.userId))
    .where(and(inList(userQueues.queueId, queueIds), eq(users.companyId, companyId), eq(users.online, true), eq(users.assignmentPaused, false)))
    .all();
  const agents = new Map<number, Agent>();
  const members = new Map<number, number[]>();
  for (const m of memberships) {
    if (!agents.has(m.id)) agents.set(m.id, { id: m.id, open: 0, capacity: m.capacity, lastAssignedAt: m.lastAssignedAt?.getTime() ?? 0 });
    const list = members.get(m.queueId);
    if (list) list.push(m.id);
    else members.set(m.queueId, [m.id]);
  }
  if (agents.size > 0) {
    const held = db
      .select({ userId: tickets.userId, open: count() })
      .from(tickets)
      .where(and(eq(tickets.companyId, companyId), inList(tickets.userId, [...agents.keys()]), inArray(tickets.status, ["open"])))
      .groupBy(tickets.userId)
      .all();
    for (const h of held) if (h.userId !== null) agents.get(h.userId)!.open = h.open;
  }
  // A stable order (by id) for the round-robin's turn.
  for (const list of members.values()) list.sort((a, b) => a - b);
  return { agents, members };
}
