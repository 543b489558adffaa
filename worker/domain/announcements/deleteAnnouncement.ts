import { eq } from "drizzle-orm";
import { announcements } from "../../db/control";
import type { Ctx } from "../context";
import { managedAnnouncement } from "./view";

/**
 * DELETE /announcements/:id (super users): the announcement, its attachment and its delivery row go. The users
 * who have it on screen drop it on their next page load or on the next announcement event; receipts in the
 * companies' hubs name a row that no longer exists and are never read again.
 */
export async function deleteAnnouncement({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  const row = await managedAnnouncement(ctx, input.id);
  await ctx.control.delete(announcements).where(eq(announcements.id, row.id));
  if (row.mediaPath) ctx.waitUntil(ctx.env.MEDIA.delete(row.mediaPath));
}
