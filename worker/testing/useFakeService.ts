import { vi } from "vitest";

/**
 * Stands a fake outside service (a Request -> Response handler speaking its protocol) in at `origin` through a
 * fetch spy: the real clients, their timeouts and retries run; a slow answer honours the caller's abort as a real
 * connection would, and a redirect is followed with a GET (through the spies again: to another fake or the real fetch) as
 * fetch follows it unless the caller asked for `redirect: "manual"`. Other URLs go to the real fetch (or to a fake
 * stood in before this one).
 */
export function useFakeService(origin: string, handle: (request: Request) => Promise<Response>) {
  const previous = globalThis.fetch;
  const spy = vi.spyOn(globalThis, "fetch");
  const before = spy.getMockImplementation() ?? previous;
  spy.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (!request.url.startsWith(origin)) return before(input, init);
    const signal = init?.signal ?? request.signal;
    const answer = signal
      ? await Promise.race([
          handle(request),
          new Promise<Response>((_, reject) => {
            if (signal.aborted) reject(signal.reason);
            signal.addEventListener("abort", () => reject(signal.reason), { once: true });
          }),
        ])
      : await handle(request);
    const location = answer.headers.get("location");
    if ((init?.redirect ?? "follow") === "follow" && [301, 302, 303, 307, 308].includes(answer.status) && location) {
      return globalThis.fetch(new URL(location, request.url).href, { signal });
    }
    return answer;
  });
  return { restore: () => spy.mockRestore() };
}
