import { eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { CreateCompanyInput } from "../../contracts/companies";
import { companies, plans, settings, users } from "../../db/schema";
import { publish } from "../../hub/publish";
import { hashPassword } from "../../lib/crypto";
import { requirePermission, type Ctx } from "../context";
import { AppError, fieldError, isUniqueViolation } from "../errors";
import { companySettings, type CompanySettingKey } from "../settings/catalogue";
import { loadCompanyView } from "./view";

/**
 * Registers a company (Cadastrar Empresa tab). With a password, its first admin is created with the
 * company's email. The company, that admin and the default settings are written in one batch, so a
 * failure leaves nothing half-written.
 */
export async function createCompany({ ctx, input }: { ctx: Ctx; input: CreateCompanyInput }) {
  requirePermission(ctx, "companies:manage");
  const { password, ...fields } = input;
  const [plan, nameTaken, emailTaken] = await Promise.all([
    ctx.db.select({ id: plans.id }).from(plans).where(eq(plans.id, fields.planId)).get(),
    ctx.db.select({ id: companies.id }).from(companies).where(eq(companies.name, fields.name)).get(),
    password ? ctx.db.select({ id: users.id }).from(users).where(eq(users.email, fields.email)).get() : undefined,
  ]);
  if (!plan) throw fieldError({ planId: "Unknown plan" });
  if (nameTaken) throw new AppError("ERR_COMPANY_NAME_IN_USE");
  if (emailTaken) throw new AppError("ERR_EMAIL_IN_USE", "A user with this email already exists.");

  // The new id is not known inside the batch; the rows after the company find it by its unique name.
  const newCompanyId = sql<number>`(select ${companies.id} from ${companies} where ${companies.name} = ${fields.name})`;
  const writes: BatchItem<"sqlite">[] = [];
  if (password) {
    writes.push(
      ctx.db.insert(users).values({
        companyId: newCompanyId,
        name: fields.name.slice(0, 50),
        email: fields.email,
        passwordHash: await hashPassword(password),
        profile: "admin",
      }),
    );
  }
  const defaults = (Object.keys(companySettings) as CompanySettingKey[]).map((key) => ({
    companyId: newCompanyId,
    key,
    value: companySettings[key].default,
  }));
  // D1 binds at most 100 parameters per statement; each settings row takes five.
  for (let i = 0; i < defaults.length; i += 15) writes.push(ctx.db.insert(settings).values(defaults.slice(i, i + 15)));
  let companyId: number;
  try {
    const [inserted] = await ctx.db.batch([
      ctx.db.insert(companies).values(fields).returning({ id: companies.id }),
      ...writes,
    ]);
    companyId = inserted[0]!.id;
  } catch (err) {
    if (isUniqueViolation(err, "companies.name")) throw new AppError("ERR_COMPANY_NAME_IN_USE");
    if (isUniqueViolation(err, "users.email")) throw new AppError("ERR_EMAIL_IN_USE", "A user with this email already exists.");
    throw err;
  }

  await publish(ctx.env, ctx.companyId, [
    { audience: { kind: "admins" }, event: { type: "company", action: "create", companyId } },
  ]);
  const view = await loadCompanyView(ctx.db, companyId);
  if (!view) throw new AppError("ERR_NO_COMPANY_FOUND");
  return view;
}
