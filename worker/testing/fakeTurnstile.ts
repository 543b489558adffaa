import { vi } from "vitest";
import { TURNSTILE_VERIFY_URL } from "../lib/turnstile";
import { fakeSiteverify } from "./fakes/turnstile";
import { testEnv } from "./fixtures";

/**
 * Configures Turnstile with `secret` (one of the documented test keys) and answers its siteverify as Cloudflare
 * documents for those keys (offline: the real client, its form and its reading of the answer, runs). Undone by
 * the returned restore.
 */
export function useFakeTurnstile(secret: string) {
  const env = testEnv as { TURNSTILE_SECRET_KEY?: string };
  const before = env.TURNSTILE_SECRET_KEY;
  env.TURNSTILE_SECRET_KEY = secret;
  const realFetch = globalThis.fetch;
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    return request.url === TURNSTILE_VERIFY_URL ? fakeSiteverify(request) : realFetch(input, init);
  });
  return () => {
    spy.mockRestore();
    env.TURNSTILE_SECRET_KEY = before;
  };
}
