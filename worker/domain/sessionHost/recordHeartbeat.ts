import type { HostHeartbeat, HostHeartbeatAnswer } from "../../contracts/bridge";
import type { ControlDb } from "../../db/client";
import { sessionHosts } from "../../db/control";
import { hostsWithLoad } from "./hosts";
import { connectionsOnHost, placeOrphans } from "./placement";

/**
 * POST /bridge/hosts/heartbeat (ADR 0056): registers or refreshes the host, places orphans (connections that need
 * a host and have no unexpired lease: a dead host's once its leases ran out, or ones nobody runs) on the live hosts
 * with the most room, and answers the connections placed on the caller.
 */
export async function recordHeartbeat(db: ControlDb, beat: HostHeartbeat, now = Date.now()): Promise<HostHeartbeatAnswer> {
  const values = {
    url: beat.url,
    capacity: beat.capacity,
    running: beat.running.length,
    draining: beat.draining,
    memoryMb: beat.memoryMb ?? null,
    version: beat.version ?? null,
    startedAt: new Date(beat.startedAt),
    heartbeatAt: new Date(now),
  };
  await db.insert(sessionHosts).values({ id: beat.hostId, ...values }).onConflictDoUpdate({ target: sessionHosts.id, set: values });
  await placeOrphans(db, await hostsWithLoad(db, now), now);
  return { connections: await connectionsOnHost(db, beat.hostId, now, beat.running) };
}
