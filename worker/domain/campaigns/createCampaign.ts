import type { CreateCampaignInput } from "../../contracts/campaigns";
import { campaigns } from "../../db/tenant";
import type { Ctx } from "../context";
import { requireCampaigns } from "../contactLists/view";
import { checkCampaignTemplate } from "./campaignTemplate";
import { assertRunnable, assertScheduleTime, checkCampaignTargets } from "./checks";
import { loadCampaign, publishCampaign } from "./view";

/**
 * POST /campaigns: INATIVA, or PROGRAMADA when it has a time (now, or later): a programmed campaign must be
 * complete (connection, audience, a message). The hub's alarm starts it at its time (ADR 0038).
 */
export async function createCampaign({ ctx, input }: { ctx: Ctx; input: CreateCampaignInput }) {
  await requireCampaigns(ctx);
  assertScheduleTime(input.scheduledAt);
  await checkCampaignTargets(ctx, input);
  const now = new Date();
  const values = {
    companyId: ctx.companyId,
    name: input.name,
    message1: input.message1 ?? "",
    message2: input.message2 ?? "",
    message3: input.message3 ?? "",
    message4: input.message4 ?? "",
    message5: input.message5 ?? "",
    confirmationMessage1: input.confirmationMessage1 ?? "",
    confirmationMessage2: input.confirmationMessage2 ?? "",
    confirmationMessage3: input.confirmationMessage3 ?? "",
    confirmationMessage4: input.confirmationMessage4 ?? "",
    confirmationMessage5: input.confirmationMessage5 ?? "",
    confirmation: input.confirmation ?? false,
    scheduledAt: input.scheduledAt ?? null,
    whatsappId: input.whatsappId ?? null,
    // One audience: a list, else a tag.
    contactListId: input.contactListId ?? null,
    tagListId: input.contactListId ? null : (input.tagListId ?? null),
    fileListId: input.fileListId ?? null,
    template: input.template ?? null,
    status: input.scheduledAt ? ("PROGRAMADA" as const) : ("INATIVA" as const),
    createdAt: now,
    updatedAt: now,
  };
  const planned = { ...values, id: 0, mediaPath: null, mediaName: null, mediaType: null, startedAt: null, lastSentAt: null, completedAt: null };
  await checkCampaignTemplate(ctx, planned, values.status === "PROGRAMADA");
  if (values.status === "PROGRAMADA") assertRunnable(planned);
  const created = await ctx.db.insert(campaigns).values(values).returning({ id: campaigns.id }).get();
  await ctx.hub.workChanged();
  await publishCampaign(ctx, "create", created.id);
  return (await loadCampaign(ctx.db, ctx.companyId, created.id))!;
}
