import { and, eq } from "drizzle-orm";
import { announcements } from "../../db/control";
import { announcementReceipts } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { activeFor } from "./view";

/**
 * POST /announcements/:id/read and /dismiss: what the acting user (the session's) did with an announcement shown
 * to their company; dismissing also reads it. Kept in the company's hub, per user.
 */
export async function recordAnnouncementReceipt({ ctx, input }: { ctx: Ctx; input: { id: number; kind: "read" | "dismiss" } }) {
  const shown = await ctx.control
    .select({ id: announcements.id })
    .from(announcements)
    .where(and(eq(announcements.id, input.id), activeFor(ctx.companyId, new Date())))
    .get();
  if (!shown) throw new AppError("ERR_NO_ANNOUNCEMENT_FOUND");
  const now = new Date();
  const set = input.kind === "read" ? { readAt: now } : { readAt: now, dismissedAt: now };
  await ctx.db
    .insert(announcementReceipts)
    .values({ userId: ctx.user.id, announcementId: input.id, ...set })
    .onConflictDoUpdate({ target: [announcementReceipts.userId, announcementReceipts.announcementId], set });
  return { id: input.id, read: true, dismissed: input.kind === "dismiss" };
}
