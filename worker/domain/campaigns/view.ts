import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { campaigns, contactLists, tags, whatsappTemplates, whatsapps, type Campaign } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import type { HubPort } from "../hubPort";
import type { CampaignView } from "../../contracts/views/campaign";

/** A campaign may be edited while it has not started and is not due within this (spec 002: 1 hour). */
export const EDIT_LEAD_MS = 60 * 60 * 1000;

/** The columns a campaign is shown with: its connection, contact list, tag and template by name. */
export function campaignsQuery(db: Db, where: SQL | undefined) {
  return db
    .select({ campaign: campaigns, whatsappName: whatsapps.name, contactListName: contactLists.name, tagName: tags.name, templateName: whatsappTemplates.name })
    .from(campaigns)
    .leftJoin(whatsapps, eq(whatsapps.id, campaigns.whatsappId))
    .leftJoin(contactLists, eq(contactLists.id, campaigns.contactListId))
    .leftJoin(tags, eq(tags.id, campaigns.tagListId))
    .leftJoin(whatsappTemplates, eq(whatsappTemplates.id, sql`json_extract(${campaigns.template}, '$.templateId')`))
    .where(where);
}
type CampaignRow = Awaited<ReturnType<typeof campaignsQuery>>[number];

/** Whether its fields may still change (spec 002): INATIVA, PROGRAMADA more than an hour away, or CANCELADA. */
export function isEditable(c: Pick<Campaign, "status" | "scheduledAt" | "startedAt">, now = Date.now()): boolean {
  if (c.status === "INATIVA") return true;
  if (c.status === "CANCELADA") return c.startedAt === null;
  if (c.status === "PROGRAMADA") return c.scheduledAt === null || c.scheduledAt.getTime() - now > EDIT_LEAD_MS;
  return false;
}

/** A campaign as the API and events carry it; mediaPath is the URL that serves the attachment, never its R2 key. */
export function presentCampaign({ campaign: c, whatsappName, contactListName, tagName, templateName }: CampaignRow): CampaignView {
  return {
    id: c.id,
    name: c.name,
    message1: c.message1,
    message2: c.message2,
    message3: c.message3,
    message4: c.message4,
    message5: c.message5,
    confirmationMessage1: c.confirmationMessage1,
    confirmationMessage2: c.confirmationMessage2,
    confirmationMessage3: c.confirmationMessage3,
    confirmationMessage4: c.confirmationMessage4,
    confirmationMessage5: c.confirmationMessage5,
    status: c.status,
    confirmation: c.confirmation,
    scheduledAt: c.scheduledAt,
    startedAt: c.startedAt,
    completedAt: c.completedAt,
    whatsappId: c.whatsappId,
    whatsapp: c.whatsappId !== null && whatsappName !== null ? { id: c.whatsappId, name: whatsappName } : null,
    contactListId: c.contactListId,
    contactList: c.contactListId !== null && contactListName !== null ? { id: c.contactListId, name: contactListName } : null,
    tagListId: c.tagListId,
    tagList: c.tagListId !== null && tagName !== null ? { id: c.tagListId, name: tagName } : null,
    fileListId: c.fileListId,
    mediaPath: c.mediaPath !== null ? `/api/campaigns/${c.id}/media` : null,
    mediaName: c.mediaName,
    template: c.template,
    templateName: c.template ? templateName : null,
    editable: isEditable(c),
    companyId: c.companyId,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}
export type PresentedCampaign = CampaignView;

export async function loadCampaign(db: Db, companyId: number, id: number) {
  const row = await campaignsQuery(db, and(eq(campaigns.companyId, companyId), eq(campaigns.id, id))).get();
  return row ? presentCampaign(row) : undefined;
}

/** The company's campaign row (404 otherwise). */
export async function ownCampaign(ctx: Pick<Ctx, "db" | "companyId">, id: number): Promise<Campaign> {
  const row = await ctx.db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.companyId, ctx.companyId), eq(campaigns.id, id)))
    .get();
  if (!row) throw new AppError("ERR_NO_CAMPAIGN_FOUND");
  return row;
}

/** Tells the company's admins (the only ones who see the campaign pages). */
export async function publishCampaign(ctx: { db: Db; companyId: number; hub: Pick<HubPort, "publish"> }, action: "create" | "update", id: number) {
  const campaign = await loadCampaign(ctx.db, ctx.companyId, id);
  if (!campaign) return;
  await ctx.hub.publish([{ audience: { kind: "admins" }, event: { type: "campaign", action, campaign } }]);
}

export async function publishCampaignDeleted(ctx: { hub: Pick<HubPort, "publish"> }, id: number) {
  await ctx.hub.publish([{ audience: { kind: "admins" }, event: { type: "campaign", action: "delete", campaignId: id } }]);
}
