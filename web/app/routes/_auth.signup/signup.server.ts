import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import type { SignupInput } from "../../../../worker/contracts/signup";
import { createControlDb } from "../../../../worker/db/client";
import { registerCompany } from "../../../../worker/domain/companies/registerCompany";
import { AppError } from "../../../../worker/contracts/errors";
import { listPublicPlans } from "../../../../worker/domain/plans/listPublicPlans";
import { PLATFORM_COMPANY_ID } from "../../../../worker/domain/settings/platform";
import { assertEnv } from "../../../../worker/env";
import { hubDirectory } from "../../../../worker/hub/ports";
import { clientIp } from "../../../../worker/lib/clientIp";
import { loginAndRedirect } from "../_auth.login/login.server";

/** What the signup page shows: whether it is open, the public plans, the trial length, Turnstile's site key. */
export async function signupPage(context: AppLoadContext) {
  const env = assertEnv(context.cloudflare.env);
  const platform = hubDirectory(env).of(PLATFORM_COMPANY_ID);
  const [view, allow, trial] = await Promise.all([
    platform.call("publicSetting", { key: "viewregister" }),
    platform.call("publicSetting", { key: "allowregister" }),
    platform.call("publicSetting", { key: "trial" }),
  ]);
  // Spec 001: the page exists only while registration is shown.
  if (view.value !== "enabled") throw redirect("/login");
  const plans = allow.value === "enabled" ? await listPublicPlans({ db: createControlDb(env.DB) }) : [];
  return {
    open: allow.value === "enabled",
    plans: plans.map((p) => ({ id: p.id, name: p.name, value: p.value, users: p.users, connections: p.connections, queues: p.queues })),
    trialDays: Number(trial.value) || 3,
    turnstileSiteKey: env.TURNSTILE_SECRET_KEY ? (env.TURNSTILE_SITE_KEY ?? null) : null,
  };
}

/** Registers with the domain verb, in-process, then logs the new admin in (straight into the inbox). */
export async function signupAndEnter(request: Request, context: AppLoadContext, input: SignupInput): Promise<{ code: string; field?: string }> {
  const env = assertEnv(context.cloudflare.env);
  try {
    await registerCompany({
      control: createControlDb(env.DB),
      hubs: hubDirectory(env),
      env,
      input,
      ip: clientIp(request.headers, env),
    });
  } catch (err) {
    if (err instanceof AppError) {
      const fields = err.details?.fields as Record<string, string> | undefined;
      return { code: err.code, field: fields ? Object.keys(fields)[0] : undefined };
    }
    throw err;
  }
  const failure = await loginAndRedirect(request, context, { email: input.email, password: input.password }, "/tickets");
  // A new company's admin has no second factor yet; were one due, the login page asks for it.
  if ("challenge" in failure) throw redirect("/login");
  return failure;
}
