import type { PixSettings } from "../../contracts/billing";
import type { SystemCtx } from "../context";
import { platformSettingValues } from "../settings/listSettings";

export type { PixSettings };

/** The platform's Pix settings, read in the platform company's hub (a hub call: they are its settings rows). */
export async function pixSettings({ ctx }: { ctx: SystemCtx; input: Record<string, never> }): Promise<PixSettings> {
  const rows = await platformSettingValues(ctx.db, ["pixApiUrl", "pixClientId", "pixClientSecret", "pixKey", "pixMerchantName", "pixMerchantCity"]);
  const v = Object.fromEntries(rows.map((r) => [r.key, r.value.trim()])) as Record<string, string>;
  const key = v.pixKey ?? "";
  const psp = v.pixApiUrl && v.pixClientId && v.pixClientSecret && key ? { baseUrl: v.pixApiUrl, clientId: v.pixClientId, clientSecret: v.pixClientSecret, key } : null;
  return { psp, key, merchantName: v.pixMerchantName || "ZAPDESK", merchantCity: v.pixMerchantCity || "SAO PAULO" };
}
