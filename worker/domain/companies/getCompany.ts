import { eq } from "drizzle-orm";
import { settings } from "../../db/tenant";
import { can } from "../permissions";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { withCompanyDefaults } from "../settings/catalogue";
import { requireSupportAccess } from "../audit/supportAccess";
import { assertCompanyReachable } from "./access";
import { loadCompanyView } from "./view";

/** One company with its settings: any company for a platform admin, their own for a company admin. */
export async function getCompany({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  assertCompanyReachable(ctx, input.id);
  if (!can(ctx.user, "companies:manage") && !can(ctx.user, "settings:edit")) throw new AppError("ERR_NO_PERMISSION");
  // Another company's settings are its own data: a super admin reads them during a support access (issue 28).
  await requireSupportAccess(ctx, input.id);
  const company = await loadCompanyView(ctx.control, input.id);
  if (!company) throw new AppError("ERR_NO_COMPANY_FOUND");
  // The settings are the company's own data: in this hub for the caller's company, in its hub for another.
  const settingRows =
    input.id === ctx.companyId
      ? ctx.db.select({ key: settings.key, value: settings.value }).from(settings).where(eq(settings.companyId, input.id)).all()
      : await ctx.hubs.of(input.id).call("companySettingRows", {});
  return { ...company, settings: withCompanyDefaults(settingRows) };
}
