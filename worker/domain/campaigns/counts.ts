import { and, count, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { campaignShipping, SHIPPING_STATUSES, type ShippingStatus } from "../../db/tenant";
import type { CampaignCounts } from "../../contracts/views/campaign";
import type { HubPort } from "../hubPort";

export type { CampaignCounts };

/**
 * The report's counts (spec 002 progress: delivered over valid). valid: every recipient but the numbers WhatsApp
 * does not know (invalid) and those skipped for opting out earlier.
 */
export async function campaignCounts(db: Db, companyId: number, campaignId: number): Promise<CampaignCounts> {
  const mine = and(eq(campaignShipping.companyId, companyId), eq(campaignShipping.campaignId, campaignId));
  const [byStatus, marks] = await db.batch([
    db.select({ status: campaignShipping.status, n: count() }).from(campaignShipping).where(mine).groupBy(campaignShipping.status),
    db
      .select({
        confirmationRequested: sql<number>`count(${campaignShipping.confirmationRequestedAt})`,
        confirmed: sql<number>`count(${campaignShipping.confirmedAt})`,
        replied: sql<number>`count(${campaignShipping.repliedAt})`,
        optedOut: sql<number>`count(${campaignShipping.optedOutAt})`,
      })
      .from(campaignShipping)
      .where(mine),
  ]);
  const status = Object.fromEntries(SHIPPING_STATUSES.map((s) => [s, 0])) as Record<ShippingStatus, number>;
  for (const row of byStatus) status[row.status] = row.n;
  const total = Object.values(status).reduce((a, b) => a + b, 0);
  const m = marks[0]!;
  return {
    total,
    valid: total - status.invalid - status.skipped,
    ...status,
    confirmationRequested: Number(m.confirmationRequested),
    confirmed: Number(m.confirmed),
    replied: Number(m.replied),
    optedOut: Number(m.optedOut),
  };
}

/** How often a running campaign's counts go out: a send, its delivery and its acks each change them, many a second. */
export const PROGRESS_EVERY_MS = 1000;

/** The report follows live: the counts to the company's admins, at most once per PROGRESS_EVERY_MS (the latest then). */
export async function publishCampaignProgress(ctx: { db: Db; companyId: number; hub: Pick<HubPort, "publishCoalesced"> }, campaignId: number) {
  ctx.hub.publishCoalesced(`campaign:${campaignId}:progress`, PROGRESS_EVERY_MS, async () => {
    const counts = await campaignCounts(ctx.db, ctx.companyId, campaignId);
    return [{ audience: { kind: "admins" }, event: { type: "campaign", action: "progress", campaignId, counts } }];
  });
}

/** Failed recipients by reason (the report's breakdown). */
export async function failureReasons(db: Db, companyId: number, campaignId: number) {
  return db
    .select({ error: campaignShipping.error, n: count() })
    .from(campaignShipping)
    .where(and(eq(campaignShipping.companyId, companyId), eq(campaignShipping.campaignId, campaignId), isNotNull(campaignShipping.error)))
    .groupBy(campaignShipping.error);
}
