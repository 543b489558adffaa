import { eq } from "drizzle-orm";
import { announcements } from "../../db/control";
import type { Ctx } from "../context";
import { managedAnnouncement, presentAnnouncement, targetsOf } from "./view";

/** DELETE /announcements/:id/media-upload (super users). */
export async function deleteAnnouncementMedia({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  const current = await managedAnnouncement(ctx, input.id);
  const row = await ctx.control.update(announcements).set({ mediaPath: null, mediaName: null, updatedAt: new Date() }).where(eq(announcements.id, current.id)).returning().get();
  if (current.mediaPath) await ctx.env.MEDIA.delete(current.mediaPath);
  return presentAnnouncement(row, await targetsOf(ctx.control, row));
}
