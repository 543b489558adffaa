import { and, asc, eq } from "drizzle-orm";
import type { PushDeviceView, PushSettingsView } from "../../contracts/push";
import { pushPreferences, pushSubscriptions, type PushSubscriptionRow } from "../../db/tenant";
import { AppError } from "../errors";
import type { Ctx } from "../context";
import { timeOf } from "./quietHours";
import { vapidKeys } from "./vapid";

export function presentDevice(row: PushSubscriptionRow): PushDeviceView {
  let endpointOrigin = "";
  try {
    endpointOrigin = new URL(row.endpoint).origin;
  } catch {
    // stored only after parsing as a URL
  }
  return { id: row.id, deviceLabel: row.deviceLabel, endpointOrigin, createdAt: row.createdAt, lastSuccessAt: row.lastSuccessAt };
}

/** The application server's public key; a run without VAPID keys cannot offer Web Push at all. */
export function publicKeyOf(ctx: Pick<Ctx, "env">): string {
  const keys = vapidKeys(ctx.env);
  if (!keys) throw new AppError("ERR_PUSH_NOT_CONFIGURED");
  return keys.publicKey;
}

/** GET /api/push: the user's own devices and quiet hours, with the key a device subscribes with. */
export async function getPushSettings({ ctx }: { ctx: Ctx }): Promise<PushSettingsView> {
  const devices = ctx.db
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.companyId, ctx.companyId), eq(pushSubscriptions.userId, ctx.user.id)))
    .orderBy(asc(pushSubscriptions.id))
    .all();
  const prefs = ctx.db.select().from(pushPreferences).where(and(eq(pushPreferences.companyId, ctx.companyId), eq(pushPreferences.userId, ctx.user.id))).get();
  const quietHours = prefs && prefs.quietFrom !== null && prefs.quietTo !== null ? { from: timeOf(prefs.quietFrom), to: timeOf(prefs.quietTo) } : null;
  return { publicKey: publicKeyOf(ctx), devices: devices.map(presentDevice), quietHours };
}
