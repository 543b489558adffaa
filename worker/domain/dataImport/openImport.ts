import { eq } from "drizzle-orm";
import type { ImportView, OpenImportInput, PlanRecord } from "../../contracts/companyArchive";
import { companies, plans } from "../../db/control";
import { platformAuditInsert } from "../audit/recordPlatformAudit";
import { insertCompany } from "../companies/insertCompany";
import { requirePermission, type Ctx } from "../context";
import { AppError, isUniqueViolation } from "../errors";

/** The plan a new company is made on: the platform's of the same name, or a new one with the source's limits. */
async function planFor(ctx: Ctx, plan: PlanRecord | null): Promise<number | null> {
  if (!plan) return null;
  const found = await ctx.control.select({ id: plans.id }).from(plans).where(eq(plans.name, plan.name)).get();
  if (found) return found.id;
  try {
    return (await ctx.control.insert(plans).values(plan).returning({ id: plans.id }).get()).id;
  } catch (err) {
    // Two imports of the same plan at once: the other one made it.
    if (!isUniqueViolation(err, "plans.name")) throw err;
    return (await ctx.control.select({ id: plans.id }).from(plans).where(eq(plans.name, plan.name)).get())!.id;
  }
}

/**
 * POST /api/platform/imports (issue 27): opens an import into an existing, empty company or into a new one made from
 * the source's company record, or reopens the one of the same source and target so that a second run continues. A new
 * company is made once: a second run that names it again finds the import it holds (its name is taken otherwise).
 */
export async function openImport({ ctx, input }: { ctx: Ctx; input: OpenImportInput }): Promise<ImportView> {
  requirePermission(ctx, "companies:manage");
  const { source } = input;
  const open = { kind: source.kind, sourceCompanyId: source.companyId, fingerprint: source.fingerprint, startedBy: `${ctx.user.name} (${ctx.user.id})`, carrySessions: input.carrySessions ?? false };
  let target: { id: number; name: string };
  let requireEmpty = true;
  if ("companyId" in input.target) {
    const found = await ctx.control.select({ id: companies.id, name: companies.name }).from(companies).where(eq(companies.id, input.target.companyId)).get();
    if (!found) throw new AppError("ERR_NO_COMPANY_FOUND");
    target = found;
  } else {
    const fields = input.target.newCompany;
    const taken = await ctx.control.select({ id: companies.id, name: companies.name }).from(companies).where(eq(companies.name, fields.name)).get();
    if (taken) {
      const again = await ctx.hubs.of(taken.id).call("findImport", { kind: source.kind, sourceCompanyId: source.companyId, fingerprint: source.fingerprint });
      if (!again) throw new AppError("ERR_COMPANY_NAME_IN_USE");
      return ctx.hubs.of(taken.id).call("openImport", { ...open, requireEmpty: false });
    }
    const planId = await planFor(ctx, input.target.plan);
    const id = await insertCompany(ctx, { ...fields, planId }, null);
    target = { id, name: fields.name };
    requireEmpty = false;
  }
  const view = await ctx.hubs.of(target.id).call("openImport", { ...open, requireEmpty });
  await platformAuditInsert(ctx, {
    action: "company.imported",
    company: target,
    target: { type: "import", id: view.id },
    detail: { step: "opened", source: source.kind, sourceCompanyId: source.companyId, newCompany: !requireEmpty },
  });
  return view;
}
