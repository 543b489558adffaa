import { count, gte } from "drizzle-orm";
import { HOST_LIVE_MS } from "../../contracts/bridge";
import type { ControlDb } from "../../db/client";
import { sessionHosts, sessionLeases, type SessionHostRow } from "../../db/control";

/** A registered host with its load: the connections whose unexpired lease it holds. */
export type HostLoad = SessionHostRow & { leases: number; live: boolean };

export const isLive = (host: Pick<SessionHostRow, "heartbeatAt">, now: number) => host.heartbeatAt.getTime() >= now - HOST_LIVE_MS;

/** Every registered host, with its unexpired leases counted and whether it is live (two reads). */
export async function hostsWithLoad(db: ControlDb, now = Date.now()): Promise<HostLoad[]> {
  const [hosts, loads] = await Promise.all([
    db.select().from(sessionHosts).orderBy(sessionHosts.id),
    db
      .select({ hostId: sessionLeases.hostId, n: count() })
      .from(sessionLeases)
      .where(gte(sessionLeases.expiresAt, new Date(now)))
      .groupBy(sessionLeases.hostId),
  ]);
  const byHost = new Map(loads.map((l) => [l.hostId, l.n]));
  return hosts.map((h) => ({ ...h, leases: byHost.get(h.id) ?? 0, live: isLive(h, now) }));
}

/**
 * The host a connection should go to: live, not draining, not excluded, with the most room (capacity − its
 * unexpired leases; ties to the lowest id, so the choice is the same for everyone). Full hosts are skipped unless
 * `overflow` (a handover: a connection over capacity beats one that is down).
 */
export function bestHost(hosts: HostLoad[], opts: { exclude?: string; overflow?: boolean } = {}): HostLoad | null {
  let best: HostLoad | null = null;
  for (const h of hosts) {
    if (!h.live || h.draining || h.id === opts.exclude) continue;
    if (!opts.overflow && h.capacity - h.leases <= 0) continue;
    if (!best || h.capacity - h.leases > best.capacity - best.leases) best = h;
  }
  return best;
}

/** Whether no host ever registered: an old single-host deployment, reached at SESSION_HOST_URL. */
export async function noHostRegistered(db: ControlDb): Promise<boolean> {
  return !(await db.select({ id: sessionHosts.id }).from(sessionHosts).limit(1).get());
}
