/**
 * Cloudflare Turnstile's siteverify as its documentation describes it for the published test keys: secret
 * 1x0000000000000000000000000000000AA always passes, 2x0000000000000000000000000000000AA always fails,
 * 3x0000000000000000000000000000000AA answers "token already spent". Any other secret is refused as invalid.
 */
export const TURNSTILE_TEST_KEYS = {
  siteAlwaysPasses: "1x00000000000000000000AA",
  secretAlwaysPasses: "1x0000000000000000000000000000000AA",
  secretAlwaysFails: "2x0000000000000000000000000000000AA",
  secretTokenSpent: "3x0000000000000000000000000000000AA",
  /** What the widget hands over with a test site key. */
  dummyToken: "XXXX.DUMMY.TOKEN.XXXX",
} as const;

export async function fakeSiteverify(request: Request): Promise<Response> {
  const form = await request.formData();
  const secret = String(form.get("secret") ?? "");
  const response = String(form.get("response") ?? "");
  const answer = (success: boolean, codes: string[] = []) =>
    Response.json({ success, "error-codes": codes, ...(success ? { challenge_ts: new Date().toISOString(), hostname: "example.com" } : {}) });
  if (!secret) return answer(false, ["missing-input-secret"]);
  if (!response) return answer(false, ["missing-input-response"]);
  if (secret === TURNSTILE_TEST_KEYS.secretAlwaysPasses) return answer(true);
  if (secret === TURNSTILE_TEST_KEYS.secretAlwaysFails) return answer(false, ["invalid-input-response"]);
  if (secret === TURNSTILE_TEST_KEYS.secretTokenSpent) return answer(false, ["timeout-or-duplicate"]);
  return answer(false, ["invalid-input-secret"]);
}
