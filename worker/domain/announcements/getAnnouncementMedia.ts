import { and, eq } from "drizzle-orm";
import { announcements } from "../../db/control";
import { can } from "../permissions";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { readStoredMedia } from "../shared/servedMedia";
import { activeFor } from "./view";

/** GET /announcements/:id/media: the attachment, to super users and to the users of a company it is shown to. */
export async function getAnnouncementMedia({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  const mine = can(ctx.user, "announcements:manage") ? undefined : activeFor(ctx.companyId, new Date());
  const row = await ctx.control.select().from(announcements).where(and(eq(announcements.id, input.id), mine)).get();
  if (!row) throw new AppError("ERR_NO_ANNOUNCEMENT_FOUND");
  return readStoredMedia(ctx, row.mediaPath, row.mediaName);
}
