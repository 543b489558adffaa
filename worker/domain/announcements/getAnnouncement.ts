import type { Ctx } from "../context";
import { managedAnnouncement, presentAnnouncement, targetsOf } from "./view";

/** GET /announcements/:id (super users). */
export async function getAnnouncement({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  const row = await managedAnnouncement(ctx, input.id);
  return presentAnnouncement(row, await targetsOf(ctx.control, row));
}
