import { eq } from "drizzle-orm";
import type { DeliveryView } from "../../contracts/announcements";
import { announcementDeliveries } from "../../db/control";
import type { Ctx } from "../context";
import { managedAnnouncement } from "./view";

/** GET /announcements/:id/delivery (super users): how far the live delivery of its latest change has got. */
export async function getDelivery({ ctx, input }: { ctx: Ctx; input: { id: number } }): Promise<DeliveryView | null> {
  const row = await managedAnnouncement(ctx, input.id);
  const d = await ctx.control.select().from(announcementDeliveries).where(eq(announcementDeliveries.announcementId, row.id)).get();
  return d ? { announcementId: d.announcementId, action: d.action, total: d.total, delivered: d.delivered, status: d.status } : null;
}
