import { eq } from "drizzle-orm";
import { settings } from "../../db/schema";
import { can } from "../permissions";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { withCompanyDefaults } from "../settings/catalogue";
import { assertCompanyReachable } from "./access";
import { loadCompanyView } from "./view";

/** One company with its settings: any company for a platform admin, their own for a company admin. */
export async function getCompany({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  assertCompanyReachable(ctx, input.id);
  if (!can(ctx.user, "companies:manage") && !can(ctx.user, "settings:edit")) throw new AppError("ERR_NO_PERMISSION");
  const [company, settingRows] = await Promise.all([
    loadCompanyView(ctx.db, input.id),
    ctx.db.select({ key: settings.key, value: settings.value }).from(settings).where(eq(settings.companyId, input.id)),
  ]);
  if (!company) throw new AppError("ERR_NO_COMPANY_FOUND");
  return { ...company, settings: withCompanyDefaults(settingRows) };
}
