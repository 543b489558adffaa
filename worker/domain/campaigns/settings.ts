import { and, eq } from "drizzle-orm";
import { CAMPAIGN_SETTING_DEFAULTS, type CampaignSettingsInput, type CampaignSettingsValues } from "../../contracts/campaigns";
import type { Db } from "../../db/client";
import { campaignSettings, type CampaignSettingValue } from "../../db/tenant";
import type { Ctx } from "../context";
import { requireCampaigns } from "../contactLists/view";
import { fieldError } from "../errors";

const KEYS = Object.keys(CAMPAIGN_SETTING_DEFAULTS) as (keyof CampaignSettingsValues)[];

/** The company's campaign settings: each stored key over the spec's defaults (spec 002: key/value rows of JSON). */
export async function readCampaignSettings(db: Db, companyId: number): Promise<CampaignSettingsValues> {
  const rows = await db.select({ key: campaignSettings.key, value: campaignSettings.value }).from(campaignSettings).where(eq(campaignSettings.companyId, companyId));
  const values = structuredClone(CAMPAIGN_SETTING_DEFAULTS) as Record<string, unknown>;
  for (const row of rows) if ((KEYS as string[]).includes(row.key)) values[row.key] = row.value;
  return values as CampaignSettingsValues;
}

/** GET /campaign-settings: the spec's list of key and JSON value, every key present (defaults included). */
export async function getCampaignSettings({ ctx }: { ctx: Ctx }) {
  await requireCampaigns(ctx);
  const values = await readCampaignSettings(ctx.db, ctx.companyId);
  return KEYS.map((key) => ({ key, value: values[key] }));
}

/**
 * POST /campaign-settings: the keys given, each its own row (the rest keep their values). The window is checked
 * whole: an end given alone must still come after the stored start.
 */
export async function saveCampaignSettings({ ctx, input }: { ctx: Ctx; input: CampaignSettingsInput }) {
  await requireCampaigns(ctx);
  const current = await readCampaignSettings(ctx.db, ctx.companyId);
  const start = input.windowStart ?? current.windowStart;
  const end = input.windowEnd ?? current.windowEnd;
  if (start >= end) {
    throw fieldError({ windowEnd: "Must end after it starts" });
  }
  const now = new Date();
  const given = Object.entries(input).filter(([, v]) => v !== undefined) as [string, CampaignSettingValue][];
  const normalised = given.map(([key, value]): [string, CampaignSettingValue] => {
    if (key === "days") return [key, [...new Set(value as unknown as number[])].sort() as unknown as CampaignSettingValue];
    if (key === "optOutWords") return [key, [...new Set((value as unknown as string[]).map((w) => w.toLowerCase()))] as unknown as CampaignSettingValue];
    return [key, value];
  });
  ctx.db.transaction((tx) => {
    for (const [key, value] of normalised) {
      tx.insert(campaignSettings)
        .values({ companyId: ctx.companyId, key, value, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({ target: [campaignSettings.companyId, campaignSettings.key], set: { value, updatedAt: now } })
        .run();
    }
  });
  // New pacing applies to the next pause; the alarm is re-armed in case the window moved.
  await ctx.hub.workChanged();
  return getCampaignSettings({ ctx });
}

export async function campaignSetting<K extends keyof CampaignSettingsValues>(db: Db, companyId: number, key: K): Promise<CampaignSettingsValues[K]> {
  const row = await db
    .select({ value: campaignSettings.value })
    .from(campaignSettings)
    .where(and(eq(campaignSettings.companyId, companyId), eq(campaignSettings.key, key)))
    .get();
  return (row?.value as CampaignSettingsValues[K] | undefined) ?? CAMPAIGN_SETTING_DEFAULTS[key];
}
