import type { AutomationChain, AutomationRuleRun } from "../../../contracts/automation/ruleRun";
import type { Db } from "../../../db/client";
import type { AnyCtx, SystemCtx } from "../../context";

/** How often one rule may act on one ticket within one chain of events, and how deep a chain may go. */
export const RUNS_PER_TICKET_PER_CHAIN = 3;
export const MAX_CHAIN_DEPTH = 10;
/** A chain's counts are forgotten this long after it began: its turns all run within moments of one another. */
const CHAIN_KEPT_MS = 5 * 60 * 1000;

/**
 * The counts of the chains in progress, in the hub's memory (as the queued turns that use them are). Shared by
 * every turn of a chain, also sibling turns (one turn's two actions raise two events), so a rule's runs are
 * counted across the whole chain, not per path.
 */
const chains = new WeakMap<Db, Map<string, { runs: Map<string, number>; startedAt: number }>>();

/** The chain the rules an event sets off belong to: one link below the rules that raised the event, or a new one. */
export function nextLink(ctx: AnyCtx): AutomationRuleRun["chain"] {
  const parent = ctx.user === null ? ctx.automationChain : undefined;
  return parent ? { id: parent.id, depth: parent.depth + 1 } : { id: crypto.randomUUID(), depth: 0 };
}

export const chainKey = (ruleId: number, ticketId: number) => `${ruleId}:${ticketId}`;

/** The system's context for one turn of a chain, with the chain's shared counts. */
export function withChain(ctx: SystemCtx, link: AutomationRuleRun["chain"], now = Date.now()): SystemCtx & { automationChain: AutomationChain } {
  let all = chains.get(ctx.db);
  if (!all) chains.set(ctx.db, (all = new Map()));
  let entry = all.get(link.id);
  if (!entry) {
    // Oldest first (a Map keeps insertion order): drop the chains long over.
    for (const [id, old] of all) {
      if (now - old.startedAt < CHAIN_KEPT_MS) break;
      all.delete(id);
    }
    all.set(link.id, (entry = { runs: new Map(), startedAt: now }));
  }
  return { ...ctx, automationChain: { id: link.id, depth: link.depth, runs: entry.runs } };
}
