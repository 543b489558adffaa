import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { settings } from "../../db/schema";
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

export const isEnabled = (value: string) => value === "enabled";
