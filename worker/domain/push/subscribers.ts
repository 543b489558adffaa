import { pushSubscriptions } from "../../db/tenant";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { hubMemory } from "../shared/hubMemory";

/**
 * The users of the company with at least one device subscribed, in the hub's memory: every ticket move and contact
 * message asks it first, so a company where nobody turned notifications on pays a set lookup. Forgotten by every
 * change of push_subscriptions (subscribe, unsubscribe, a device the push service says is gone).
 */
const memory = hubMemory((db, companyId): ReadonlySet<number> => {
  const rows = db.selectDistinct({ userId: pushSubscriptions.userId }).from(pushSubscriptions).where(eq(pushSubscriptions.companyId, companyId)).all();
  return new Set(rows.map((r) => r.userId));
});

export const pushSubscribers = (db: Db, companyId: number) => memory.get(db, companyId);
export const forgetPushSubscribers = (db: Db) => memory.forget(db);
