import { vi } from "vitest";

/**
 * Stands a fake outside service (a Request -> Response handler speaking its protocol) in at `origin` through a
 * fetch spy: the real clients, their timeouts and retries run; a slow answer honours the caller's abort as a real
 * connection would. Other URLs go to the real fetch (or to a fake stood in before this one).
 */
export function useFakeService(origin: string, handle: (request: Request) => Promise<Response>) {
  const previous = globalThis.fetch;
  const spy = vi.spyOn(globalThis, "fetch");
  const before = spy.getMockImplementation() ?? previous;
  spy.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (!request.url.startsWith(origin)) return before(input, init);
    const answer = handle(request);
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
  return { restore: () => spy.mockRestore() };
}
