import type { AnnouncementInput } from "../../contracts/announcements";
import { announcements } from "../../db/control";
import { requirePermission, type Ctx } from "../context";
import { assertCompaniesExist, replaceTargets } from "./targets";
import { presentAnnouncement, startDelivery } from "./view";

/**
 * POST /announcements (super users): the announcement for every company or the chosen ones; when it is on, its
 * live delivery starts (fanned out through the queue, ADR 0029) and the answer says how far it has got.
 */
export async function createAnnouncement({ ctx, input }: { ctx: Ctx; input: AnnouncementInput }) {
  requirePermission(ctx, "announcements:manage");
  if (input.companyIds) await assertCompaniesExist(ctx, input.companyIds);
  const row = await ctx.control
    .insert(announcements)
    .values({
      companyId: ctx.companyId,
      title: input.title,
      text: input.text,
      priority: input.priority,
      status: input.status,
      endDate: input.endDate ? new Date(input.endDate) : null,
      audience: input.companyIds ? "chosen" : "all",
    })
    .returning()
    .get();
  if (input.companyIds) {
    const [first, ...rest] = replaceTargets(ctx, row.id, input.companyIds);
    await ctx.control.batch([first, ...rest]);
  }
  const delivery = row.status ? await startDelivery(ctx, row, "create") : null;
  return { ...presentAnnouncement(row, input.companyIds ? [...new Set(input.companyIds)] : null), delivery };
}
