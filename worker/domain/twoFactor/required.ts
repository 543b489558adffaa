import { isDeployment, type Env } from "../../env";

/**
 * Whether a user must sign in with a second factor (issue 28): their company requires it (the `requireTwoFactor`
 * setting, an admin's), or they are a platform admin and this is a deployment (not the local run or the tests).
 * Such a user who has not enrolled is let in only to enrol (authenticate refuses the rest).
 */
export function twoFactorRequired(user: { super: boolean }, companySettings: Record<string, string>, env: Pick<Env, "APP_ENV">): boolean {
  return companySettings.requireTwoFactor === "enabled" || (user.super && isDeployment(env));
}

/**
 * What such a user may still reach before enrolling: their own session and account under /api/auth (me, logout,
 * the two-factor enrolment, the sign-in history). Paths are the API's, under /api.
 */
export function isEnrolmentPath(path: string): boolean {
  return /^\/api\/auth\//.test(path);
}
