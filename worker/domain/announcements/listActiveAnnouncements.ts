import { asc, desc, eq } from "drizzle-orm";
import type { ActiveAnnouncement } from "../../contracts/announcements";
import { announcements } from "../../db/control";
import { announcementReceipts } from "../../db/tenant";
import type { Ctx } from "../context";
import { activeFor, presentAnnouncement } from "./view";

/** The most a top bar lists. */
const MAX_ACTIVE = 50;

/**
 * GET /announcements/active: what the top bar shows the acting user: the active announcements for their company,
 * high priority first, then newest, each with whether this user has read or dismissed it, and how many are unread.
 */
export async function listActiveAnnouncements({ ctx }: { ctx: Ctx }): Promise<{ records: ActiveAnnouncement[]; unread: number }> {
  const rows = await ctx.control
    .select()
    .from(announcements)
    .where(activeFor(ctx.companyId, new Date()))
    .orderBy(asc(announcements.priority), desc(announcements.createdAt))
    .limit(MAX_ACTIVE)
    .all();
  const receipts = await ctx.db.select().from(announcementReceipts).where(eq(announcementReceipts.userId, ctx.user.id)).all();
  const byId = new Map(receipts.map((r) => [r.announcementId, r]));
  const records = rows.map((row): ActiveAnnouncement => {
    const { companyIds: _targets, status: _status, ...view } = presentAnnouncement(row, null);
    const receipt = byId.get(row.id);
    return { ...view, read: !!receipt?.readAt, dismissed: !!receipt?.dismissedAt };
  });
  return { records, unread: records.filter((r) => !r.read).length };
}
