import { and, eq } from "drizzle-orm";
import type { PushJob, PushNotification } from "../../contracts/pushJob";
import { companies, pushPreferences, users } from "../../db/tenant";
import { inList } from "../../db/inList";
import type { AnyCtx } from "../context";
import { inQuietHours, minuteOfDay } from "./quietHours";
import { pushSubscribers } from "./subscribers";
import { pushLanguage, type PushLanguage } from "./texts";

export interface PushOptions {
  /** A test push the user asked for: sent whatever their tabs and quiet hours. */
  always?: boolean;
  now?: Date;
}

/**
 * Queues a push to each of `userIds`' devices (PUSH queue; jobs/push.ts encrypts and sends them), for users who
 * have a device subscribed, no tab of the app open and visible (the tab tells the hub over its websocket), and who
 * are not inside their quiet hours in the company's time zone. Never to the user who acted. The notification is
 * built per user, in their language. Called after the change's writes have landed; it never throws into the change
 * (a push lost is a notification missed, never a change refused).
 */
export function pushToUsers(ctx: AnyCtx, userIds: Iterable<number>, build: (language: PushLanguage) => PushNotification, options: PushOptions = {}): void {
  try {
    const subscribed = pushSubscribers(ctx.db, ctx.companyId);
    if (subscribed.size === 0) return;
    const actor = ctx.user?.id ?? null;
    const wanted = [...new Set(userIds)].filter((id) => subscribed.has(id) && (options.always || (id !== actor && !ctx.hub.hasVisibleTab(id))));
    if (wanted.length === 0) return;
    ctx.waitUntil(enqueue(ctx, wanted, build, options));
  } catch (err) {
    console.error("push: could not queue", { companyId: ctx.companyId, error: String(err) });
  }
}

async function enqueue(ctx: AnyCtx, userIds: number[], build: (language: PushLanguage) => PushNotification, options: PushOptions) {
  try {
    const rows = ctx.db
      .select({ id: users.id, language: users.language, quietFrom: pushPreferences.quietFrom, quietTo: pushPreferences.quietTo })
      .from(users)
      .leftJoin(pushPreferences, eq(pushPreferences.userId, users.id))
      .where(and(eq(users.companyId, ctx.companyId), inList(users.id, userIds)))
      .all();
    const quiet = rows.some((r) => r.quietFrom !== null) && !options.always ? minuteOfDay(options.now ?? new Date(), companyTimeZone(ctx)) : null;
    const jobs = rows
      .filter((r) => quiet === null || !inQuietHours(quiet, r.quietFrom, r.quietTo))
      .map((r): { body: PushJob } => ({ body: { kind: "push", companyId: ctx.companyId, userId: r.id, notification: build(pushLanguage(r.language)) } }));
    if (jobs.length) await ctx.env.PUSH.sendBatch(jobs);
  } catch (err) {
    console.error("push: could not queue", { companyId: ctx.companyId, error: String(err) });
  }
}

function companyTimeZone(ctx: AnyCtx): string {
  return ctx.db.select({ timezone: companies.timezone }).from(companies).where(eq(companies.id, ctx.companyId)).get()?.timezone || "America/Sao_Paulo";
}
