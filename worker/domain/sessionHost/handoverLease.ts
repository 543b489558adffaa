import { and, eq, gte } from "drizzle-orm";
import type { HandoverAnswer } from "../../contracts/bridge";
import type { ControlDb } from "../../db/client";
import { sessionLeases } from "../../db/control";
import type { Env } from "../../env";
import { AppError } from "../errors";
import { bestHost, hostsWithLoad } from "./hosts";
import { PLACEMENT_GRACE_MS } from "./placement";
import { sessionHost } from "./hostClient";

/**
 * POST /bridge/leases/:id/handover: a draining host that closed a connection's socket gives it away. Only the
 * lease's holder may (409 ERR_WAPP_NOT_INITIALIZED otherwise). The lease moves to the best other live, non-draining host
 * (over its capacity if need be: a connection over capacity beats one that is down) and that host is asked to start
 * it; with no other host live, the lease is released and the connection waits for one (the next heartbeat places it).
 */
export async function handoverLease(env: Pick<Env, "SESSION_HOST_URL" | "BRIDGE_SECRET" | "DB">, db: ControlDb, whatsappId: number, from: string, now = Date.now()): Promise<HandoverAnswer> {
  const held = and(eq(sessionLeases.whatsappId, whatsappId), eq(sessionLeases.hostId, from), gte(sessionLeases.expiresAt, new Date(now)));
  if (!(await db.select({ id: sessionLeases.whatsappId }).from(sessionLeases).where(held).get())) throw new AppError("ERR_WAPP_NOT_INITIALIZED", "This session host does not hold the connection's lease.");
  const to = bestHost(await hostsWithLoad(db, now), { exclude: from, overflow: true });
  if (!to) {
    await db.delete(sessionLeases).where(held);
    return { to: null, status: null };
  }
  // Conditional on the caller still holding it: a lease that changed hands meanwhile is not taken from its holder.
  const moved = await db
    .update(sessionLeases)
    .set({ hostId: to.id, expiresAt: new Date(now + PLACEMENT_GRACE_MS) })
    .where(held)
    .returning({ id: sessionLeases.whatsappId });
  if (moved.length === 0) throw new AppError("ERR_WAPP_NOT_INITIALIZED", "This session host does not hold the connection's lease.");
  try {
    const { status } = await sessionHost(env).start(whatsappId);
    return { to: to.id, status };
  } catch (err) {
    // The new holder did not answer: its lease runs out after the grace and the connection is placed again.
    console.warn("handover: the new host did not start the connection", { whatsappId, to: to.id, err: String(err) });
    return { to: to.id, status: null };
  }
}
