import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import type { LoginInput } from "../../../../worker/contracts/auth";
import { createControlDb } from "../../../../worker/db/client";
import { login } from "../../../../worker/domain/auth/login";
import { loginTwoFactor } from "../../../../worker/domain/auth/loginTwoFactor";
import type { TwoFactorLoginInput } from "../../../../worker/contracts/twoFactor";
import { AppError } from "../../../../worker/contracts/errors";
import { PLATFORM_COMPANY_ID } from "../../../../worker/domain/settings/platform";
import { assertEnv } from "../../../../worker/env";
import { hubDirectory } from "../../../../worker/hub/ports";
import { clientIp } from "../../../../worker/lib/clientIp";
import { isSecureRequest, serializeSessionCookies } from "../../../../worker/lib/cookies";
import { safeRedirectTo } from "../../../../worker/lib/redirectTo";

export interface LoginFailure {
  code: string;
  /** The due date of an expired subscription, for the message. */
  dueDate?: string;
}

/** The password was right and a second factor is due (issue 28): the page asks for the code. */
export interface LoginChallenge {
  challenge: string;
}

/**
 * Logs in with the domain verb, in-process (no HTTP hop to our own API): the same rate limits, company
 * checks and one-session-per-user rule as POST /api/auth/login. Success starts the session cookies and goes
 * back to the page the session ended on when the form carries one (`redirectTo`, a path of this site only),
 * else to the inbox (spec: login redirects to /tickets).
 */
export async function loginAndRedirect(request: Request, context: AppLoadContext, input: LoginInput, redirectTo: unknown): Promise<LoginFailure | LoginChallenge> {
  const env = assertEnv(context.cloudflare.env);
  try {
    const result = await login({
      control: createControlDb(env.DB),
      hubs: hubDirectory(env),
      input,
      ip: clientIp(request.headers, env),
      userAgent: request.headers.get("user-agent"),
    });
    if ("twoFactor" in result) return { challenge: result.challenge };
    const headers = new Headers();
    for (const cookie of serializeSessionCookies(result, isSecureRequest(request.url))) headers.append("Set-Cookie", cookie);
    throw redirect(safeRedirectTo(redirectTo), { headers });
  } catch (err) {
    if (err instanceof AppError) {
      const dueDate = err.details?.dueDate;
      return { code: err.code, dueDate: typeof dueDate === "string" ? dueDate : undefined };
    }
    throw err;
  }
}

/**
 * The login's second step, in-process as the first: the challenge and a code (or a recovery code) through the same
 * verb as POST /api/auth/login/two-factor (its rate limits included); success starts the session as a login does.
 */
export async function twoFactorAndRedirect(request: Request, context: AppLoadContext, input: TwoFactorLoginInput, redirectTo: unknown): Promise<LoginFailure> {
  const env = assertEnv(context.cloudflare.env);
  try {
    const result = await loginTwoFactor({
      control: createControlDb(env.DB),
      hubs: hubDirectory(env),
      env,
      input,
      ip: clientIp(request.headers, env),
      userAgent: request.headers.get("user-agent"),
    });
    const headers = new Headers();
    for (const cookie of serializeSessionCookies(result, isSecureRequest(request.url))) headers.append("Set-Cookie", cookie);
    throw redirect(safeRedirectTo(redirectTo), { headers });
  } catch (err) {
    if (err instanceof AppError) return { code: err.code };
    throw err;
  }
}

/**
 * Whether the login page shows its register link (spec: the platform setting viewregister), read while the page is
 * rendered so that the link is there from the first paint instead of pushing the page down when it arrives.
 */
export async function registerVisible(context: AppLoadContext): Promise<boolean> {
  const env = assertEnv(context.cloudflare.env);
  try {
    const setting = await hubDirectory(env).of(PLATFORM_COMPANY_ID).call("publicSetting", { key: "viewregister" });
    return setting.value === "enabled";
  } catch {
    // Without the platform's answer the page still logs in; the link is simply not offered.
    return false;
  }
}
