import type { AppLoadContext } from "@remix-run/cloudflare";
import { createControlDb } from "../../../../worker/db/client";
import { requestPasswordReset } from "../../../../worker/domain/auth/requestPasswordReset";
import { resetPassword } from "../../../../worker/domain/auth/resetPassword";
import { AppError } from "../../../../worker/contracts/errors";
import { assertEnv } from "../../../../worker/env";
import { hubDirectory } from "../../../../worker/hub/ports";
import { sendOrQueueEmail } from "../../../../worker/jobs/email";
import { clientIp } from "../../../../worker/lib/clientIp";

/**
 * The two steps of /forgetpsw with the domain verbs, in-process (the same limits and rules as POST /api/forgetpassword
 * and /api/resetpasswords). Each answers the error code it was refused with, or null.
 */
export async function askForCode(request: Request, context: AppLoadContext, email: string): Promise<string | null> {
  const env = assertEnv(context.cloudflare.env);
  return refusal(async () => {
    const mail = await requestPasswordReset({
      control: createControlDb(env.DB),
      env,
      input: { email: email.toLowerCase() },
      ip: clientIp(request.headers, env),
    });
    if (mail) context.cloudflare.ctx.waitUntil(sendOrQueueEmail(env, mail));
  });
}

export async function setNewPassword(
  request: Request,
  context: AppLoadContext,
  input: { email: string; token: string; newPassword: string },
): Promise<string | null> {
  const env = assertEnv(context.cloudflare.env);
  return refusal(() =>
    resetPassword({
      control: createControlDb(env.DB),
      hubs: hubDirectory(env),
      env,
      input: { ...input, email: input.email.toLowerCase() },
      ip: clientIp(request.headers, env),
    }),
  );
}

async function refusal(run: () => Promise<unknown>): Promise<string | null> {
  try {
    await run();
    return null;
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
}
