import { vi } from "vitest";
import { createFakePsp } from "./fakes/fakePsp";
import { setSetting } from "./fixtures";

/** Where the tests' PSP "lives": fetches here are answered by the fake (nothing listens on port 9). */
export const FAKE_PSP_URL = "http://127.0.0.1:9/psp";

/**
 * Configures the platform's Pix settings for the fake PSP of the standard Pix API (the one `npm start` runs) and routes
 * the client's fetches to it: the real client, its OAuth2 and its reading of the charges, runs. Needs the platform
 * company (platformAdmin()).
 */
export async function useFakePsp() {
  const psp = createFakePsp({ clientId: "test-client", clientSecret: "test-secret" });
  for (const [key, value] of [
    ["pixApiUrl", FAKE_PSP_URL],
    ["pixClientId", "test-client"],
    ["pixClientSecret", "test-secret"],
    ["pixKey", "pix@zapdesk.test"],
  ] as const) {
    await setSetting(1, key, value);
  }
  const realFetch = globalThis.fetch;
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (!request.url.startsWith(FAKE_PSP_URL)) return realFetch(input, init);
    return psp.handle(request, new URL(request.url).pathname.slice("/psp".length));
  });
  return { psp, restore: () => spy.mockRestore() };
}

/** No PSP: the static BR Code with the platform's key. */
export async function withoutPsp(key = "pix@zapdesk.test") {
  await setSetting(1, "pixApiUrl", "");
  await setSetting(1, "pixKey", key);
}
