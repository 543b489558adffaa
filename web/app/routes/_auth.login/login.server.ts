import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import type { LoginInput } from "../../../../worker/contracts/auth";
import { createControlDb } from "../../../../worker/db/client";
import { login } from "../../../../worker/domain/auth/login";
import { AppError } from "../../../../worker/domain/errors";
import { assertEnv } from "../../../../worker/env";
import { hubDirectory } from "../../../../worker/hub/ports";
import { clientIp } from "../../../../worker/lib/clientIp";
import { isSecureRequest, serializeSessionCookies } from "../../../../worker/lib/cookies";

export interface LoginFailure {
  code: string;
  /** The due date of an expired subscription, for the message. */
  dueDate?: string;
}

/**
 * Logs in with the domain verb, in-process (no HTTP hop to our own API): the same rate limits, company
 * checks and one-session-per-user rule as POST /api/auth/login. Success starts the session cookies and
 * goes to the inbox (spec: login redirects to /tickets).
 */
export async function loginAndRedirect(request: Request, context: AppLoadContext, input: LoginInput): Promise<LoginFailure> {
  const env = assertEnv(context.cloudflare.env);
  try {
    const result = await login({
      control: createControlDb(env.DB),
      hubs: hubDirectory(env),
      input,
      ip: clientIp(request.headers, env),
      userAgent: request.headers.get("user-agent"),
    });
    const headers = new Headers();
    for (const cookie of serializeSessionCookies(result, isSecureRequest(request.url))) headers.append("Set-Cookie", cookie);
    throw redirect("/tickets", { headers });
  } catch (err) {
    if (err instanceof AppError) {
      const dueDate = err.details?.dueDate;
      return { code: err.code, dueDate: typeof dueDate === "string" ? dueDate : undefined };
    }
    throw err;
  }
}
