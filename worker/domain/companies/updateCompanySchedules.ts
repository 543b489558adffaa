import { eq } from "drizzle-orm";
import type { UpdateSchedulesInput } from "../../contracts/companies";
import { companies } from "../../db/control";
import { can } from "../permissions";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { recordInCompany } from "../audit/recordInCompany";
import { requireSupportAccess } from "../audit/supportAccess";
import { assertCompanyReachable } from "./access";
import { companyChanged } from "./companyChanged";
import { publishCompanyUpdate } from "./updateCompany";
import { loadCompanyView } from "./view";

/** Company service hours (Horários tab): a platform admin, or the company's own admin. */
export async function updateCompanySchedules({ ctx, input }: { ctx: Ctx; input: { id: number } & UpdateSchedulesInput }) {
  assertCompanyReachable(ctx, input.id);
  if (!can(ctx.user, "companies:manage") && !can(ctx.user, "settings:edit")) throw new AppError("ERR_NO_PERMISSION");
  // Another company's hours are its own data: a super admin changes them during a support access, in its log (issue 28).
  await requireSupportAccess(ctx, input.id);
  const updated = await ctx.control
    .update(companies)
    .set({ schedules: input.schedules, updatedAt: new Date() })
    .where(eq(companies.id, input.id))
    .returning({ id: companies.id });
  if (updated.length === 0) throw new AppError("ERR_NO_COMPANY_FOUND");
  await companyChanged(ctx, input.id);
  if (input.id !== ctx.companyId) {
    await recordInCompany(ctx, input.id, { action: "setting.changed", target: { type: "setting", id: "schedules", label: "schedules" } });
  }
  await publishCompanyUpdate(ctx, input.id);
  const view = await loadCompanyView(ctx.control, input.id);
  if (!view) throw new AppError("ERR_NO_COMPANY_FOUND");
  return view;
}
