import { and, eq } from "drizzle-orm";
import type { SignupInput } from "../../contracts/signup";
import type { ControlDb } from "../../db/client";
import { companies, loginEmails, plans } from "../../db/control";
import type { Env } from "../../env";
import { hashPassword } from "../../lib/crypto";
import { limits, takeHits } from "../shared/rateLimit";
import { addDaysToDate } from "../../lib/time";
import { verifyTurnstile } from "../../lib/turnstile";
import { todayIn } from "../auth/companyAccess";
import { AppError, fieldError } from "../errors";
import type { HubDirectory } from "../hubPort";
import { PLATFORM_COMPANY_ID } from "../settings/platform";
import { insertCompany } from "./insertCompany";
import { openInvoicesIn } from "../billing/openInvoices";

/** Signup's time zone until the company chooses its own (the companies default). */
const SIGNUP_TIMEZONE = "America/Sao_Paulo";

interface RegisterArgs {
  control: ControlDb;
  hubs: HubDirectory;
  env: Pick<Env, "TURNSTILE_SECRET_KEY">;
  input: SignupInput;
  ip: string;
  now?: Date;
}

/**
 * Public signup (/signup, POST /api/companies/cadastro), at the edge. Accepted only while the platform's
 * `allowregister` is enabled; counted per address and IP; checked by Turnstile when the operator configured it.
 * The plan must be a public one; the trial length is the platform's `trial` setting; due date, trial end, status,
 * recurrence (MENSAL) and campaigns (on) are the server's (spec 001 §9). The company, its admin and its default
 * settings are created together or not at all.
 */
export async function registerCompany({ control, hubs, env, input, ip, now = new Date() }: RegisterArgs) {
  await takeHits(control, [
    { key: `signup:email:${input.email}`, limit: limits.signupPerEmail },
    { key: `signup:ip:${ip}`, limit: limits.signupPerIp },
  ]);
  const platform = hubs.of(PLATFORM_COMPANY_ID);
  const [allow, trial] = await Promise.all([
    platform.call("publicSetting", { key: "allowregister" }),
    platform.call("publicSetting", { key: "trial" }),
  ]);
  if (allow.value !== "enabled") throw new AppError("ERR_REGISTER_DISABLED");
  const secret = env.TURNSTILE_SECRET_KEY?.trim();
  if (secret && !(await verifyTurnstile(secret, input.turnstileToken ?? "", ip))) throw new AppError("ERR_CAPTCHA_FAILED");

  const [plan, nameTaken, emailTaken] = await Promise.all([
    control.select({ id: plans.id }).from(plans).where(and(eq(plans.id, input.planId), eq(plans.useInternal, true))).get(),
    control.select({ id: companies.id }).from(companies).where(eq(companies.name, input.name)).get(),
    control.select({ email: loginEmails.email }).from(loginEmails).where(eq(loginEmails.email, input.email)).get(),
  ]);
  if (!plan) throw fieldError({ planId: "Choose one of the offered plans" });
  if (nameTaken) throw new AppError("ERR_COMPANY_NAME_IN_USE");
  if (emailTaken) throw new AppError("ERR_EMAIL_IN_USE", "A user with this email already exists.");

  const trialDays = Math.min(7, Math.max(1, Number(trial.value) || 3));
  const dueDate = addDaysToDate(todayIn(SIGNUP_TIMEZONE, now), trialDays);
  const passwordHash = await hashPassword(input.password);
  const companyId = await insertCompany(
    { control, hubs },
    {
      name: input.name,
      email: input.email,
      phone: input.phone,
      planId: plan.id,
      status: true,
      dueDate,
      recurrence: "MENSAL",
      campaignsEnabled: true,
      timezone: SIGNUP_TIMEZONE,
      trialExpiration: new Date(now.getTime() + trialDays * 24 * 60 * 60 * 1000),
    },
    // The first admin is the person who signed up: greeted by their own name, not the company's.
    { name: input.ownerName ?? input.name, email: input.email, passwordHash },
  );
  // The trial's end is within the invoice lead time: its invoice opens now (the hourly job would open the same one).
  await openInvoicesIn(control, now, companyId).catch((err) => console.error("signup: first invoice not opened", String(err)));
  return { id: companyId, name: input.name, email: input.email, planId: plan.id, dueDate, recurrence: "MENSAL" as const, trialDays };
}
