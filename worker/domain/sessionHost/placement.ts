import { and, eq, gte, isNull, lt, notInArray, or } from "drizzle-orm";
import type { ConnectionToRun } from "../../contracts/bridge";
import type { ControlDb } from "../../db/client";
import { cloudNumbers, companies, connectionRoutes, sessionLeases } from "../../db/control";
import { inList } from "../../db/inList";
import { bestHost, type HostLoad } from "./hosts";

/**
 * A placement's lease lasts this long: the chosen host's own lease calls renew it (SESSION_HOST_LEASE_TTL_MS) once
 * it runs the connection; a host that never does loses it, and the connection is placed again.
 */
export const PLACEMENT_GRACE_MS = 30_000;

/** Orphans placed per heartbeat at most (a dead host's connections are spread over a few heartbeats). */
export const ORPHANS_PER_HEARTBEAT = 50;

/** The connections that need a host: not stopped, of an active company, not Cloud API numbers (ADR 0050). */
export const needsHost = and(isNull(cloudNumbers.whatsappId), notInArray(connectionRoutes.status, ["DISCONNECTED", "TIMEOUT"]), eq(companies.status, true));

/**
 * Writes a placement's lease where none is live: the conditional upsert only takes a free or expired lease, so two
 * placements at once (two heartbeats, a heartbeat and a user's start) cannot both win; each reads back who did.
 */
function placeLease(db: ControlDb, whatsappId: number, hostId: string, now: number) {
  return db
    .insert(sessionLeases)
    .values({ whatsappId, hostId, expiresAt: new Date(now + PLACEMENT_GRACE_MS) })
    .onConflictDoUpdate({
      target: sessionLeases.whatsappId,
      set: { hostId, expiresAt: new Date(now + PLACEMENT_GRACE_MS) },
      setWhere: lt(sessionLeases.expiresAt, new Date(now)),
    });
}

/** The unexpired holders of these connections, read back after placing. */
async function holders(db: ControlDb, ids: number[], now: number) {
  const rows = await db
    .select({ id: sessionLeases.whatsappId, hostId: sessionLeases.hostId })
    .from(sessionLeases)
    .where(and(inList(sessionLeases.whatsappId, ids), gte(sessionLeases.expiresAt, new Date(now))));
  return new Map(rows.map((r) => [r.id, r.hostId]));
}

/**
 * Places orphans (connections that need a host and have no unexpired lease), at most `limit`, each on the live,
 * non-draining host with the most room, counting the placements made in this pass. Answers what was placed where
 * (only the placements this pass won). `hosts` is changed: its loads count the new leases.
 */
export async function placeOrphans(db: ControlDb, hosts: HostLoad[], now = Date.now(), limit = ORPHANS_PER_HEARTBEAT) {
  if (!bestHost(hosts)) return new Map<number, string>();
  const orphans = await db
    .select({ id: connectionRoutes.whatsappId })
    .from(connectionRoutes)
    .innerJoin(companies, eq(companies.id, connectionRoutes.companyId))
    .leftJoin(sessionLeases, eq(sessionLeases.whatsappId, connectionRoutes.whatsappId))
    .leftJoin(cloudNumbers, eq(cloudNumbers.whatsappId, connectionRoutes.whatsappId))
    .where(and(needsHost, or(isNull(sessionLeases.whatsappId), lt(sessionLeases.expiresAt, new Date(now)))))
    .orderBy(connectionRoutes.whatsappId)
    .limit(limit);
  const chosen = new Map<number, HostLoad>();
  for (const { id } of orphans) {
    const host = bestHost(hosts);
    if (!host) break;
    chosen.set(id, host);
    host.leases++;
  }
  const [first, ...rest] = [...chosen].map(([id, host]) => placeLease(db, id, host.id, now));
  if (!first) return new Map<number, string>();
  await db.batch([first, ...rest]);
  const won = await holders(db, [...chosen.keys()], now);
  const placed = new Map<number, string>();
  for (const [id, host] of chosen) {
    const holder = won.get(id);
    if (holder === host.id) {
      placed.set(id, holder);
      continue;
    }
    // Someone else placed it first: the load moves to the winner.
    host.leases--;
    const winner = hosts.find((h) => h.id === holder);
    if (winner) winner.leases++;
  }
  return placed;
}

/**
 * Places one connection (a user's start, restart or create) unless an unexpired lease holds it already: answers its
 * holder afterwards, or null when no live host has room.
 */
export async function placeConnection(db: ControlDb, hosts: HostLoad[], whatsappId: number, now = Date.now()): Promise<string | null> {
  const current = (await holders(db, [whatsappId], now)).get(whatsappId);
  if (current) return current;
  const host = bestHost(hosts);
  if (!host) return null;
  await placeLease(db, whatsappId, host.id, now);
  return (await holders(db, [whatsappId], now)).get(whatsappId) ?? null;
}

/**
 * The connections placed on a host: its unexpired leases, of active companies, not Cloud API numbers, and either
 * needing a host or running there now (`running`: a connection a user just started is still DISCONNECTED in the
 * index until its first status; the host already runs it and must not stop it for being absent).
 */
export async function connectionsOnHost(db: ControlDb, hostId: string, now = Date.now(), running: number[] = []): Promise<ConnectionToRun[]> {
  const rows = await db
    .select({ id: connectionRoutes.whatsappId, name: connectionRoutes.name, status: connectionRoutes.status })
    .from(sessionLeases)
    .innerJoin(connectionRoutes, eq(connectionRoutes.whatsappId, sessionLeases.whatsappId))
    .innerJoin(companies, eq(companies.id, connectionRoutes.companyId))
    .leftJoin(cloudNumbers, eq(cloudNumbers.whatsappId, connectionRoutes.whatsappId))
    .where(
      and(
        eq(sessionLeases.hostId, hostId),
        gte(sessionLeases.expiresAt, new Date(now)),
        isNull(cloudNumbers.whatsappId),
        eq(companies.status, true),
        running.length > 0
          ? or(notInArray(connectionRoutes.status, ["DISCONNECTED", "TIMEOUT"]), inList(connectionRoutes.whatsappId, running))
          : notInArray(connectionRoutes.status, ["DISCONNECTED", "TIMEOUT"]),
      ),
    )
    .orderBy(connectionRoutes.whatsappId);
  return rows.map((r) => ({ ...r, status: r.status as ConnectionToRun["status"] }));
}
