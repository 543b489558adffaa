import { and, eq, isNull } from "drizzle-orm";
import type { ForgotPasswordInput } from "../../contracts/passwordReset";
import type { ControlDb } from "../../db/client";
import { loginEmails, passwordResets } from "../../db/control";
import { publicUrl, type Env } from "../../env";
import { hmacSha256 } from "../../lib/crypto";
import { limits, takeHits } from "../shared/rateLimit";
import type { OutgoingEmail } from "../../lib/resend";

/** A code lives 30 minutes and allows 5 attempts (ADR 0025). */
export const RESET_CODE_TTL_MS = 30 * 60 * 1000;
export const RESET_MAX_ATTEMPTS = 5;
export const RESET_CODE_DIGITS = 8;

/** A uniformly random code of RESET_CODE_DIGITS digits (rejection sampling: no digit is likelier than another). */
export function newResetCode(): string {
  const range = 10 ** RESET_CODE_DIGITS;
  const limit = Math.floor(0x1_0000_0000 / range) * range;
  for (;;) {
    const [n] = crypto.getRandomValues(new Uint32Array(1));
    if (n! < limit) return String(n! % range).padStart(RESET_CODE_DIGITS, "0");
  }
}

/**
 * What is stored of a code: a keyed hash (HMAC with the deployment's secret), bound to its user, so a copy of the
 * control database alone cannot try the 10^8 codes offline.
 */
export function resetCodeHash(env: Pick<Env, "JWT_SECRET">, companyId: number, userId: number, code: string) {
  return hmacSha256(env.JWT_SECRET, `password-reset:${companyId}:${userId}:${code}`);
}

interface RequestArgs {
  control: ControlDb;
  /** PUBLIC_URL makes the e-mail's link: never the request's Host, which the caller chooses. */
  env: Pick<Env, "JWT_SECRET" | "PUBLIC_URL">;
  input: ForgotPasswordInput;
  ip: string;
}

/**
 * Step 1 of /forgetpsw, at the edge. Counted per address and per IP first; then, only when the e-mail has an
 * account, a new code replaces any earlier one and the e-mail to send is answered (the caller sends it after its
 * response). The caller answers the same either way, so the page does not tell who has an account.
 */
export async function requestPasswordReset({ control, env, input, ip }: RequestArgs): Promise<OutgoingEmail | null> {
  const email = input.email;
  await takeHits(control, [
    { key: `reset:email:${email}`, limit: limits.resetRequestPerEmail },
    { key: `reset:ip:${ip}`, limit: limits.resetRequestPerIp },
  ]);
  const route = await control.select().from(loginEmails).where(eq(loginEmails.email, email)).get();
  if (!route || route.userId === 0) return null;

  const code = newResetCode();
  const now = Date.now();
  await control.batch([
    control
      .update(passwordResets)
      .set({ usedAt: new Date(now) })
      .where(and(eq(passwordResets.companyId, route.companyId), eq(passwordResets.userId, route.userId), isNull(passwordResets.usedAt))),
    control.insert(passwordResets).values({
      companyId: route.companyId,
      userId: route.userId,
      codeHash: await resetCodeHash(env, route.companyId, route.userId, code),
      expiresAt: new Date(now + RESET_CODE_TTL_MS),
    }),
  ]);
  return resetEmail(email, code, publicUrl(env));
}

function resetEmail(to: string, code: string, appUrl: string): OutgoingEmail {
  const link = `${appUrl}/forgetpsw?email=${encodeURIComponent(to)}`;
  const minutes = RESET_CODE_TTL_MS / 60_000;
  return {
    to,
    subject: `Seu código para redefinir a senha: ${code}`,
    text: [
      "Recebemos um pedido para redefinir a senha da sua conta.",
      "",
      `Código de verificação: ${code}`,
      "",
      `Ele vale por ${minutes} minutos e pode ser usado uma vez. Digite-o em ${link}`,
      "",
      "Se não foi você, ignore este e-mail: sua senha continua a mesma.",
    ].join("\n"),
    html: `<p>Recebemos um pedido para redefinir a senha da sua conta.</p><p>Código de verificação:</p><p style="font-size:28px;font-weight:700;letter-spacing:4px">${code}</p><p>Ele vale por ${minutes} minutos e pode ser usado uma vez. <a href="${link.replace(/"/g, "&quot;")}">Redefinir a senha</a></p><p>Se não foi você, ignore este e-mail: sua senha continua a mesma.</p>`,
  };
}
