import { vi } from "vitest";
import { fakeOpenAi } from "./fakeOpenAi";

/** Where prompts in the worker tests point their base URL: served by the fake (fakeOpenAi.ts), nothing else. */
export const FAKE_OPENAI_URL = "http://fake-openai.test/v1";

/** Stands the fake OpenAI in at FAKE_OPENAI_URL (the real client, its timeouts and retries, runs). */
export function useFakeOpenAi() {
  const fake = fakeOpenAi();
  const realFetch = globalThis.fetch;
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (!request.url.startsWith(FAKE_OPENAI_URL)) return realFetch(input, init);
    const answer = fake.handle(request);
    // A slow answer honours the caller's abort, as a real server's connection would.
    const signal = init?.signal ?? request.signal;
    if (!signal) return answer;
    return Promise.race([
      answer,
      new Promise<Response>((_, reject) => {
        if (signal.aborted) reject(signal.reason);
        signal.addEventListener("abort", () => reject(signal.reason), { once: true });
      }),
    ]);
  });
  return { calls: fake.calls, transcriptions: fake.transcriptions, speech: fake.speech, restore: () => spy.mockRestore() };
}
