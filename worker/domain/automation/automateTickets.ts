import type { SystemCtx } from "../context";
import { applyTransitions } from "./applyTransitions";
import { idleTicketClosures } from "./idleTicketClosures";
import { waitingTicketTransfers } from "./waitingTicketTransfers";

/**
 * A minute's ticket automation for a company, in its hub (ticket transitions have one writer per company): the
 * idle tickets closed and the waiting ones moved to their connection's queue, written together. One write
 * transaction per run, because each one holds every other D1 answer until it is committed.
 */
export async function automateTickets({ ctx, input }: { ctx: SystemCtx; input: { now: number } }) {
  const closures = await idleTicketClosures(ctx, input.now);
  const closing = new Set(closures.map((c) => c.ticket.id));
  // A queue-less pending ticket idle past both limits is closed, not moved.
  const transfers = (await waitingTicketTransfers(ctx, input.now)).filter((t) => !closing.has(t.ticket.id));
  await applyTransitions(ctx, [...closures, ...transfers], new Date(input.now));
  return { closed: closures.length, transferred: transfers.length };
}
