import { and, eq, ne } from "drizzle-orm";
import type { UpdateCompanyInput } from "../../contracts/companies";
import { companies, plans } from "../../db/control";
import { requirePermission, type Ctx } from "../context";
import { AppError, fieldError, isUniqueViolation } from "../errors";
import type { AuditDetail } from "../../contracts/audit";
import { platformAuditInsert } from "../audit/recordPlatformAudit";
import { recordInCompany } from "../audit/recordInCompany";
import { companyChanged } from "./companyChanged";
import { loadCompanyView } from "./view";

/**
 * Edits a company (Empresas tab), including renewing it by moving dueDate. Its hub refreshes its copy
 * before the answer, so the company's users get the change on their next request (status and due date are checked
 * on every request).
 */
export async function updateCompany({ ctx, input }: { ctx: Ctx; input: { id: number; patch: UpdateCompanyInput } }) {
  requirePermission(ctx, "companies:manage");
  const { id, patch } = input;
  const [current, plan, nameTaken] = await Promise.all([
    ctx.control.select({ id: companies.id, name: companies.name }).from(companies).where(eq(companies.id, id)).get(),
    patch.planId !== undefined ? ctx.control.select({ id: plans.id }).from(plans).where(eq(plans.id, patch.planId)).get() : undefined,
    patch.name !== undefined
      ? ctx.control.select({ id: companies.id }).from(companies).where(and(eq(companies.name, patch.name), ne(companies.id, id))).get()
      : undefined,
  ]);
  if (!current) throw new AppError("ERR_NO_COMPANY_FOUND");
  if (patch.planId !== undefined && !plan) throw fieldError({ planId: "Unknown plan" });
  if (nameTaken) throw new AppError("ERR_COMPANY_NAME_IN_USE");
  // The platform's log with the change (one batch); the company's own log after it (its hub, recordInCompany).
  const detail = companyChangeDetail(patch);
  try {
    await ctx.control.batch([
      ctx.control.update(companies).set({ ...patch, updatedAt: new Date() }).where(eq(companies.id, id)),
      platformAuditInsert(ctx, { action: "company.updated", company: { id, name: patch.name ?? current.name }, target: { type: "company", id, label: patch.name ?? current.name }, detail }),
    ]);
  } catch (err) {
    if (isUniqueViolation(err, "companies.name")) throw new AppError("ERR_COMPANY_NAME_IN_USE");
    throw err;
  }
  await companyChanged(ctx, id);
  await recordInCompany(ctx, id, { action: "company.updated", target: { type: "company", id, label: patch.name ?? current.name }, detail });
  await publishCompanyUpdate(ctx, id);
  const view = await loadCompanyView(ctx.control, id);
  if (!view) throw new AppError("ERR_NO_COMPANY_FOUND");
  return view;
}

/** What an entry says of a company's change: the fields changed, with the values that matter to its admins. */
export function companyChangeDetail(patch: UpdateCompanyInput): AuditDetail {
  const detail: AuditDetail = { fields: Object.keys(patch).join(",").slice(0, 500) };
  if (patch.planId !== undefined) detail.planId = patch.planId;
  if (patch.status !== undefined) detail.status = String(patch.status);
  if (patch.dueDate !== undefined) detail.dueDate = patch.dueDate === null ? null : String(patch.dueDate);
  return detail;
}

/** Tells the company's own users and the platform admins watching the list. */
export async function publishCompanyUpdate(ctx: Ctx, companyId: number) {
  const event = { type: "company", action: "update", companyId } as const;
  await ctx.hubs.of(companyId).publish([{ audience: { kind: "company" }, event }]);
  if (companyId !== ctx.companyId) await ctx.hub.publish([{ audience: { kind: "admins" }, event }]);
}
