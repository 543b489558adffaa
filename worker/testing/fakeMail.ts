import { vi } from "vitest";
import { createMailCatcher } from "./fakes/mailCatcher";
import { testEnv } from "./fixtures";

/**
 * Stands in for the e-mail provider at EMAIL_API_URL with the mail catcher `npm start` runs (Resend's API): the
 * real client, its headers and error handling, runs against it. Other fetches go out as usual.
 */
export function useFakeMail() {
  const base = testEnv.EMAIL_API_URL!;
  const catcher = createMailCatcher({ apiKey: testEnv.EMAIL_API_KEY! });
  const realFetch = globalThis.fetch;
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (!request.url.startsWith(base)) return realFetch(input, init);
    return catcher.handle(request, new URL(request.url).pathname.slice(new URL(base).pathname.length) || "/");
  });
  return { catcher, emails: catcher.emails, restore: () => spy.mockRestore() };
}

/** The code in the newest e-mail sent to `to`. */
export function codeSentTo(emails: { to: string[]; text: string }[], to: string): string | undefined {
  const mail = emails.filter((e) => e.to.includes(to)).at(-1);
  return mail?.text.match(/\b(\d{8})\b/)?.[1];
}
