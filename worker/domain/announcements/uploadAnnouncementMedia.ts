import { eq } from "drizzle-orm";
import { announcements } from "../../db/control";
import type { Ctx } from "../context";
import { mediaFileName } from "../quickMessages/media";
import { announcementMediaKey, managedAnnouncement, presentAnnouncement, targetsOf } from "./view";

/** POST /announcements/:id/media-upload (super users): an image or a file, replacing any earlier one. */
export async function uploadAnnouncementMedia({ ctx, input }: { ctx: Ctx; input: { id: number; readFile: () => Promise<File> } }) {
  const current = await managedAnnouncement(ctx, input.id);
  const file = await input.readFile();
  const name = mediaFileName(file.name);
  const key = announcementMediaKey(current.id, name);
  await ctx.env.MEDIA.put(key, await file.arrayBuffer(), { httpMetadata: { contentType: file.type || "application/octet-stream" } });
  const row = await ctx.control.update(announcements).set({ mediaPath: key, mediaName: name, updatedAt: new Date() }).where(eq(announcements.id, current.id)).returning().get();
  if (current.mediaPath && current.mediaPath !== key) await ctx.env.MEDIA.delete(current.mediaPath);
  return presentAnnouncement(row, await targetsOf(ctx.control, row));
}
