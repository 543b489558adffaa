/** Cloudflare Turnstile's server-side check (https://developers.cloudflare.com/turnstile/get-started/server-side-validation/). */
export const TURNSTILE_VERIFY_URL = "https://challenges.cloudflare.com/turnstile/v0/siteverify";

/**
 * Whether Turnstile vouches for `token` (the widget's cf-turnstile-response). A network failure is a refusal: a
 * signup is tried again, a bot is not let through because the check could not run.
 */
export async function verifyTurnstile(secret: string, token: string, ip: string | null, verifyUrl = TURNSTILE_VERIFY_URL): Promise<boolean> {
  if (!token) return false;
  const form = new FormData();
  form.set("secret", secret);
  form.set("response", token);
  if (ip && ip !== "local") form.set("remoteip", ip);
  try {
    const res = await fetch(verifyUrl, { method: "POST", body: form, signal: AbortSignal.timeout(10_000) });
    if (!res.ok) return false;
    const body = (await res.json()) as { success?: unknown };
    return body.success === true;
  } catch (err) {
    console.warn("turnstile: verification failed", String(err));
    return false;
  }
}
