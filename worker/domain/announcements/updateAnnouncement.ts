import { eq } from "drizzle-orm";
import type { UpdateAnnouncementInput } from "../../contracts/announcements";
import { announcements } from "../../db/control";
import type { Ctx } from "../context";
import { assertCompaniesExist, replaceTargets } from "./targets";
import { managedAnnouncement, presentAnnouncement, startDelivery, targetsOf } from "./view";

/** PUT /announcements/:id (super users): any of its fields; its companies' users get the change live. */
export async function updateAnnouncement({ ctx, input }: { ctx: Ctx; input: { id: number; patch: UpdateAnnouncementInput } }) {
  const current = await managedAnnouncement(ctx, input.id);
  const { companyIds, endDate, ...fields } = input.patch;
  if (companyIds) await assertCompaniesExist(ctx, companyIds);
  const audience = companyIds === undefined ? current.audience : companyIds ? "chosen" : "all";
  const update = ctx.control
    .update(announcements)
    .set({ ...fields, ...(endDate !== undefined ? { endDate: endDate ? new Date(endDate) : null } : {}), audience, updatedAt: new Date() })
    .where(eq(announcements.id, current.id));
  await ctx.control.batch(companyIds !== undefined ? [update, ...replaceTargets(ctx, current.id, companyIds)] : [update]);
  const row = (await ctx.control.select().from(announcements).where(eq(announcements.id, current.id)).get())!;
  // Delivered when it is on, or when it was just turned off (the users' lists drop it).
  const delivery = row.status || current.status ? await startDelivery(ctx, row, "update") : null;
  return { ...presentAnnouncement(row, await targetsOf(ctx.control, row)), delivery };
}
