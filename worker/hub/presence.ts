import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { users } from "../db/tenant";
import type { Delivery } from "../contracts/ws";

/** A user whose tab has not said `userStatus` for this long is shown offline (spec: 5 minutes, plus grace). */
export const OFFLINE_AFTER_MS = 5 * 60 * 1000 + 30 * 1000;

/**
 * Who of the company is online, as the hub's sockets tell it: a tab's `userStatus` (or a new socket) marks its user
 * seen, and the alarm marks offline those whose tabs stopped reporting. Each change is published to the company.
 */
export class Presence {
  /** Whether a user is online whose tab stopped reporting: asked on every alarm, so built once. */
  private readonly anyGoneOffline;

  constructor(
    private readonly db: Db,
    private readonly publish: (deliveries: Delivery[]) => Promise<number>,
    /** A user came online (automatic assignment may give them waiting tickets). */
    private readonly cameOnline: (companyId: number, userId: number) => void = () => {},
  ) {
    this.anyGoneOffline = db
      .select({ id: users.id })
      .from(users)
      .where(
        and(eq(users.companyId, sql.placeholder("companyId")), eq(users.online, true), or(isNull(users.lastSeenAt), lt(users.lastSeenAt, sql.placeholder("cutoff")))),
      )
      .limit(1)
      .prepare();
  }

  /** The user is online now; the company hears of it when they were not. Answers whether the user exists here. */
  markSeen(companyId: number, userId: number): boolean {
    const mine = and(eq(users.id, userId), eq(users.companyId, companyId));
    const user = this.db
      .select({ id: users.id, name: users.name, email: users.email, profile: users.profile, online: users.online })
      .from(users)
      .where(mine)
      .get();
    if (!user) return false;
    this.db.update(users).set({ online: true, lastSeenAt: new Date() }).where(mine).run();
    if (!user.online) {
      void this.publish([{ audience: { kind: "company" }, event: { type: "user", action: "update", userId, user: { ...user, online: true } } }]);
      this.cameOnline(companyId, userId);
    }
    return true;
  }

  /** Users whose tabs stopped reporting go offline, and the company hears of it. */
  markOffline(companyId: number, now: number): void {
    if (!this.anyGoneOffline.get({ companyId, cutoff: now - OFFLINE_AFTER_MS })) return;
    const cutoff = new Date(now - OFFLINE_AFTER_MS);
    const wentOffline = this.db
      .update(users)
      .set({ online: false })
      .where(and(eq(users.companyId, companyId), eq(users.online, true), or(isNull(users.lastSeenAt), lt(users.lastSeenAt, cutoff))))
      .returning({ id: users.id, name: users.name, email: users.email, profile: users.profile })
      .all();
    if (wentOffline.length === 0) return;
    void this.publish(
      wentOffline.map((u) => ({ audience: { kind: "company" }, event: { type: "user", action: "update", userId: u.id, user: { ...u, online: false } } })),
    );
  }

  /** When the next online user would be marked offline if their tab says nothing more, or null with nobody online. */
  nextOfflineDue(companyId: number): number | null {
    const seen = this.db
      .select({ earliest: sql<number | null>`min(${users.lastSeenAt})` })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.online, true)))
      .get();
    return seen?.earliest != null ? Number(seen.earliest) + OFFLINE_AFTER_MS : null;
  }
}
