import type { BatchItem } from "drizzle-orm/batch";
import type { SystemCtx } from "../context";
import { visibilitySettings } from "../tickets/ticketEvents";
import type { VisibilitySettings } from "../tickets/visibility";
import { applyTransitions, type AutomatedTransition } from "./applyTransitions";
import {
  automationRules,
  closureOf,
  idleTicketsQuery,
  transferOf,
  waitingTicketsQuery,
  type CloseRule,
  type TransferRule,
} from "./automationRules";

/** Tickets changed per slice. A slice is one turn of the hub's command queue and a few ms of the runtime. */
export const SLICE_SIZE = 10;
/** The pause between slices, in which agents' commands and requests run. */
export const SLICE_GAP_MS = 500;
/** Slices per run at most, so a backlog is worked off over several minutes rather than in one burst. */
export const MAX_SLICES_PER_RUN = 10;

type Serially = <T>(task: () => Promise<T>) => Promise<T>;

/**
 * A minute's ticket automation for a company, in its hub: idle tickets closed, and queue-less waiting ones moved
 * to their connection's queue. The work goes in slices of SLICE_SIZE tickets, each its own turn of the hub's
 * command queue (`serially`: the due tickets found and changed with nothing in between), SLICE_GAP_MS apart. A
 * slice holds the queue and the runtime for a few milliseconds, so a backlog of thousands never stalls agents'
 * commands or the inbox's requests; the next run goes on where this one stopped.
 */
export async function automateTickets({ ctx, input, serially }: { ctx: SystemCtx; input: { now: number }; serially: Serially }) {
  const rules = await automationRules(ctx, input.now);
  const done = { closed: 0, transferred: 0 };
  if (rules.closes.length === 0 && rules.transfers.length === 0) return done;
  const settings = await visibilitySettings(ctx);
  for (let slice = 0; slice < MAX_SLICES_PER_RUN; slice++) {
    if (slice > 0) await new Promise((resolve) => setTimeout(resolve, SLICE_GAP_MS));
    const result = await serially(() => automateSlice(ctx, rules, settings, new Date(input.now)));
    done.closed += result.closed;
    done.transferred += result.transferred;
    if (!result.more) break;
  }
  return done;
}

/**
 * One slice: up to SLICE_SIZE due transitions found (every rule's query in one D1 round trip), then the changes
 * and the closes' inactivity notices written, read back and published together (applyTransitions: one more).
 * `more` tells whether anything due was left for the next slice.
 */
async function automateSlice(ctx: SystemCtx, rules: { closes: CloseRule[]; transfers: TransferRule[] }, settings: VisibilitySettings, now: Date) {
  const queries: BatchItem<"sqlite">[] = [
    ...rules.closes.map((rule) => idleTicketsQuery(ctx, rule, SLICE_SIZE)),
    ...rules.transfers.map((rule) => waitingTicketsQuery(ctx, rule, SLICE_SIZE)),
  ];
  const found = (await ctx.db.batch(queries as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]])) as AutomatedTransition["ticket"][][];
  const closures = rules.closes.flatMap((rule, i) => found[i]!.map((ticket) => closureOf(rule, ticket)));
  const closing = new Set(closures.map((c) => c.ticket.id));
  // A queue-less pending ticket idle past both limits is closed, not moved.
  const transfers = rules.transfers.flatMap((rule, i) =>
    found[rules.closes.length + i]!.filter((ticket) => !closing.has(ticket.id)).map((ticket) => transferOf(rule, ticket)),
  );
  const due = [...closures, ...transfers];
  const picked = due.slice(0, SLICE_SIZE);
  await applyTransitions(ctx, picked, now, settings);
  return {
    closed: picked.filter((t) => t.action === "close").length,
    transferred: picked.filter((t) => t.action === "transfer").length,
    more: due.length > picked.length || found.some((rows) => rows.length === SLICE_SIZE),
  };
}
