import { eq } from "drizzle-orm";
import type { CreateCompanyInput } from "../../contracts/companies";
import { companies, loginEmails, plans } from "../../db/controlSchema";
import { hashPassword } from "../../lib/crypto";
import { requirePermission, type Ctx } from "../context";
import { AppError, fieldError, isUniqueViolation } from "../errors";
import type { SetupCompanyInput } from "./setupCompany";
import { loadCompanyView } from "./view";

/**
 * Registers a company (Cadastrar Empresa tab). With a password, its first admin is created with the company's
 * email. The company row goes into the control database (with the admin's login e-mail claimed there), then its
 * own hub writes its default settings and that admin. A failure after the control row undoes it, so a refused or
 * failed registration leaves no company behind.
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

  let companyId: number;
  try {
    companyId = (await ctx.control.insert(companies).values(fields).returning({ id: companies.id }).get()).id;
  } catch (err) {
    if (isUniqueViolation(err, "companies.name")) throw new AppError("ERR_COMPANY_NAME_IN_USE");
    throw err;
  }
  try {
    const setup: SetupCompanyInput = { admin: null };
    if (passwordHash) {
      // The e-mail is claimed before the user exists (user id 0 until the hub writes the user).
      const claimed = await ctx.control
        .insert(loginEmails)
        .values({ email: fields.email, companyId, userId: 0 })
        .onConflictDoNothing()
        .returning({ email: loginEmails.email });
      if (claimed.length === 0) throw new AppError("ERR_EMAIL_IN_USE", "A user with this email already exists.");
      setup.admin = { name: fields.name.slice(0, 50), email: fields.email, passwordHash };
    }
    await ctx.hubs.of(companyId).call("setupCompany", setup);
  } catch (err) {
    // Its login e-mail goes with the row (cascade); the hub is emptied in case it wrote anything.
    await ctx.control.delete(companies).where(eq(companies.id, companyId));
    await ctx.hubs.of(companyId).destroy().catch(() => undefined);
    throw err;
  }

  await ctx.hub.publish([
    { audience: { kind: "admins" }, event: { type: "company", action: "create", companyId } },
  ]);
  const view = await loadCompanyView(ctx.control, companyId);
  if (!view) throw new AppError("ERR_NO_COMPANY_FOUND");
  return view;
}
