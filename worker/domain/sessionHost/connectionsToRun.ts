import { and, eq, isNull, lt, notInArray, or } from "drizzle-orm";
import type { ControlDb } from "../../db/client";
import { cloudNumbers, companies, connectionRoutes, sessionLeases } from "../../db/control";

/**
 * The connections a starting host should open: every connection not disconnected (by a user, or a QR nobody
 * scanned: those wait for a restart from the connections page), of an active company, whose lease is free, expired, or already this host's.
 * Cloud API numbers are never a host's: the worker talks to Meta itself (ADR 0050).
 */
export async function connectionsToRun(db: ControlDb, hostId: string, now = new Date()) {
  return db
    .select({ id: connectionRoutes.whatsappId, name: connectionRoutes.name, status: connectionRoutes.status })
    .from(connectionRoutes)
    .innerJoin(companies, eq(companies.id, connectionRoutes.companyId))
    .leftJoin(sessionLeases, eq(sessionLeases.whatsappId, connectionRoutes.whatsappId))
    .leftJoin(cloudNumbers, eq(cloudNumbers.whatsappId, connectionRoutes.whatsappId))
    .where(
      and(
        isNull(cloudNumbers.whatsappId),
        notInArray(connectionRoutes.status, ["DISCONNECTED", "TIMEOUT"]),
        eq(companies.status, true),
        or(isNull(sessionLeases.hostId), eq(sessionLeases.hostId, hostId), lt(sessionLeases.expiresAt, now)),
      ),
    );
}
