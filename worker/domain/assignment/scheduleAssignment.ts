import type { AssignmentScope } from "../../contracts/queues";
import type { Db } from "../../db/client";
import type { AnyCtx } from "../context";
import { assigningQueues } from "./assigningQueues";

/** Passes queued and not yet started, by scope (memory only: the due work's sweep covers a lost one). */
const queued = new WeakMap<Db, Set<string>>();

/**
 * Queues a pass of automatic assignment over `scope` in the hub's command queue (HubPort.afterThis): after the
 * event's transaction, one at a time with every ticket command. A pass of the same scope already waiting its turn is
 * enough (it reads the state as it is when it runs), so fifty tickets arriving at once queue one pass, not fifty.
 * A company without assignment pays one map lookup. The pass is the hub's call `assignWaitingTickets` (not imported
 * here: the pass moves tickets, and every move comes back to this listener).
 */
export function scheduleAssignment(ctx: AnyCtx, scope: AssignmentScope): void {
  if (assigningQueues(ctx.db, ctx.companyId).size === 0) return;
  let waiting = queued.get(ctx.db);
  if (!waiting) queued.set(ctx.db, (waiting = new Set()));
  const key = JSON.stringify(scope);
  if (waiting.has(key)) return;
  waiting.add(key);
  const hub = ctx.hubs.of(ctx.companyId);
  ctx.hub.afterThis("automatic assignment", () => {
    waiting.delete(key);
    return hub.call("assignWaitingTickets", scope);
  });
}
