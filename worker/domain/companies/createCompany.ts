import { eq } from "drizzle-orm";
import type { CreateCompanyInput } from "../../contracts/companies";
import { companies, loginEmails, plans } from "../../db/control";
import { hashPassword } from "../../lib/crypto";
import { requirePermission, type Ctx } from "../context";
import { AppError, fieldError } from "../errors";
import { platformAuditInsert } from "../audit/recordPlatformAudit";
import { recordInCompany } from "../audit/recordInCompany";
import { insertCompany } from "./insertCompany";
import { loadCompanyView } from "./view";

/**
 * Registers a company (Cadastrar Empresa tab). With a password, its first admin is created with the company's
 * email, all or nothing (insertCompany).
 */
export async function createCompany({ ctx, input }: { ctx: Ctx; input: CreateCompanyInput }) {
  requirePermission(ctx, "companies:manage");
  const { password, ...fields } = input;
  const [plan, nameTaken, emailTaken] = await Promise.all([
    ctx.control.select({ id: plans.id }).from(plans).where(eq(plans.id, fields.planId)).get(),
    ctx.control.select({ id: companies.id }).from(companies).where(eq(companies.name, fields.name)).get(),
    password ? ctx.control.select({ email: loginEmails.email }).from(loginEmails).where(eq(loginEmails.email, fields.email)).get() : undefined,
  ]);
  if (!plan) throw fieldError({ planId: "Unknown plan" });
  if (nameTaken) throw new AppError("ERR_COMPANY_NAME_IN_USE");
  if (emailTaken) throw new AppError("ERR_EMAIL_IN_USE", "A user with this email already exists.");
  const passwordHash = password ? await hashPassword(password) : null;

  const admin = passwordHash ? { name: fields.name.slice(0, 50), email: fields.email, passwordHash } : null;
  const companyId = await insertCompany(ctx, fields, admin);
  // insertCompany spans D1 and the new hub (no shared transaction): the entries follow the company once it exists.
  const target = { type: "company", id: companyId, label: fields.name };
  await platformAuditInsert(ctx, { action: "company.created", company: { id: companyId, name: fields.name }, target, detail: { planId: fields.planId } });
  await recordInCompany(ctx, companyId, { action: "company.created", target, detail: { planId: fields.planId } });

  await ctx.hub.publish([
    { audience: { kind: "admins" }, event: { type: "company", action: "create", companyId } },
  ]);
  const view = await loadCompanyView(ctx.control, companyId);
  if (!view) throw new AppError("ERR_NO_COMPANY_FOUND");
  return view;
}
