import { and, eq, lt, or, sql } from "drizzle-orm";
import type { ControlDb as Db } from "../../db/client";
import { sessionLeases } from "../../db/control";

/**
 * One host per connection. A lease is granted when it is free, expired, or already the caller's (renewal); the
 * conditional upsert decides in one statement, so two hosts asking at once cannot both win.
 */
export async function acquireLease(db: Db, whatsappId: number, hostId: string, ttlMs: number, now = Date.now()) {
  const expiresAt = new Date(now + ttlMs);
  await db
    .insert(sessionLeases)
    .values({ whatsappId, hostId, expiresAt })
    .onConflictDoUpdate({
      target: sessionLeases.whatsappId,
      set: { hostId, expiresAt },
      setWhere: or(eq(sessionLeases.hostId, hostId), lt(sessionLeases.expiresAt, new Date(now))),
    });
  const lease = await db.select().from(sessionLeases).where(eq(sessionLeases.whatsappId, whatsappId)).get();
  const granted = lease?.hostId === hostId;
  return { granted, holder: granted ? undefined : lease?.hostId, expiresAt: lease ? lease.expiresAt.getTime() : 0 };
}

export async function releaseLease(db: Db, whatsappId: number, hostId: string) {
  const released = await db
    .delete(sessionLeases)
    .where(and(eq(sessionLeases.whatsappId, whatsappId), eq(sessionLeases.hostId, hostId)))
    .returning({ id: sessionLeases.whatsappId });
  return { released: released.length > 0 };
}

/** For tests and diagnostics: who holds a connection now. */
export async function leaseHolder(db: Db, whatsappId: number, now = Date.now()) {
  const lease = await db
    .select({ hostId: sessionLeases.hostId })
    .from(sessionLeases)
    .where(and(eq(sessionLeases.whatsappId, whatsappId), sql`${sessionLeases.expiresAt} >= ${now}`))
    .get();
  return lease?.hostId ?? null;
}
