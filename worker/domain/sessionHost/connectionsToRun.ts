import { and, eq, isNull, lt, notInArray, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { companies, sessionLeases, whatsapps } from "../../db/schema";

/**
 * The connections a starting host should open: every connection not disconnected (by a user, or a QR nobody
 * scanned: those wait for a restart from the connections page), of an active company, whose lease is free, expired, or already this host's.
 */
export async function connectionsToRun(db: Db, hostId: string, now = new Date()) {
  return db
    .select({ id: whatsapps.id, name: whatsapps.name, status: whatsapps.status })
    .from(whatsapps)
    .innerJoin(companies, eq(companies.id, whatsapps.companyId))
    .leftJoin(sessionLeases, eq(sessionLeases.whatsappId, whatsapps.id))
    .where(
      and(
        notInArray(whatsapps.status, ["DISCONNECTED", "TIMEOUT"]),
        eq(companies.status, true),
        or(isNull(sessionLeases.hostId), eq(sessionLeases.hostId, hostId), lt(sessionLeases.expiresAt, now)),
      ),
    );
}
