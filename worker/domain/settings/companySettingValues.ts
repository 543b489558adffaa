import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { settings } from "../../db/tenant";
import { companySettings, type CompanySettingKey } from "./catalogue";

type Values<K extends CompanySettingKey> = { [P in K]: (typeof companySettings)[P]["default"] | string };

/** Reads a few company settings in one query, with catalogue defaults for keys never saved. */
export async function companySettingValues<K extends CompanySettingKey>(db: Db, companyId: number, keys: readonly K[]): Promise<Values<K>> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(and(eq(settings.companyId, companyId), inArray(settings.key, keys as unknown as string[])));
  const saved = new Map(rows.map((r) => [r.key, r.value]));
  return Object.fromEntries(keys.map((k) => [k, saved.get(k) ?? companySettings[k].default])) as Values<K>;
}

/**
 * The same, from a snapshot when the caller has one (the session's settings for an agent, a batch's for the
 * system), else from the database.
 */
export async function settingsFor<K extends CompanySettingKey>(
  ctx: { db: Db; companyId: number; companySettings?: Record<string, string> },
  keys: readonly K[],
): Promise<Values<K>> {
  const snapshot = ctx.companySettings;
  if (!snapshot) return companySettingValues(ctx.db, ctx.companyId, keys);
  return Object.fromEntries(keys.map((k) => [k, snapshot[k] ?? companySettings[k].default])) as Values<K>;
}

/** Every saved setting of the company (key → value), for a snapshot. */
export async function companySettingsSnapshot(db: Db, companyId: number): Promise<Record<string, string>> {
  const rows = await db.select({ key: settings.key, value: settings.value }).from(settings).where(eq(settings.companyId, companyId));
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

export const isEnabled = (value: string) => value === "enabled";
