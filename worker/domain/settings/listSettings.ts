import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { settings } from "../../db/tenant";
import { can } from "../permissions";
import type { Ctx } from "../context";
import { platformSettings, shownValue, withCompanyDefaults, type PlatformSettingKey } from "./catalogue";
import { PLATFORM_COMPANY_ID } from "./platform";

/**
 * GET /settings: the company's settings (defaults for keys never saved), as [{ key, value }] in catalogue
 * order. A platform admin also gets the platform keys after them.
 */
export async function listSettings({ ctx }: { ctx: Ctx }) {
  const rows = await ctx.db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(eq(settings.companyId, ctx.companyId));
  const list = withCompanyDefaults(rows);
  if (!can(ctx.user, "settings:global")) return list;
  // Secrets are write-only: a platform admin sees that one is saved, never what it is.
  const platform = (await platformSettingValues(ctx.db)).map((s) => ({ key: s.key, value: shownValue(s.key, s.value) }));
  return [...list, ...platform];
}

/** Every platform key with its saved value or default. */
export async function platformSettingValues(db: Db, keys = Object.keys(platformSettings) as PlatformSettingKey[]) {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(eq(settings.companyId, PLATFORM_COMPANY_ID));
  const saved = new Map(rows.map((r) => [r.key, r.value]));
  return keys.map((key) => ({ key, value: saved.get(key) ?? platformSettings[key].default }));
}
