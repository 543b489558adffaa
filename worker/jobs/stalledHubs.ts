import { eq, lt } from "drizzle-orm";
import { createControlDb, type ControlDb } from "../db/client";
import { companyWork } from "../db/control";
import type { Env } from "../env";
import { hubFor } from "../hub/ports";

/** A hub with recurring work says so at most this often (its alarm runs every minute while it has work). */
export const WORK_HEARTBEAT_MS = 5 * 60 * 1000;
/** A heartbeat older than this means the hub's alarm stopped: the minute cron wakes it. */
export const STALLED_AFTER_MS = 15 * 60 * 1000;
/** Hubs woken per cron run at most (a backlog is worked off over the next minutes). */
const WAKE_PER_RUN = 50;

/**
 * What a hub tells the control database about its recurring work, from its alarm: a heartbeat while it has some
 * (written only when the last one is older than WORK_HEARTBEAT_MS), nothing once it has none. Answers the
 * heartbeat now stored, for the hub to remember.
 */
export async function reportWork(control: ControlDb, companyId: number, hasWork: boolean, lastHeartbeat: number | null, now: number) {
  if (!hasWork) {
    if (lastHeartbeat !== null) await control.delete(companyWork).where(eq(companyWork.companyId, companyId));
    return null;
  }
  if (lastHeartbeat !== null && now - lastHeartbeat < WORK_HEARTBEAT_MS) return lastHeartbeat;
  await control
    .insert(companyWork)
    .values({ companyId, heartbeatAt: now })
    .onConflictDoUpdate({ target: companyWork.companyId, set: { heartbeatAt: now } });
  return now;
}

/**
 * The minute cron's safety net under the hubs' alarms: hubs whose heartbeat stopped are woken (their alarm is armed
 * again), found by the heartbeat's index.
 */
export async function wakeStalledHubs(env: Env, now: Date) {
  const stalled = await createControlDb(env.DB)
    .select({ companyId: companyWork.companyId })
    .from(companyWork)
    .where(lt(companyWork.heartbeatAt, now.getTime() - STALLED_AFTER_MS))
    .limit(WAKE_PER_RUN);
  const woken = await Promise.allSettled(stalled.map(({ companyId }) => hubFor(env, companyId).workChanged(companyId)));
  for (const r of woken) if (r.status === "rejected") console.error("could not wake a stalled hub", String(r.reason));
  return stalled.length;
}
